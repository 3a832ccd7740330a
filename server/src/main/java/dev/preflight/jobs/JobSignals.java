package dev.preflight.jobs;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Wakes in-process waiters (the submit {@code ?wait=}) as soon as a job finishes on this node. Waiters also poll the
 * database, so a job finished by another node is seen within the poll interval. A job that finishes before its waiter
 * begins to wait (a small file is often done before the submit request gets to wait) is remembered for a minute, so
 * that waiter returns at once (once) instead of sleeping through a poll interval.
 */
@Component
class JobSignals {

    private final ConcurrentHashMap<String, CountDownLatch> latches = new ConcurrentHashMap<>();
    private final Cache<String, Boolean> recentlyFinished = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofMinutes(1)).maximumSize(10_000).build();

    /** Waits until the job finishes on this node or {@code nanos} pass, whichever is first. */
    void await(String jobId, long nanos) {
        CountDownLatch latch = latches.computeIfAbsent(jobId, k -> new CountDownLatch(1));
        // finished() marks the job before it looks for a latch: either it sees ours, or we see its mark.
        if (recentlyFinished.asMap().remove(jobId) != null) {
            // consumed: a job handed back unfinished is waited for again, not polled in a busy loop
            latches.remove(jobId, latch);
            return;
        }
        try {
            latch.await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void finished(String jobId) {
        recentlyFinished.put(jobId, Boolean.TRUE);
        CountDownLatch l = latches.remove(jobId);
        if (l != null) {
            l.countDown();
        }
    }

    void forget(String jobId) {
        finished(jobId);
    }
}
