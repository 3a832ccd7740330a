package dev.preflight.viewer;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.SeparationRenderer;
import dev.preflight.engine.view.PageRenderException;
import dev.preflight.platform.ServiceUnavailableException;
import dev.preflight.platform.UnprocessableException;
import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The render workers turn every way a render can go wrong into a readable answer (422 or 503, never a dead
 * worker): a damaged page, a failing Ghostscript, an exhausted heap, a deadline, a full queue.
 */
@DatabaseIndependent
class RenderWorkersTests {

    private RenderWorkers workers;

    private RenderWorkers workers(int threads, int queue, Duration timeout) {
        var p = new ViewerProperties(threads, queue, timeout, null, null, 0, 0, 0, null, 0, null, 0, 0, null, 0, null,
                null);
        workers = new RenderWorkers(p);
        return workers;
    }

    @AfterEach
    void stop() {
        if (workers != null) {
            workers.destroy();
        }
    }

    @Test
    void failuresInsideARenderAre422AndTheWorkerRendersOnAfterwards() {
        var w = workers(1, 4, Duration.ofSeconds(10));
        assertThatThrownBy(() -> w.run(() -> {
            throw new PageRenderException(3, "Page 3 could not be rendered: malformed content", null);
        })).isInstanceOf(UnprocessableException.class).hasMessage("Page 3 could not be rendered: malformed content");
        assertThatThrownBy(() -> w.run(() -> {
            throw new OutOfMemoryError("Java heap space");
        })).isInstanceOf(UnprocessableException.class).hasMessageContaining("more memory");
        assertThatThrownBy(() -> w.run(() -> {
            throw new StackOverflowError();
        })).isInstanceOf(UnprocessableException.class).hasMessageContaining("nested too deeply");
        assertThat(w.<Integer>run(() -> 42)).isEqualTo(42);
    }

    @Test
    void aGhostscriptThatFailsGivesAReadable422(@TempDir Path dir) throws Exception {
        var w = workers(1, 4, Duration.ofSeconds(30));
        Path pdf = Files.write(dir.resolve("a.pdf"), ViewerPdfs.create().a4().cmyk(10, 10, 10, 10, 1, 0, 0, 0).bytes());
        var broken = new SeparationRenderer(new Ghostscript("/bin/false"), dir, Duration.ofSeconds(20));
        var page = new PageGeometry(1, new Box(0, 0, 595.28, 841.89), new Box(0, 0, 595.28, 841.89), null, null,
                null, 0, 1);
        assertThatThrownBy(() -> w.run(() -> broken.render(pdf, page, 72)))
                .isInstanceOf(UnprocessableException.class)
                .hasMessageStartingWith("Ghostscript could not render the separations");
        var real = new SeparationRenderer(new Ghostscript("gs"), dir, Duration.ofSeconds(20));
        assertThat(w.run(() -> real.render(pdf, page, 36)).channels()).isNotEmpty();
    }

    @Test
    void aRenderPastItsDeadlineIs422AndOneThatNeverStartedIs503() throws Exception {
        var w = workers(1, 1, Duration.ofMillis(300));
        var release = new CountDownLatch(1);
        assertThatThrownBy(() -> w.run(() -> {
            awaitIgnoringInterrupts(release); // as PDFBox does: it never looks at the interrupt
            return 1;
        })).isInstanceOf(UnprocessableException.class).hasMessageContaining("did not finish within 1 s");
        // the abandoned render still holds the only thread: the next one waits in the queue past its deadline
        assertThatThrownBy(() -> w.run(() -> 2)).isInstanceOf(ServiceUnavailableException.class)
                .hasMessageContaining("did not start");
        release.countDown();
        assertThat(w.<Integer>run(() -> 3, Duration.ofSeconds(10))).isEqualTo(3);
    }

    @Test
    void aFullQueueIs503() throws Exception {
        var w = workers(1, 1, Duration.ofSeconds(10));
        var release = new CountDownLatch(1);
        var started = new CountDownLatch(1);
        Thread holder = Thread.ofVirtual().start(() -> w.run(() -> {
            started.countDown();
            release.await();
            return 1;
        }));
        started.await();
        Thread queued = Thread.ofVirtual().start(() -> w.run(() -> 2));
        while (!queuedOne(w)) {
            Thread.sleep(10);
        }
        assertThatThrownBy(() -> w.run(() -> 3)).isInstanceOf(ServiceUnavailableException.class)
                .hasMessageContaining("busy");
        release.countDown();
        holder.join();
        queued.join();
    }

    private static void awaitIgnoringInterrupts(CountDownLatch latch) {
        while (latch.getCount() > 0) {
            try {
                latch.await();
            } catch (InterruptedException ignored) {
                // keep going, like a render that cannot be interrupted
            }
        }
    }

    private static boolean queuedOne(RenderWorkers w) {
        return w.queued() == 1;
    }
}
