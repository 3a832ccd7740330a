package dev.preflight.viewer;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.ServiceUnavailableException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Document-wide computations (the facts pass behind info, fonts and images; the ink pass behind the channel list
 * and the TAC summary) on two threads of their own, so a long one never holds up tile renders. One computation per
 * job and kind runs at a time on a node; a request waits a bounded time for it and otherwise answers 409 ("still
 * being computed, retry"), while the computation goes on and stores its result for the retry.
 */
@Component
class DocumentWork implements DisposableBean {

    private final ThreadPoolExecutor pool;
    /** The computations running now, by key; Caffeine starts at most one per key. */
    private final AsyncCache<String, Object> running = Caffeine.newBuilder().executor(Runnable::run).buildAsync();

    DocumentWork() {
        var counter = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(2, 2, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(256), r -> {
            Thread t = new Thread(r, "viewer-document-" + counter.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs (or joins) the computation of a key and waits at most {@code wait} for its result.
     *
     * @param what the computation in the reader's words, for the 409 answer ("The font list of job ...")
     */
    @SuppressWarnings("unchecked")
    <T> T await(String key, Callable<T> body, Duration wait, String what) {
        CompletableFuture<Object> future;
        try {
            // on our own pool, not the cache's executor: a full queue must answer 503 rather than run here
            future = running.get(key, (k, executor) -> CompletableFuture.supplyAsync(() -> {
                try {
                    return body.call();
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            }, pool));
        } catch (RejectedExecutionException e) {
            throw new ServiceUnavailableException("Too many document computations are waiting; retry in a moment.");
        }
        // A result is for the requests waiting now (the computation stores what lasts), and a failure is not kept:
        // dropped once it is there. Attached after the cache holds it, so a computation that ends at once is too.
        future.whenComplete((v, e) -> running.asMap().remove(key, future));
        try {
            return (T) future.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new ConflictException(what + " is still being computed; retry in a few seconds.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceUnavailableException("The server is shutting down; retry on another node.");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof CompletionException c && c.getCause() != null ? c.getCause()
                    : e.getCause();
            throw ViewerErrors.translate(cause);
        }
    }

    @Override
    public void destroy() {
        pool.shutdownNow();
    }
}
