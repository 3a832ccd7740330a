package dev.preflight.events;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import dev.preflight.support.Subscriptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** An event nothing receives is recorded, already dispatched, with no dispatch to run; a received one is dispatched. */
class UnreceivedEventsTests extends ServerTestBase {

    @Autowired
    JdbcClient jdbc;

    private Map<String, Object> outboxRow(String jobId) {
        return jdbc.sql("SELECT id, dispatched_at FROM event_outbox WHERE event_type = 'job.completed' AND body LIKE ?")
                .param("%" + jobId + "%").query().singleRow();
    }

    private long dispatchTasks(Object eventId) {
        return jdbc.sql("SELECT COUNT(*) FROM event_tasks WHERE task_name = 'dispatch-event' AND task_instance = ?")
                .param(eventId.toString()).query(Long.class).single();
    }

    @Test
    void aJobOfATenantWithoutWebhooksLeavesItsEventRecordedAsDispatchedAndNoTask() {
        TenantKey t = newTenant("growth");
        String jobId = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal").get("job_id").asString();

        Map<String, Object> row = outboxRow(jobId);
        assertThat(row.get("dispatched_at")).as("dispatched to nobody when recorded").isNotNull();
        assertThat(dispatchTasks(row.get("id"))).isZero();
    }

    @Test
    void aJobOfATenantWhoseWebhookReceivesItsEventsIsDispatchedToIt() throws InterruptedException {
        TenantKey t = newTenant("growth");
        String webhook = Subscriptions.subscribe(api, t.key(), List.of("job.completed"));
        String jobId = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal").get("job_id").asString();

        Object eventId = outboxRow(jobId).get("id");
        long deadline = System.nanoTime() + 30_000_000_000L;
        long deliveries = 0;
        while (deliveries == 0 && System.nanoTime() < deadline) {
            deliveries = jdbc.sql("SELECT COUNT(*) FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?")
                    .params(webhook, eventId.toString()).query(Long.class).single();
            Thread.sleep(50);
        }
        assertThat(deliveries).as("one delivery row for the subscribed webhook").isEqualTo(1);
    }
}
