package dev.preflight.platform;

import org.springframework.jdbc.core.simple.JdbcClient;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Takes back, after a restart under the same node name, the db-scheduler executions the earlier process of that name
 * left picked in one scheduler table (it was killed, or its machine lost power), instead of leaving them to the
 * other nodes' dead-execution detection (heartbeat x missed beats, plus up to two heartbeats until it is noticed).
 * <p>
 * The rule: an execution picked under this node's name is taken back when its last heartbeat is older than this
 * process's start <em>and</em> older than two heartbeat intervals. The first condition keeps this process's own work
 * safe; the second keeps a second live process wrongly given the same name from losing its running work, since a
 * live scheduler renews each heartbeat every interval. The earlier process is dead, so its heartbeats only age: every
 * execution it left qualifies at most two intervals after this process started (at once when the restart took
 * longer than that). So the check runs at start and then every {@link #CHECK_EVERY} until two intervals and one
 * check have passed.
 */
public final class StartupTakeBack {

    /** How often the check repeats within the two heartbeat intervals after the start. */
    public static final Duration CHECK_EVERY = Duration.ofMillis(500);

    /** One execution taken back. */
    public record Released(String taskName, String taskInstance) {
    }

    private final JdbcClient jdbc;
    private final String table;
    private final String node;
    private final Duration heartbeat;
    private final Instant startedAt;
    private volatile Thread checker;

    /**
     * @param table     the db-scheduler table ({@code scheduled_tasks}, {@code event_tasks})
     * @param startedAt when this process started: no execution of its own has a heartbeat older than that
     */
    public StartupTakeBack(JdbcClient jdbc, String table, String node, Duration heartbeat, Instant startedAt) {
        this.jdbc = jdbc;
        this.table = table;
        this.node = node;
        this.heartbeat = heartbeat;
        this.startedAt = startedAt;
    }

    /** The heartbeat cut-off at {@code now}: older than this process and than two heartbeat intervals. */
    public Instant staleBefore(Instant now) {
        Instant twoBeats = now.minus(heartbeat.multipliedBy(2));
        return twoBeats.isBefore(startedAt) ? twoBeats : startedAt;
    }

    /** After this instant nothing left by an earlier process can still be waiting to qualify. */
    public Instant lastCheck() {
        return startedAt.plus(heartbeat.multipliedBy(2)).plus(CHECK_EVERY);
    }

    /** Takes back what qualifies at {@code now}. */
    public List<Released> takeBack(Instant now) {
        return release(jdbc, table, node, now, staleBefore(now));
    }

    /**
     * Checks now, on the calling thread, and then in the background until {@link #lastCheck()}, handing each
     * non-empty batch to {@code onReleased}.
     */
    public void start(Consumer<List<Released>> onReleased) {
        List<Released> first = takeBack(Times.now());
        if (!first.isEmpty()) {
            onReleased.accept(first);
        }
        checker = Thread.ofPlatform().daemon().name("startup-take-back-" + table).start(() -> {
            try {
                while (Times.now().isBefore(lastCheck())) {
                    Thread.sleep(CHECK_EVERY);
                    List<Released> released = takeBack(Times.now());
                    if (!released.isEmpty()) {
                        onReleased.accept(released);
                    }
                }
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                // The database went away at start-up: whatever is left goes to the dead-execution detection.
                org.slf4j.LoggerFactory.getLogger(StartupTakeBack.class).warn(
                        "node {}: start-up take-back in {} stopped: {}", node, table, e.toString());
            }
        });
    }

    /** Stops the background checks (the node is stopping). */
    public void stop() throws InterruptedException {
        Thread t = checker;
        if (t != null) {
            t.interrupt();
            t.join(Duration.ofSeconds(5));
        }
    }

    /**
     * Makes the executions picked by {@code node} in {@code table} whose heartbeat is older than
     * {@code staleBefore} (all of them when null) picked by nobody and due again at the time they were due
     * before, so they keep their place ahead of work that became due later. The version bump makes a late
     * update by the old process a no-op (db-scheduler updates and deletes executions by version).
     */
    public static List<Released> release(JdbcClient jdbc, String table, String node, Instant now,
                                         Instant staleBefore) {
        String stale = staleBefore == null ? "" : " AND (last_heartbeat IS NULL OR last_heartbeat < ?)";
        var select = jdbc.sql("SELECT task_name, task_instance FROM " + table
                + " WHERE picked = TRUE AND picked_by = ?" + stale).param(node);
        if (staleBefore != null) {
            select = select.param(Times.db(staleBefore));
        }
        List<Released> candidates = select.query((rs, i) -> new Released(rs.getString(1), rs.getString(2))).list();
        var released = new ArrayList<Released>();
        for (Released r : candidates) {
            var params = new ArrayList<Object>(List.of(Times.db(now), Times.db(now), r.taskName(), r.taskInstance(),
                    node));
            if (staleBefore != null) {
                params.add(Times.db(staleBefore)); // checked again: a live process may have renewed it meanwhile
            }
            int n = jdbc.sql("UPDATE " + table + " SET picked = FALSE, picked_by = NULL, last_heartbeat = NULL, "
                            + "execution_time = CASE WHEN execution_time < ? THEN execution_time ELSE ? END, "
                            + "version = version + 1 WHERE task_name = ? AND task_instance = ? AND picked = TRUE "
                            + "AND picked_by = ?" + stale)
                    .params(params)
                    .update();
            if (n == 1) {
                released.add(r);
            }
        }
        return released;
    }
}
