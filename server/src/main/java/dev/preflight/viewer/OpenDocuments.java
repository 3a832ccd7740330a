package dev.preflight.viewer;

import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.view.PixelBudget;
import dev.preflight.engine.view.TileRenderer;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Open documents for rendering, kept between requests: opening a PDF costs 5 to 60 ms (seconds for some), so a burst
 * of tile requests on one job opens it once. A renderer serves one render at a time, so a document is opened again
 * for each render running in parallel on it; idle renderers are kept up to a bound (least recently used closed
 * first), and a renderer that failed badly is closed instead of kept.
 */
@Component
class OpenDocuments implements DisposableBean {

    private final JobReader jobs;
    private final PixelBudget budget;
    private final long maxMainMemoryBytes;
    private final int capacity;
    /** Idle renderers by job id, least recently used first. */
    private final LinkedHashMap<String, Deque<TileRenderer>> idle = new LinkedHashMap<>(16, 0.75f, true);
    private int idleCount;

    OpenDocuments(JobReader jobs, ViewerProperties properties) {
        this.jobs = jobs;
        this.budget = new PixelBudget(properties.maxPixels());
        this.maxMainMemoryBytes = properties.maxMainMemoryMb() * 1024L * 1024L;
        this.capacity = properties.openDocuments();
    }

    PixelBudget budget() {
        return budget;
    }

    /** A renderer of the job's PDF, to be closed (returned) when the render is done. */
    Lease borrow(JobView job) throws UnreadablePdfException, IOException {
        synchronized (this) {
            Deque<TileRenderer> list = idle.get(job.id());
            if (list != null && !list.isEmpty()) {
                idleCount--;
                TileRenderer r = list.pop();
                if (list.isEmpty()) {
                    idle.remove(job.id());
                }
                return new Lease(job.id(), r);
            }
        }
        return new Lease(job.id(), TileRenderer.open(jobs.documentFile(job), maxMainMemoryBytes, budget));
    }

    /** Work done with a renderer. */
    @FunctionalInterface
    interface RendererWork<T> {
        T apply(TileRenderer renderer) throws Exception;
    }

    /** Runs work with a borrowed renderer of the job's PDF and returns the renderer afterwards. */
    <T> T with(JobView job, RendererWork<T> work) throws Exception {
        try (Lease lease = borrow(job)) {
            try {
                return work.apply(lease.renderer());
            } catch (OutOfMemoryError | StackOverflowError e) {
                lease.broken();
                throw e;
            }
        }
    }

    private void giveBack(String jobId, TileRenderer renderer) {
        var closing = new ArrayList<TileRenderer>();
        synchronized (this) {
            idle.computeIfAbsent(jobId, k -> new ArrayDeque<>()).push(renderer);
            idleCount++;
            Iterator<Map.Entry<String, Deque<TileRenderer>>> it = idle.entrySet().iterator();
            while (idleCount > capacity && it.hasNext()) {
                Deque<TileRenderer> oldest = it.next().getValue();
                while (!oldest.isEmpty() && idleCount > capacity) {
                    closing.add(oldest.removeLast());
                    idleCount--;
                }
                if (oldest.isEmpty()) {
                    it.remove();
                }
            }
        }
        closing.forEach(TileRenderer::close);
    }

    /** Closes the job's idle renderers (the job was deleted). */
    void forget(String jobId) {
        List<TileRenderer> closing;
        synchronized (this) {
            Deque<TileRenderer> list = idle.remove(jobId);
            closing = list == null ? List.of() : new ArrayList<>(list);
            idleCount -= closing.size();
        }
        closing.forEach(TileRenderer::close);
    }

    @Override
    public synchronized void destroy() {
        idle.values().forEach(list -> list.forEach(TileRenderer::close));
        idle.clear();
        idleCount = 0;
    }

    /** A borrowed renderer; {@link #broken()} closes it on return instead of keeping it. */
    final class Lease implements AutoCloseable {
        private final String jobId;
        private final TileRenderer renderer;
        private boolean broken;

        private Lease(String jobId, TileRenderer renderer) {
            this.jobId = jobId;
            this.renderer = renderer;
        }

        TileRenderer renderer() {
            return renderer;
        }

        /** The renderer failed in a way that may have left it unusable (memory, stack). */
        void broken() {
            broken = true;
        }

        @Override
        public void close() {
            if (broken) {
                renderer.close();
            } else {
                giveBack(jobId, renderer);
            }
        }
    }
}
