package dev.preflight.viewer;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/** Test support for single-flight tests: waits until a thread is parked on a computation another thread runs. */
final class Waiting {

    private Waiting() {
    }

    /** Returns once the thread waits on a CompletableFuture (fails after ten seconds). */
    static void untilWaitingOnAFuture(Thread thread) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (Instant.now().isBefore(deadline)) {
            Object blocker = thread == null ? null : LockSupport.getBlocker(thread);
            // CompletableFuture parks its waiters on an inner Signaller
            if (blocker != null && blocker.getClass().getName().startsWith(CompletableFuture.class.getName())) {
                return;
            }
            Thread.sleep(5);
        }
        throw new AssertionError(thread + " never waited on a computation");
    }
}
