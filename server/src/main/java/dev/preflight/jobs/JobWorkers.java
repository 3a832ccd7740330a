package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.Scheduler;
import dev.preflight.platform.NodeIdentity;
import dev.preflight.platform.StartupTakeBack;
import dev.preflight.platform.Times;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The life of this node's job workers beyond what db-scheduler does by itself.
 * <ul>
 * <li>After a restart under the same name, work still recorded as picked by this name is from the earlier process
 * of it (killed, or its machine lost power): it is taken back as soon as its heartbeat is older than this process
 * and than two heartbeat intervals, at most two intervals after the start, instead of waiting for the other nodes'
 * dead-execution detection ({@link StartupTakeBack}, where the rule and its guard against two live processes
 * sharing a name are explained).</li>
 * <li>At a graceful stop (SIGTERM), the workers stop taking work, running jobs get {@code db-scheduler.shutdown-max-wait}
 * to finish, and whatever is still running after that is handed back (picked by nobody, due at once) so another node
 * takes it on its next poll; a job interrupted this way is never marked failed.</li>
 * </ul>
 * Work taken or handed back keeps the time it was first due, so it goes ahead of work that became due later.
 */
@Component
class JobWorkers implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(JobWorkers.class);

    static final String TABLE = "scheduled_tasks";

    private final JdbcClient jdbc;
    private final NodeIdentity node;
    private final JobAttemptRepository attempts;
    private final ObjectProvider<Scheduler> scheduler;
    private final Duration heartbeat;
    private volatile boolean running;
    private volatile boolean stopping;
    private volatile StartupTakeBack takeBack;

    JobWorkers(JdbcClient jdbc, NodeIdentity node, JobAttemptRepository attempts, ObjectProvider<Scheduler> scheduler,
               @Value("${db-scheduler.heartbeat-interval:30s}") Duration heartbeat) {
        this.jdbc = jdbc;
        this.node = node;
        this.attempts = attempts;
        this.scheduler = scheduler;
        this.heartbeat = heartbeat;
    }

    /** True once this node has begun to stop: a job that breaks off now is handed back, not failed. */
    boolean stopping() {
        return stopping;
    }

    @Override
    public void start() {
        Scheduler s = scheduler.getIfAvailable();
        takeBack = new StartupTakeBack(jdbc, TABLE, node.name(), heartbeat, Times.now());
        takeBack.start(released -> {
            closeAttempts(released, Times.now());
            log.info("node {}: took back {} execution(s) left picked by an earlier run of this node", node.name(),
                    released.size());
            if (s != null) {
                s.triggerCheckForDueExecutions();
            }
        });
        running = true;
    }

    @Override
    public void stop() {
        stopping = true;
        running = false;
        StartupTakeBack t = takeBack;
        if (t != null) {
            try {
                t.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Scheduler s = scheduler.getIfAvailable();
        if (s != null) {
            // Stops polling, waits up to db-scheduler.shutdown-max-wait for running executions, then interrupts
            // them. The later destroy-time stop() of the bean only logs that it was stopped already.
            s.stop();
        }
        int n = release(Times.now(), null);
        if (n > 0) {
            log.info("node {}: handed back {} unfinished execution(s) to the other nodes", node.name(), n);
        }
    }

    /**
     * Makes executions picked by this node picked by nobody and due again (those whose heartbeat is older than
     * {@code staleBefore}, or all when null), closing their job attempts as released. Returns how many.
     */
    int release(Instant now, Instant staleBefore) {
        List<StartupTakeBack.Released> released = StartupTakeBack.release(jdbc, TABLE, node.name(), now,
                staleBefore);
        closeAttempts(released, now);
        return released.size();
    }

    private void closeAttempts(List<StartupTakeBack.Released> released, Instant now) {
        var jobIds = new ArrayList<String>();
        for (StartupTakeBack.Released r : released) {
            if (r.taskName().equals(JobProcessingTask.TASK.getTaskName())) {
                jobIds.add(r.taskInstance());
            }
        }
        attempts.released(node.name(), jobIds, now);
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /**
     * Starts before the scheduler (which starts when the context is ready) and stops after the events scheduler
     * (phase MAX - 100), before the web server's graceful shutdown ends.
     */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 200;
    }
}
