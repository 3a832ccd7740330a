package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.Scheduler;
import dev.preflight.platform.NodeIdentity;
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
import java.util.List;

/**
 * The life of this node's job workers beyond what db-scheduler does by itself.
 * <ul>
 * <li>At start-up, work still recorded as picked by this node's name is from an earlier life of it (killed, or its
 * machine lost power): it is handed back at once instead of waiting for the dead-execution detection. Only work
 * whose heartbeat is older than two heartbeat intervals is taken, so a second live process wrongly given the same
 * name does not steal running work.</li>
 * <li>At a graceful stop (SIGTERM), the workers stop taking work, running jobs get {@code db-scheduler.shutdown-max-wait}
 * to finish, and whatever is still running after that is handed back (due now, picked by nobody) so another node
 * takes it on its next poll; a job interrupted this way is never marked failed.</li>
 * </ul>
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
        Instant now = Times.now();
        int n = release(now, now.minus(heartbeat.multipliedBy(2)));
        if (n > 0) {
            log.info("node {}: took back {} execution(s) left picked by an earlier run of this node", node.name(), n);
        }
        running = true;
    }

    @Override
    public void stop() {
        stopping = true;
        running = false;
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
     * Makes executions picked by this node due now and picked by nobody (those whose heartbeat is older than
     * {@code staleBefore}, or all when null), closing their job attempts as released. Returns how many.
     */
    int release(Instant now, Instant staleBefore) {
        String stale = staleBefore == null ? "" : " AND (last_heartbeat IS NULL OR last_heartbeat < ?)";
        var select = jdbc.sql("SELECT task_name, task_instance FROM " + TABLE
                + " WHERE picked = TRUE AND picked_by = ?" + stale).param(node.name());
        if (staleBefore != null) {
            select = select.param(Times.db(staleBefore));
        }
        List<String[]> rows = select.query((rs, i) -> new String[] {rs.getString(1), rs.getString(2)}).list();
        int n = 0;
        var jobIds = new java.util.ArrayList<String>();
        for (String[] row : rows) {
            // The version bump makes a late completion by a thread of the old execution a no-op (db-scheduler
            // updates and deletes executions by version).
            n += jdbc.sql("UPDATE " + TABLE + " SET picked = FALSE, picked_by = NULL, last_heartbeat = NULL, "
                            + "execution_time = ?, version = version + 1 WHERE task_name = ? AND task_instance = ? "
                            + "AND picked = TRUE AND picked_by = ?")
                    .params(Times.db(now), row[0], row[1], node.name()).update();
            if (row[0].equals(JobProcessingTask.TASK.getTaskName())) {
                jobIds.add(row[1]);
            }
        }
        attempts.released(node.name(), jobIds, now);
        return n;
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
