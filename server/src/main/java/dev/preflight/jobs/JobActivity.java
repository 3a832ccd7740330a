package dev.preflight.jobs;

import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * What this node's job pipeline is doing right now, so that background work which only makes later requests faster
 * (the viewer's tile warming) can step aside while submissions arrive and jobs run. A node counts as busy while a
 * submission is being stored or a job processed here, and for a short quiet period after the last of them ended: a
 * client sending one file after another leaves gaps of a few milliseconds that must not count as idle.
 */
@Component
public class JobActivity {

    private final AtomicInteger running = new AtomicInteger();
    private final LongSupplier nanoTime;
    private volatile long lastEnded;

    JobActivity() {
        this(System::nanoTime);
    }

    JobActivity(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.lastEnded = nanoTime.getAsLong() - Duration.ofDays(1).toNanos();
    }

    /** True when no submission or job has been in progress on this node for at least {@code quiet}. */
    public boolean quietFor(Duration quiet) {
        return running.get() == 0 && nanoTime.getAsLong() - lastEnded >= quiet.toNanos();
    }

    /** Marks work that users wait for (a submission, a job) as started; close the returned handle when it ends. */
    public Busy begin() {
        running.incrementAndGet();
        return new Busy();
    }

    /** One piece of work in progress; closing it twice counts once. */
    public final class Busy implements AutoCloseable {

        private boolean closed;

        private Busy() {
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                lastEnded = nanoTime.getAsLong();
                running.decrementAndGet();
            }
        }
    }
}
