package dev.preflight.webhooks;

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

/** Events published by the modules that own them (reports, viewer) reach webhooks with the catalogue's payloads. */
class OwnedEventDeliveryTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aMintDeliversReportMintedAndAFirstVisitShareLinkVisited() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/hooks"), "events", List.of("report.minted", "share_link.visited")));
        JsonNode job = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        String jobId = job.get("job_id").asString();

        var mint = api.postJson("/api/v1/jobs/" + jobId + "/reports", t.key(),
                Map.of("formats", List.of("json", "html"), "expiry_days", 3));
        assertThat(mint.status()).as(mint.text()).isEqualTo(201);

        var minted = r.await(event("report.minted"), 1, WAIT).get(0);
        api.checkWebhook("report.minted", minted.body());
        JsonNode body = JSON.readTree(minted.body());
        assertThat(body.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "reports");
        assertThat(body.get("job_id").asString()).isEqualTo(jobId);
        assertThat(body.get("reports")).hasSize(2);
        JsonNode html = null;
        for (JsonNode row : body.get("reports")) {
            assertThat(row.get("url").asString()).contains("/r/" + row.get("token").asString());
            assertThat(row.get("expires_at").isNull()).isFalse();
            if (row.get("format").asString().equals("html")) {
                html = row;
            }
        }
        assertThat(html).isNotNull();

        var page = api.get("/r/" + html.get("token").asString(), null);
        assertThat(page.status()).isEqualTo(200);
        var visited = r.await(event("share_link.visited"), 1, WAIT).get(0);
        api.checkWebhook("share_link.visited", visited.body());
        JsonNode visit = JSON.readTree(visited.body());
        assertThat(visit.get("job_id").asString()).isEqualTo(jobId);
        assertThat(visit.get("token").asString()).isEqualTo(html.get("token").asString());
        // A second visit by the same (anonymous) visitor is not a first touch.
        assertThat(api.get("/r/" + html.get("token").asString(), null).status()).isEqualTo(200);
        assertThat(recordedEvents(t, "share_link.visited")).hasSize(1);
        assertThat(r.received(event("share_link.visited"))).hasSize(1);
    }

    @Test
    void aManualVerdictDeliversVerdictChanged() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/hooks"), "events", List.of("verdict.changed")));
        JsonNode job = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        String jobId = job.get("job_id").asString();
        var verdict = api.postJson("/api/v1/viewer/jobs/" + jobId + "/verdict", t.key(),
                Map.of("verdict", "fail", "notes", "Bleed too small on the back cover"));
        assertThat(verdict.status()).as(verdict.text()).isEqualTo(200);

        var got = r.await(event("verdict.changed"), 1, WAIT).get(0);
        api.checkWebhook("verdict.changed", got.body());
        JsonNode body = JSON.readTree(got.body());
        assertThat(body.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "previous",
                "current", "verdict_by", "notes");
        assertThat(body.get("job_id").asString()).isEqualTo(jobId);
        assertThat(body.get("previous").asString()).isEqualTo("pass");
        assertThat(body.get("current").asString()).isEqualTo("fail");
        assertThat(body.get("notes").asString()).isEqualTo("Bleed too small on the back cover");
        assertThat(body.get("verdict_by").asString()).isEqualTo(verdict.json().get("verdict_by").asString());
    }
}
