package dev.preflight.platform;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start-up take-back rule on a table shaped like db-scheduler's (a scratch table of this test, so no live
 * scheduler of the test context touches its rows): an execution picked under this node's name is taken back once its
 * heartbeat is older than this process's start and than two heartbeat intervals, never earlier.
 */
class StartupTakeBackTests extends ServerTestBase {

    private static final Duration BEAT = Duration.ofSeconds(3);

    @Autowired
    JdbcClient jdbc;

    private String table;

    @BeforeEach
    void scratchTable() {
        table = "take_back_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        jdbc.sql("CREATE TABLE " + table + " (task_name VARCHAR(100) NOT NULL, task_instance VARCHAR(100) NOT NULL, "
                + "picked BOOLEAN NOT NULL, picked_by VARCHAR(50), last_heartbeat TIMESTAMP WITH TIME ZONE, "
                + "execution_time TIMESTAMP WITH TIME ZONE NOT NULL, version BIGINT NOT NULL, "
                + "PRIMARY KEY (task_name, task_instance))").update();
    }

    @AfterEach
    void dropTable() {
        jdbc.sql("DROP TABLE " + table).update();
    }

    private void picked(String instance, String by, Instant heartbeat, Instant due) {
        jdbc.sql("INSERT INTO " + table + " (task_name, task_instance, picked, picked_by, last_heartbeat, "
                        + "execution_time, version) VALUES ('work', ?, TRUE, ?, ?, ?, 1)")
                .params(instance, by, Times.db(heartbeat), Times.db(due)).update();
    }

    private String pickedBy(String instance) {
        return jdbc.sql("SELECT picked_by FROM " + table + " WHERE task_instance = ?").param(instance)
                .query(String.class).optional().orElse(null);
    }

    private Instant due(String instance) {
        return jdbc.sql("SELECT execution_time FROM " + table + " WHERE task_instance = ?").param(instance)
                .query((rs, i) -> rs.getObject(1, java.time.OffsetDateTime.class).toInstant()).single();
    }

    @Test
    void aRestartedNodeTakesBackWhatItsEarlierProcessLeftAsSoonAsTwoHeartbeatsHavePassed() {
        Instant start = Instant.parse("2026-11-27T10:00:00Z");
        var takeBack = new StartupTakeBack(jdbc, table, "node-a", BEAT, start);
        Instant dueLongAgo = start.minus(5, ChronoUnit.MINUTES);
        // The earlier process of node-a, killed 10 s before this one started: old enough at once.
        picked("killed-long-ago", "node-a", start.minusSeconds(10), dueLongAgo);
        // Killed 1 s before this one started: its last heartbeat is younger than two intervals for 5 s more.
        picked("killed-just-now", "node-a", start.minusSeconds(1), dueLongAgo);
        // Picked by this process after it started (the heartbeat stalled, say): never the earlier process's work.
        picked("mine", "node-a", start.plusMillis(200), start.plusMillis(100));
        // Another node's work: not ours to take, however old.
        picked("other-node", "node-b", start.minusSeconds(600), dueLongAgo);

        assertThat(takeBack.takeBack(start)).extracting(StartupTakeBack.Released::taskInstance)
                .containsExactly("killed-long-ago");
        assertThat(pickedBy("killed-long-ago")).isNull();
        assertThat(due("killed-long-ago")).as("keeps its place in the queue").isEqualTo(dueLongAgo);
        assertThat(pickedBy("killed-just-now")).isEqualTo("node-a");

        assertThat(takeBack.takeBack(start.plusSeconds(4))).as("1 + 4 s old: still younger than 6 s").isEmpty();
        assertThat(takeBack.takeBack(start.plusMillis(5_100))).extracting(StartupTakeBack.Released::taskInstance)
                .containsExactly("killed-just-now");
        assertThat(takeBack.lastCheck()).as("the last check comes after the last moment anything can qualify")
                .isAfter(start.plus(BEAT.multipliedBy(2)));

        assertThat(takeBack.takeBack(start.plus(1, ChronoUnit.HOURS))).isEmpty();
        assertThat(pickedBy("mine")).isEqualTo("node-a");
        assertThat(pickedBy("other-node")).isEqualTo("node-b");
    }

    @Test
    void theChecksGoOnInTheBackgroundUntilWorkLeftJustBeforeTheStartIsOldEnough() throws Exception {
        Duration beat = Duration.ofSeconds(1);
        Instant start = Times.now();
        // The earlier process beat 1.5 s before this one started: two beats old 0.5 s after the start.
        picked("left", "node-a", start.minusMillis(1_500), start.minusSeconds(60));
        var takeBack = new StartupTakeBack(jdbc, table, "node-a", beat, start);
        var batches = new java.util.concurrent.LinkedBlockingQueue<java.util.List<StartupTakeBack.Released>>();
        takeBack.start(batches::add);
        try {
            var batch = batches.poll(10, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(batch).as("taken back by a later check").isNotNull()
                    .extracting(StartupTakeBack.Released::taskInstance).containsExactly("left");
            assertThat(Times.now()).as("not before it was two beats old")
                    .isAfterOrEqualTo(start.minusMillis(1_500).plus(beat.multipliedBy(2)));
            assertThat(pickedBy("left")).isNull();
        } finally {
            takeBack.stop();
        }
    }

    @Test
    void aSecondLiveProcessWithTheSameNameKeepsItsRunningWork() {
        Instant start = Instant.parse("2026-11-27T10:00:00Z");
        var takeBack = new StartupTakeBack(jdbc, table, "twin", BEAT, start);
        // A live process of the same name renews its heartbeat every interval: it is never two intervals old.
        picked("twin-work", "twin", start.minusSeconds(2), start.minusSeconds(30));
        for (int beat = 0; beat <= 3; beat++) {
            Instant now = start.plus(BEAT.multipliedBy(beat)).plusMillis(500);
            assertThat(takeBack.takeBack(now)).as("at " + now).isEmpty();
            jdbc.sql("UPDATE " + table + " SET last_heartbeat = ? WHERE task_instance = 'twin-work'")
                    .param(Times.db(now)).update();
        }
        assertThat(pickedBy("twin-work")).isEqualTo("twin");
    }

    @Test
    void aStoppingNodeHandsBackAllItsWorkAndAReleasedRowIsVersionedSoTheOldProcessCannotWriteIt() {
        Instant now = Times.now();
        picked("running", "node-a", now, now.minusSeconds(3));
        picked("scheduled-ahead", "node-a", now, now.plusSeconds(600));

        assertThat(StartupTakeBack.release(jdbc, table, "node-a", now, null)).hasSize(2);

        assertThat(due("running")).isEqualTo(now.minusSeconds(3));
        assertThat(due("scheduled-ahead")).as("due at once, not later").isEqualTo(now);
        assertThat(jdbc.sql("SELECT version FROM " + table + " WHERE task_instance = 'running'").query(Long.class)
                .single()).isEqualTo(2);
    }
}
