package dev.preflight.webhooks;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.HttpsReceiver.Answer;
import dev.preflight.support.WebhookTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/** The delivery rows: listing and filters, the exact payload, replay, and tenant isolation. */
class DeliveryHistoryTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aReplayCreatesANewRowWithTheSameBodyAndLeavesTheOriginalUnchanged() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver().answer(Answer.status(400));
        JsonNode hook = webhook(t, Map.of("url", r.url("/replay"), "events", List.of("tenant.plan.changed")));
        changePlan(t, "scale");
        var first = r.await(event("tenant.plan.changed"), 1, WAIT).get(0);
        String originalId = first.header("X-Service-Delivery");
        JsonNode before = awaitDelivery(t, originalId, d -> d.get("attempt_count").asInt() == 1, WAIT);
        assertThat(before.get("success").asBoolean()).isFalse();

        var replay = api.postJson("/api/v1/webhooks/deliveries/" + originalId + "/replay", t.key(), Map.of());
        assertThat(replay.status()).as(replay.text()).isEqualTo(201);
        JsonNode created = replay.json();
        assertThat(created.get("id").asString()).isNotEqualTo(originalId);
        assertThat(created.get("attempt_count").asInt()).isZero();
        assertThat(created.get("success").asBoolean()).isFalse();
        assertThat(created.get("webhook_id").asString()).isEqualTo(hook.get("id").asString());
        assertThat(created.get("event").asString()).isEqualTo("tenant.plan.changed");
        assertThat(created.has("payload")).isFalse();

        var second = r.await(event("tenant.plan.changed"), 2, WAIT).get(1);
        assertThat(second.header("X-Service-Delivery")).isEqualTo(created.get("id").asString());
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.header("X-Service-Signature")).isEqualTo("sha256="
                + hmacHex(secret(t, hook.get("id").asString()), second.body()));
        JsonNode replayed = awaitDelivery(t, created.get("id").asString(), d -> d.get("success").asBoolean(), WAIT);
        assertThat(replayed.get("payload").asString()).isEqualTo(before.get("payload").asString());

        JsonNode after = api.get("/api/v1/webhooks/deliveries/" + originalId, t.key()).json();
        assertThat(after).isEqualTo(before);
        assertThat(deliveries(t, "webhook_id=" + hook.get("id").asString()).get("total").asInt()).isEqualTo(2);
    }

    @Test
    void replayAnswers409WhenTheWebhookIsInactiveOrDeleted() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        JsonNode hook = webhook(t, Map.of("url", r.url("/x"), "events", List.of("tenant.plan.changed")));
        String hookId = hook.get("id").asString();
        changePlan(t, "scale");
        String id = r.await(event("tenant.plan.changed"), 1, WAIT).get(0).header("X-Service-Delivery");
        awaitDelivery(t, id, d -> d.get("success").asBoolean(), WAIT);

        assertThat(api.patchJson("/api/v1/webhooks/" + hookId, t.key(), Map.of("is_active", false)).status())
                .isEqualTo(200);
        var inactive = api.postJson("/api/v1/webhooks/deliveries/" + id + "/replay", t.key(), Map.of());
        assertThat(inactive.status()).isEqualTo(409);
        assertThat(inactive.json().get("detail").asString()).contains("inactive");

        assertThat(api.patchJson("/api/v1/webhooks/" + hookId, t.key(), Map.of("is_active", true)).status())
                .isEqualTo(200);
        assertThat(api.delete("/api/v1/webhooks/" + hookId, t.key()).status()).isEqualTo(204);
        var deleted = api.postJson("/api/v1/webhooks/deliveries/" + id + "/replay", t.key(), Map.of());
        assertThat(deleted.status()).isEqualTo(409);
        assertThat(deleted.json().get("detail").asString()).contains("deleted");
        // The history outlives the webhook.
        assertThat(api.get("/api/v1/webhooks/deliveries/" + id, t.key()).status()).isEqualTo(200);
        assertThat(r.received()).hasSize(1);
    }

    @Test
    void listsNewestFirstWithFiltersAndPaging() {
        var t = newTenant("growth");
        HttpsReceiver ok = receiver();
        HttpsReceiver failing = receiver().answer(Answer.status(404), Answer.status(404), Answer.status(404));
        JsonNode okHook = webhook(t, Map.of("url", ok.url("/ok"), "events", List.of()));
        JsonNode badHook = webhook(t, Map.of("url", failing.url("/bad"), "events", List.of("tenant.plan.changed")));
        changePlan(t, "scale");
        changePlan(t, "enterprise");
        changePlan(t, "growth");
        ok.await(event("tenant.plan.changed"), 3, WAIT);
        failing.await(event("tenant.plan.changed"), 3, WAIT);
        for (JsonNode d : deliveries(t, "page_size=200").get("deliveries")) {
            awaitDelivery(t, d.get("id").asString(), x -> x.get("attempt_count").asInt() == 1, WAIT);
        }

        JsonNode all = deliveries(t, "");
        assertThat(all.get("total").asInt()).isEqualTo(6);
        assertThat(all.get("page").asInt()).isEqualTo(1);
        assertThat(all.get("page_size").asInt()).isEqualTo(50);
        var created = new ArrayList<String>();
        all.get("deliveries").forEach(d -> created.add(d.get("created_at").asString()));
        assertThat(created).isSortedAccordingTo(java.util.Comparator.reverseOrder());

        JsonNode failed = deliveries(t, "success=false");
        assertThat(failed.get("total").asInt()).isEqualTo(3);
        failed.get("deliveries").forEach(d -> {
            assertThat(d.get("webhook_id").asString()).isEqualTo(badHook.get("id").asString());
            assertThat(d.get("final_status_code").asInt()).isEqualTo(404);
        });
        assertThat(deliveries(t, "success=true&webhook_id=" + okHook.get("id").asString()).get("total").asInt())
                .isEqualTo(3);
        assertThat(deliveries(t, "event=tenant.plan.changed&webhook_id=" + badHook.get("id").asString())
                .get("total").asInt()).isEqualTo(3);
        assertThat(deliveries(t, "event=job.completed").get("total").asInt()).isZero();

        JsonNode page2 = deliveries(t, "page=2&page_size=4");
        assertThat(page2.get("deliveries")).hasSize(2);
        assertThat(page2.get("total").asInt()).isEqualTo(6);
        assertThat(page2.get("page_size").asInt()).isEqualTo(4);
        assertThat(api.get("/api/v1/webhooks/deliveries?page_size=201", t.key()).status()).isEqualTo(422);
        assertThat(api.get("/api/v1/webhooks/deliveries?success=maybe", t.key()).status()).isEqualTo(422);
        assertThat(api.get("/api/v1/webhooks/deliveries?webhook_id=nope", t.key()).status()).isEqualTo(422);

        // Every delivery of one event carries the same body and event_id, whatever the webhook.
        JsonNode firstEvent = JSON.readTree(ok.received().get(0).body());
        assertThat(failing.received().stream().map(x -> JSON.readTree(x.body()).get("event_id").asString()))
                .contains(firstEvent.get("event_id").asString());
    }

    @Test
    void anotherTenantSeesNoneOfTheDeliveries() {
        var t = newTenant("growth");
        var other = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/mine"), "events", List.of("tenant.plan.changed")));
        changePlan(t, "scale");
        String id = r.await(event("tenant.plan.changed"), 1, WAIT).get(0).header("X-Service-Delivery");

        assertThat(api.get("/api/v1/webhooks/deliveries/" + id, other.key()).status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/webhooks/deliveries/" + id + "/replay", other.key(), Map.of()).status())
                .isEqualTo(404);
        assertThat(deliveries(other, "").get("total").asInt()).isZero();
        assertThat(api.get("/api/v1/webhooks/deliveries/" + java.util.UUID.randomUUID(), t.key()).status())
                .isEqualTo(404);
    }
}
