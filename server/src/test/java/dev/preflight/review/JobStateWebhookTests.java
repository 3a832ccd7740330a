package dev.preflight.review;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.WebhookTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/** job.state_changed reaches webhooks with the full state inline, as the document describes it. */
class JobStateWebhookTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void stateChangesAreDeliveredWithTheStateTheRouteAnswers() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/hooks"), "events", List.of("job.state_changed")));
        String job = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal").get("job_id").asString();
        var created = api.postJson("/api/v1/viewer/jobs/" + job + "/annotations", t.key(), Map.of("page_num", 1,
                "kind", "note", "geometry", Map.of("x", 5, "y", 6), "text", "Check this"));
        assertThat(created.status()).as(created.text()).isEqualTo(201);

        var received = r.await(event("job.state_changed"), 2, Duration.ofSeconds(30));
        for (var d : received) {
            api.checkWebhook("job.state_changed", d.body());
        }
        // Deliveries may arrive in either order: tell them apart by their reason.
        JsonNode a = JSON.readTree(received.get(0).body());
        JsonNode b = JSON.readTree(received.get(1).body());
        boolean inOrder = a.get("reason").asString().equals("job_completed");
        JsonNode completed = inOrder ? a : b;
        JsonNode annotated = inOrder ? b : a;
        assertThat(completed.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "reason",
                "state");
        assertThat(completed.get("reason").asString()).isEqualTo("job_completed");
        assertThat(completed.get("state").get("annotations").get("total").asInt()).isZero();
        assertThat(annotated.get("reason").asString()).isEqualTo("annotation_created");
        assertThat(annotated.get("state")).isEqualTo(api.get("/api/v1/jobs/" + job + "/state", t.key()).json());
    }
}
