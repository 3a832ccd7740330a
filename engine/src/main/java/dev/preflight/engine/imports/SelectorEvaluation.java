package dev.preflight.engine.imports;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs user-supplied selectors (XPath, JSONPath) on a small bounded pool with a deadline, so a pathological
 * expression costs at most the timeout to the caller and at most two threads to the process.
 */
final class SelectorEvaluation {

    private static final int THREADS = 2;
    private static final int QUEUE = 8;
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(THREADS, THREADS, 60, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(QUEUE), r -> {
                Thread t = new Thread(r, "preflight-import-selectors-" + COUNTER.incrementAndGet());
                t.setDaemon(true);
                return t;
            });

    static {
        POOL.allowCoreThreadTimeOut(true);
    }

    private SelectorEvaluation() {
    }

    /** Thrown inside an evaluation that has passed its deadline or was cancelled. */
    static final class DeadlineExceeded extends RuntimeException {
        DeadlineExceeded() {
            super("selector evaluation exceeded its time limit", null, false, false);
        }
    }

    /** Deadline of the evaluation running on this thread, in System.nanoTime() terms; 0 when none. */
    private static final ThreadLocal<Long> DEADLINE = ThreadLocal.withInitial(() -> 0L);

    /** Cheap check for long loops inside an evaluation: throws once the deadline passed or the task was cancelled. */
    static void checkDeadline() {
        long deadline = DEADLINE.get();
        if (Thread.currentThread().isInterrupted() || (deadline != 0 && System.nanoTime() - deadline > 0)) {
            throw new DeadlineExceeded();
        }
    }

    static <T> T run(Callable<T> work) throws InvalidReportException {
        long timeoutNanos = ImportLimits.SELECTOR_TIMEOUT.toNanos();
        long deadline = System.nanoTime() + timeoutNanos;
        Future<T> future;
        try {
            future = POOL.submit(() -> {
                DEADLINE.set(deadline);
                try {
                    return work.call();
                } finally {
                    DEADLINE.remove();
                }
            });
        } catch (RejectedExecutionException e) {
            throw new InvalidReportException("too many custom-mapping imports are running at once; try again shortly");
        }
        try {
            return future.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw timeout();
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new InvalidReportException("custom-mapping import was interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InvalidReportException ire) {
                throw ire;
            }
            if (cause instanceof DeadlineExceeded) {
                throw timeout();
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new InvalidReportException("custom mapping failed: " + cause.getMessage(), cause);
        }
    }

    private static InvalidReportException timeout() {
        return new InvalidReportException("custom mapping selectors took longer than "
                + ImportLimits.SELECTOR_TIMEOUT.toSeconds() + " s on this report; simplify item_selector or the "
                + "field selectors");
    }
}
