package dev.preflight.events;

import dev.preflight.platform.NodeIdentity;
import dev.preflight.platform.Times;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

import javax.sql.DataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node restarted under its name takes back the event dispatches and webhook deliveries its killed process left
 * picked in {@code event_tasks} as its events scheduler starts, instead of leaving them to the dead-execution
 * detection. A second events scheduler plays the restarted node here, under a name of its own and with no tasks,
 * and the rows carry a task name no scheduler knows, so nothing of the test context runs them.
 */
class EventSchedulerTakeBackTests extends ServerTestBase {

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    NodeIdentity node;

    private void picked(String instance, String by, Instant heartbeat) {
        jdbc.sql("INSERT INTO event_tasks (task_name, task_instance, execution_time, picked, picked_by, "
                        + "last_heartbeat, version) VALUES ('take-back-test', ?, ?, TRUE, ?, ?, 1)")
                .params(instance, Times.db(heartbeat.minusSeconds(1)), by, Times.db(heartbeat)).update();
    }

    private String pickedBy(String instance) {
        return jdbc.sql("SELECT CASE WHEN picked THEN picked_by ELSE '(nobody)' END FROM event_tasks "
                        + "WHERE task_name = 'take-back-test' AND task_instance = ?")
                .param(instance).query(String.class).single();
    }

    @Test
    void aRestartedNodeTakesBackItsOwnStaleEventWorkAtStartUp() throws Exception {
        String name = "restarted-" + UUID.randomUUID().toString().substring(0, 8);
        // The context's events scheduler has a 1 s heartbeat too, so these rows are not dead to it (4 missed beats)
        // while this test runs.
        Duration beat = Duration.ofSeconds(1);
        var properties = new EventsProperties(1, Duration.ofHours(1), beat, 4, name, Duration.ZERO,
                Duration.ofDays(7), Duration.ofSeconds(1));
        var restarted = new EventScheduler(dataSource, properties,
                new DefaultListableBeanFactory().getBeanProvider(EventTask.class), node);
        Instant now = Times.now();
        String left = "left-" + name;
        String twin = "twin-" + name;
        picked(left, name, now.minus(beat.multipliedBy(3))); // the killed process's delivery: over two beats old
        picked(twin, name, now);                             // a live process of the same name just beat
        try {
            restarted.start();
            assertThat(pickedBy(left)).as("taken back at start-up").isEqualTo("(nobody)");
            assertThat(pickedBy(twin)).as("a fresh heartbeat is left alone").isEqualTo(name);
        } finally {
            restarted.stop();
            jdbc.sql("DELETE FROM event_tasks WHERE task_name = 'take-back-test'").update();
        }
    }
}
