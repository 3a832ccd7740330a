package dev.preflight.viewer;

import dev.preflight.platform.ServiceUnavailableException;
import dev.preflight.platform.UnprocessableException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads every PDFBox and Ghostscript render of the viewer runs on: a fixed number of them with a bounded
 * queue, so a burst of requests never renders more pages at once than the node has cores, and a request thread
 * never renders itself. Each render has a deadline; a render still queued at its deadline is dropped (503, retry),
 * a render still running answers 422 and is abandoned. PDFBox cannot be interrupted, so an abandoned render keeps its
 * thread until it ends on its own; the fixed pool bounds what such renders can take. A failure inside a render (a
 * damaged page, a Ghostscript error, an exhausted heap) becomes the request's answer and never kills a worker.
 */
@Component
class RenderWorkers implements DisposableBean {

    /** A render: any work that may throw the engine's exceptions. */
    @FunctionalInterface
    interface Work<T> {
        T call() throws Exception;
    }

    private static final String THREAD_PREFIX = "viewer-render-";

    private final ThreadPoolExecutor pool;
    private final Duration timeout;
    private final int queue;

    RenderWorkers(ViewerProperties properties) {
        this.timeout = properties.renderTimeout();
        this.queue = properties.renderQueue();
        var counter = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(properties.renderThreads(), properties.renderThreads(), 60,
                TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue), r -> {
                    Thread t = new Thread(r, THREAD_PREFIX + counter.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    /** Runs a render within the configured deadline and returns its result or throws its API error. */
    <T> T run(Work<T> work) {
        return run(work, timeout);
    }

    /** Runs a render within a deadline and returns its result or throws its API error. */
    <T> T run(Work<T> work, Duration deadline) {
        var started = new AtomicBoolean();
        Future<T> future;
        try {
            future = pool.submit(() -> {
                started.set(true);
                return work.call();
            });
        } catch (RejectedExecutionException e) {
            throw new ServiceUnavailableException("Every render worker is busy and " + queue
                    + " renders are waiting; retry in a moment.");
        }
        try {
            return future.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            if (!started.get()) {
                // a cancelled task would hold its place in the bounded queue until a thread reached it
                pool.remove((Runnable) future);
                throw new ServiceUnavailableException("The render workers were busy for " + seconds(deadline)
                        + " s and this render did not start; retry in a moment.");
            }
            throw new UnprocessableException("The render did not finish within " + seconds(deadline)
                    + " s and was abandoned; ask for a lower dpi or a region of the page.");
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new ServiceUnavailableException("The server is shutting down; retry on another node.");
        } catch (ExecutionException e) {
            throw ViewerErrors.translate(e.getCause());
        }
    }

    /** True on one of the render threads (work there runs directly: queueing it again could wait on itself). */
    static boolean onWorker() {
        return Thread.currentThread().getName().startsWith(THREAD_PREFIX);
    }

    /** Renders waiting for a thread right now. */
    int queued() {
        return pool.getQueue().size();
    }

    private static long seconds(Duration d) {
        return Math.max(1, Math.round(d.toMillis() / 1000.0));
    }

    @Override
    public void destroy() {
        pool.shutdownNow();
    }
}
