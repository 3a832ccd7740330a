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

/** annotation.created, comment.created and annotation.deleted reach webhooks with the documented payloads. */
class AnnotationWebhookTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void annotationEventsAreDeliveredWithTheirDocumentedPayloads() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/hooks"),
                "events", List.of("annotation.created", "comment.created", "annotation.deleted")));
        String job = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal").get("job_id").asString();
        String url = "/api/v1/viewer/jobs/" + job + "/annotations";

        var created = api.postJson(url, t.key(), Map.of("page_num", 1, "kind", "freehand",
                "geometry", Map.of("points", List.of(List.of(1, 2), List.of(3, 4))), "color", "#00aa00",
                "author_email", "rev@example.com"));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String id = created.json().get("id").asString();
        var comment = api.postJson(url + "/" + id + "/comments", t.key(), Map.of("body", "Smooth this"));
        assertThat(comment.status()).isEqualTo(201);
        assertThat(api.delete(url + "/" + id, t.key()).status()).isEqualTo(204);

        var c = r.await(event("annotation.created"), 1, WAIT).get(0);
        api.checkWebhook("annotation.created", c.body());
        JsonNode body = JSON.readTree(c.body());
        assertThat(body.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id",
                "annotation_id", "page_num", "kind", "geometry", "color", "text", "author_email", "via");
        assertThat(body.get("job_id").asString()).isEqualTo(job);
        assertThat(body.get("annotation_id").asString()).isEqualTo(id);
        assertThat(body.get("page_num").asInt()).isEqualTo(1);
        assertThat(body.get("kind").asString()).isEqualTo("freehand");
        assertThat(body.get("geometry").toString()).isEqualTo("{\"points\":[[1.0,2.0],[3.0,4.0]]}");
        assertThat(body.get("color").asString()).isEqualTo("#00AA00");
        assertThat(body.get("text").isNull()).isTrue();
        assertThat(body.get("author_email").asString()).isEqualTo("rev@example.com");
        assertThat(body.get("via").asString()).isEqualTo("api");

        var cc = r.await(event("comment.created"), 1, WAIT).get(0);
        api.checkWebhook("comment.created", cc.body());
        JsonNode cb = JSON.readTree(cc.body());
        assertThat(cb.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "annotation_id",
                "comment_id", "author_email", "body", "via");
        assertThat(cb.get("annotation_id").asString()).isEqualTo(id);
        assertThat(cb.get("comment_id").asString()).isEqualTo(comment.json().get("id").asString());
        assertThat(cb.get("author_email").isNull()).isTrue();
        assertThat(cb.get("body").asString()).isEqualTo("Smooth this");

        var d = r.await(event("annotation.deleted"), 1, WAIT).get(0);
        api.checkWebhook("annotation.deleted", d.body());
        JsonNode db = JSON.readTree(d.body());
        assertThat(db.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "annotation_id",
                "page_num", "kind", "deleted_by", "comments_deleted");
        assertThat(db.get("annotation_id").asString()).isEqualTo(id);
        assertThat(db.get("kind").asString()).isEqualTo("freehand");
        assertThat(db.get("deleted_by").asString()).isEqualTo("api_key:" + t.keyId());
        assertThat(db.get("comments_deleted").asInt()).isEqualTo(1);
    }
}
