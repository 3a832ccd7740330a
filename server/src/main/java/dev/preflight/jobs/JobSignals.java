package dev.preflight.jobs;

import org.springframework.stereotype.Component;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Wakes in-process waiters (the submit {@code ?wait=}) as soon as a job finishes on this node. Waiters also poll the
 * database, so a job finished by another node is seen within the poll interval.
 */
@Component
class JobSignals {

    private final ConcurrentHashMap<String, CountDownLatch> latches = new ConcurrentHashMap<>();

    void await(String jobId, long nanos) {
        try {
            latches.computeIfAbsent(jobId, k -> new CountDownLatch(1)).await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void finished(String jobId) {
        CountDownLatch l = latches.remove(jobId);
        if (l != null) {
            l.countDown();
        }
    }

    void forget(String jobId) {
        finished(jobId);
    }
}
