package dev.preflight.engine.imports;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
 * Runs user-supplied selectors (XPath, JSONPath) on a small bounded pool with a processing budget, so a
 * pathological expression costs the caller a bounded wait and the process at most two threads.
 */
final class SelectorEvaluation {

    private static final int THREADS = 2;
    private static final int QUEUE = 8;
    private static final int WAIT_FACTOR = 4;
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

    private static final ThreadMXBean THREADS_MX = ManagementFactory.getThreadMXBean();
    private static final boolean CPU_CLOCK = THREADS_MX.isCurrentThreadCpuTimeSupported();

    /** Budget of the evaluation on this thread: start of its clock and a call counter; null outside evaluations. */
    private static final ThreadLocal<long[]> BUDGET = new ThreadLocal<>();

    /** This thread's CPU time where the JVM measures it, else wall time: a loaded machine must not fail reports. */
    private static long clock() {
        return CPU_CLOCK ? THREADS_MX.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * Cheap check for long loops inside an evaluation: throws once the evaluation has used up its budget or was
     * cancelled. The clock is read every 256 calls only.
     */
    static void checkDeadline() {
        long[] budget = BUDGET.get();
        if (budget == null || (++budget[1] & 0xFF) != 0) {
            return;
        }
        if (Thread.currentThread().isInterrupted() || clock() - budget[0] > ImportLimits.SELECTOR_TIMEOUT.toNanos()) {
            throw new DeadlineExceeded();
        }
    }

    static <T> T run(Callable<T> work) throws InvalidReportException {
        // The caller waits a multiple of the budget: the budget counts processing time, the wait counts the clock.
        long waitNanos = ImportLimits.SELECTOR_TIMEOUT.toNanos() * WAIT_FACTOR;
        Future<T> future;
        try {
            future = POOL.submit(() -> {
                BUDGET.set(new long[] {clock(), 0});
                try {
                    return work.call();
                } finally {
                    BUDGET.remove();
                }
            });
        } catch (RejectedExecutionException e) {
            throw new InvalidReportException("too many custom-mapping imports are running at once; try again shortly");
        }
        try {
            return future.get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new InvalidReportException("custom mapping selectors did not finish within "
                    + ImportLimits.SELECTOR_TIMEOUT.toSeconds() * WAIT_FACTOR + " s on this report; simplify "
                    + "item_selector or the field selectors");
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
        return new InvalidReportException("custom mapping selectors needed more than "
                + ImportLimits.SELECTOR_TIMEOUT.toSeconds() + " s of processing on this report; simplify "
                + "item_selector or the field selectors");
    }
}
