package dev.preflight.engine.render;

import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.RenderException;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The pages of a running {@code pamcmyk32} render, read on a thread of their own so that Ghostscript renders the
 * next page while the caller measures this one. Two page buffers circulate between the reader and the caller: the
 * reader fills one while the caller holds the other, and waits when the caller has not given one back.
 */
final class CmykStream implements AutoCloseable {

    private static final Object END = new Object();

    private final CmykRun gs;
    private final List<PageGeometry> pages;
    private final int dpi;
    private final long maxPixels;
    private final BlockingQueue<Object> ready = new ArrayBlockingQueue<>(1);
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(2);
    private final Thread reader;
    private int taken;

    /** Why reading stopped early. */
    private record Failure(IOException cause) {
    }

    CmykStream(CmykRun gs, List<PageGeometry> pages, int dpi, long maxPixels) {
        this.gs = gs;
        this.pages = pages;
        this.dpi = dpi;
        this.maxPixels = maxPixels;
        free.add(new byte[0]);
        free.add(new byte[0]);
        gs.expectPages(pages.size());
        this.reader = Thread.ofPlatform().daemon().name("gs-cmyk-reader").start(this::read);
    }

    private void read() {
        // a page may be a pixel larger than asked for on each side
        var pam = new PamReader(gs.pixels(), maxPixels + 2 * (long) Math.sqrt(maxPixels) + 1);
        try {
            try {
                for (PageGeometry page : pages) {
                    PamReader.Header h = pam.next();
                    if (h == null) {
                        ready.put(END);
                        return;
                    }
                    if (!SeparationRenderer.plausibleSize(page, dpi, h.width(), h.height())) {
                        throw new IOException("a page of " + h.width() + " x " + h.height() + " pixels where page "
                                + page.pageNum() + " was expected");
                    }
                    byte[] buffer = free.take();
                    if (buffer.length < h.bytes()) {
                        buffer = new byte[h.bytes()];
                    }
                    pam.pixels(h, buffer);
                    ready.put(new CmykRaster(page, dpi, h.width(), h.height(), buffer));
                }
                gs.expectEnd(pam);
                ready.put(END);
            } catch (IOException e) {
                ready.put(new Failure(e));
            }
        } catch (InterruptedException e) {
            // the caller gave up (closed): nobody waits for the rest
        }
    }

    /**
     * The next page.
     *
     * @throws RenderException when Ghostscript ended early, wrote something that is not the page asked for, or
     *                         ran out of time
     */
    CmykRaster take(long deadline) throws RenderException {
        Object item = poll(deadline, false);
        if (item instanceof CmykRaster page) {
            taken++;
            return page;
        }
        if (item instanceof Failure f) {
            throw gs.failure("Ghostscript's CMYK output could not be read: " + f.cause().getMessage());
        }
        // the stream ended before this page: Ghostscript's exit status says why, or at least that it did
        gs.finish();
        throw gs.failure("Ghostscript rendered " + taken + " of the " + pages.size() + " page(s) asked for");
    }

    /** Gives a page's buffer back for a later page. */
    void release(CmykRaster page) {
        free.offer(page.data());
    }

    /** Waits for the end of the stream after the last page, which must follow it directly. */
    void end(long deadline) throws RenderException {
        Object item = poll(deadline, true);
        if (item instanceof Failure f) {
            throw gs.failure("Ghostscript's CMYK output could not be read: " + f.cause().getMessage());
        }
        if (item != END) {
            throw gs.failure("Ghostscript's CMYK output holds more than the pages asked for");
        }
    }

    /**
     * The next item, or a timeout once the deadline has passed: also when a page is waiting, since a run whose
     * pages are always ready before the caller asks (Ghostscript faster than the meter, a warm process with no
     * watchdog of its own) would otherwise never be stopped. Past the deadline only the end of the stream is still
     * taken ({@code endOnly}): the pages were all measured by then.
     */
    private Object poll(long deadline, boolean endOnly) throws RenderException {
        try {
            long left = deadline - System.nanoTime();
            Object item = left > 0 ? ready.poll(left, TimeUnit.NANOSECONDS) : endOnly ? ready.poll() : null;
            if (item == null) {
                gs.close();
                throw new RenderException("Ghostscript did not finish in time and was stopped", gs.stderr(), true);
            }
            return item;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RenderException("Interrupted while Ghostscript was running", gs.stderr(), false);
        }
    }

    @Override
    public void close() {
        gs.close();
        reader.interrupt();
    }
}
