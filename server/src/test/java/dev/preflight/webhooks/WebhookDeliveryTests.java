package dev.preflight.webhooks;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.HttpsReceiver.Answer;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.WebhookTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/** Events delivered to real HTTPS receivers: bodies, signatures, headers, retries, final answers, redirects. */
class WebhookDeliveryTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void deliversJobCompletedSignedByteForByteWithTheSpecPayload() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        JsonNode hook = webhook(t, Map.of("url", r.url("/hooks/preflight")));
        assertThat(hook.get("events").toString()).isEqualTo("[\"job.completed\",\"job.failed\"]");
        String secret = secret(t, hook.get("id").asString());

        JsonNode job = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        assertThat(job.get("status").asString()).isEqualTo("completed");

        var got = r.await(event("job.completed"), 1, WAIT).get(0);
        assertThat(got.method()).isEqualTo("POST");
        assertThat(got.path()).isEqualTo("/hooks/preflight");
        assertThat(got.header("Content-Type")).startsWith("application/json");
        assertThat(got.header("X-Service-Event")).isEqualTo("job.completed");
        // The signature is the HMAC of exactly the bytes that arrived.
        assertThat(got.header("X-Service-Signature")).isEqualTo("sha256=" + hmacHex(secret, got.body()));
        String ts = got.header("X-Service-Timestamp");
        assertThat(Long.parseLong(ts)).isBetween(Instant.now().getEpochSecond() - 60, Instant.now().getEpochSecond() + 5);
        byte[] signedWithTime = (ts + "." + got.text()).getBytes(StandardCharsets.UTF_8);
        assertThat(got.header("X-Service-Timestamp-Signature")).isEqualTo("sha256=" + hmacHex(secret, signedWithTime));

        api.checkWebhook("job.completed", got.body());
        JsonNode body = JSON.readTree(got.body());
        assertThat(body.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "status",
                "profile_id", "duration_ms", "summary");
        assertThat(body.get("event").asString()).isEqualTo("job.completed");
        assertThat(body.get("job_id").asString()).isEqualTo(job.get("job_id").asString());
        assertThat(body.get("status").asString()).isEqualTo("completed");
        assertThat(body.get("profile_id").asString()).isEqualTo(job.get("profile_id").asString());
        assertThat(body.get("duration_ms").asLong()).isEqualTo(job.get("duration_ms").asLong());
        assertThat(body.get("summary")).isEqualTo(job.get("summary"));

        // The delivery row keeps the exact body and says how it went.
        String deliveryId = got.header("X-Service-Delivery");
        JsonNode delivery = awaitDelivery(t, deliveryId, d -> d.get("success").asBoolean(), WAIT);
        assertThat(delivery.get("payload").asString()).isEqualTo(got.text());
        assertThat(delivery.get("attempt_count").asInt()).isEqualTo(1);
        assertThat(delivery.get("final_status_code").asInt()).isEqualTo(200);
        assertThat(delivery.get("event").asString()).isEqualTo("job.completed");
        assertThat(delivery.get("url").asString()).isEqualTo(r.url("/hooks/preflight"));
        assertThat(delivery.get("last_error").isNull()).isTrue();
        assertThat(delivery.get("delivered_at").isNull()).isFalse();
    }

    @Test
    void deliversJobFailedWithTheErrorMessage() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/h"), "events", List.of("job.failed")));
        JsonNode job = run(t, "this is not a PDF at all".getBytes(StandardCharsets.UTF_8));
        assertThat(job.get("status").asString()).isEqualTo("failed");

        var got = r.await(event("job.failed"), 1, WAIT).get(0);
        api.checkWebhook("job.failed", got.body());
        JsonNode body = JSON.readTree(got.body());
        assertThat(body.propertyNames()).containsExactly("event", "event_id", "occurred_at", "job_id", "status",
                "error");
        assertThat(body.get("job_id").asString()).isEqualTo(job.get("job_id").asString());
        assertThat(body.get("status").asString()).isEqualTo("failed");
        assertThat(body.get("error").asString()).isEqualTo(job.get("error").asString()).isNotBlank();
        assertThat(r.received(event("job.completed"))).isEmpty();
    }

    @Test
    void anEmptyEventListSubscribesToEverythingAndTheDefaultOnlyToJobEvents() {
        var t = newTenant("growth");
        HttpsReceiver all = receiver();
        HttpsReceiver defaults = receiver();
        webhook(t, Map.of("url", all.url("/all"), "events", List.of()));
        String defaultsId = webhook(t, Map.of("url", defaults.url("/default"))).get("id").asString();

        changePlan(t, "scale");

        var got = all.await(event("tenant.plan.changed"), 1, WAIT).get(0);
        api.checkWebhook("tenant.plan.changed", got.body());
        JsonNode body = JSON.readTree(got.body());
        assertThat(body.propertyNames()).containsExactly("event", "event_id", "occurred_at", "previous_plan",
                "new_plan");
        assertThat(body.get("previous_plan").asString()).isEqualTo("growth");
        assertThat(body.get("new_plan").asString()).isEqualTo("scale");
        // The event's fan-out, which made the delivery above, committed all of its deliveries at once.
        assertThat(deliveries(t, "webhook_id=" + defaultsId).get("total").asInt()).isZero();
        assertThat(defaults.received()).isEmpty();
    }

    @Test
    void settingTheSamePlanAgainEmitsNothing() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        webhook(t, Map.of("url", r.url("/p"), "events", List.of("tenant.plan.changed")));
        changePlan(t, "growth");
        changePlan(t, "scale");
        // Events are recorded with the change that causes them: the outbox is final once the calls have answered.
        assertThat(recordedEvents(t, "tenant.plan.changed")).hasSize(1);
        var got = r.await(event("tenant.plan.changed"), 1, WAIT);
        awaitSettled(t, got.get(0).header("X-Service-Delivery"), WAIT);
        assertThat(r.received()).hasSize(1);
        assertThat(JSON.readTree(r.received().get(0).body()).get("previous_plan").asString()).isEqualTo("growth");
    }

    @Test
    void aReceiverFailingTwiceThenSucceedingSeesExactlyThreeAttemptsAtTheConfiguredDelays() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver().answer(Answer.status(500), Answer.status(503));
        webhook(t, Map.of("url", r.url("/retry"), "events", List.of("tenant.plan.changed"),
                "retry_base_delay_seconds", 1, "retry_max_delay_seconds", 60, "max_retries", 5));
        changePlan(t, "scale");

        var got = r.await(event("tenant.plan.changed"), 3, WAIT);
        JsonNode d = awaitSettled(t, got.get(0).header("X-Service-Delivery"), WAIT);
        assertThat(d.get("success").asBoolean()).isTrue();
        assertThat(r.received()).hasSize(3);
        long first = got.get(1).receivedAtMillis() - got.get(0).receivedAtMillis();
        long second = got.get(2).receivedAtMillis() - got.get(1).receivedAtMillis();
        // base 1 s, doubling: 1 s then 2 s (the scheduler polls every 100 ms in tests).
        assertThat(first).isBetween(1000L, 2500L);
        assertThat(second).isBetween(2000L, 3500L);
        // The same delivery, the same body, every time.
        assertThat(got).extracting(x -> x.header("X-Service-Delivery")).containsOnly(got.get(0).header("X-Service-Delivery"));
        assertThat(got).extracting(HttpsReceiver.Received::text).containsOnly(got.get(0).text());
        assertThat(d.get("attempt_count").asInt()).isEqualTo(3);
        assertThat(d.get("final_status_code").asInt()).isEqualTo(200);
        assertThat(d.get("last_error").isNull()).isTrue();
    }

    @Test
    void retriesEndAfterMaxRetriesAndRecordTheLastError() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver().answer(Answer.status(502).withHeader("Content-Type", "text/plain"),
                Answer.status(504));
        webhook(t, Map.of("url", r.url("/down"), "events", List.of("tenant.plan.changed"),
                "retry_base_delay_seconds", 1, "max_retries", 1));
        changePlan(t, "scale");
        var got = r.await(event("tenant.plan.changed"), 2, WAIT);
        JsonNode d = awaitSettled(t, got.get(0).header("X-Service-Delivery"), WAIT);
        assertThat(r.received()).hasSize(2);
        assertThat(d.get("success").asBoolean()).isFalse();
        assertThat(d.get("attempt_count").asInt()).isEqualTo(2);
        assertThat(d.get("final_status_code").asInt()).isEqualTo(504);
        assertThat(d.get("last_error").asString()).startsWith("HTTP 504");
    }

    @Test
    void a4xxAnswerIsFinalBut408And429AreRetried() {
        var t = newTenant("growth");
        HttpsReceiver gone = receiver().answer(Answer.status(410));
        HttpsReceiver busy = receiver().answer(Answer.status(429).withHeader("Retry-After", "1"),
                Answer.status(408));
        webhook(t, Map.of("url", gone.url("/gone"), "events", List.of("tenant.plan.changed"),
                "retry_base_delay_seconds", 1));
        webhook(t, Map.of("url", busy.url("/busy"), "events", List.of("tenant.plan.changed"),
                "retry_base_delay_seconds", 1));
        changePlan(t, "scale");

        String busyDelivery = busy.await(event("tenant.plan.changed"), 3, WAIT).get(0).header("X-Service-Delivery");
        String goneDelivery = gone.await(event("tenant.plan.changed"), 1, WAIT).get(0).header("X-Service-Delivery");
        JsonNode d = awaitSettled(t, goneDelivery, WAIT);
        awaitSettled(t, busyDelivery, WAIT);
        assertThat(gone.received()).hasSize(1);
        assertThat(d.get("success").asBoolean()).isFalse();
        assertThat(d.get("attempt_count").asInt()).isEqualTo(1);
        assertThat(d.get("final_status_code").asInt()).isEqualTo(410);
        assertThat(busy.received()).hasSize(3);
    }

    @Test
    void redirectsAreNeverFollowed() {
        var t = newTenant("growth");
        HttpsReceiver target = receiver();
        HttpsReceiver redirecting = receiver().answer(Answer.status(302).withHeader("Location", target.url("/stolen")));
        webhook(t, Map.of("url", redirecting.url("/r"), "events", List.of("tenant.plan.changed")));
        changePlan(t, "scale");
        String id = redirecting.await(event("tenant.plan.changed"), 1, WAIT).get(0).header("X-Service-Delivery");
        JsonNode d = awaitSettled(t, id, WAIT);
        assertThat(target.received()).isEmpty();
        assertThat(redirecting.received()).hasSize(1);
        assertThat(d.get("success").asBoolean()).isFalse();
        assertThat(d.get("final_status_code").asInt()).isEqualTo(302);
        assertThat(d.get("last_error").asString()).contains("redirect", "not followed");
    }

    @Test
    void aReceiverThatDoesNotAnswerInTimeIsATimeoutAndIsRetried() {
        var t = newTenant("growth");
        // The test context bounds an attempt at 3 s.
        HttpsReceiver slow = receiver().answer(Answer.status(200).after(Duration.ofSeconds(5)));
        webhook(t, Map.of("url", slow.url("/slow"), "events", List.of("tenant.plan.changed"),
                "retry_base_delay_seconds", 1));
        changePlan(t, "scale");
        var got = slow.await(event("tenant.plan.changed"), 2, Duration.ofSeconds(60));
        JsonNode d = awaitDelivery(t, got.get(0).header("X-Service-Delivery"), x -> x.get("success").asBoolean(),
                Duration.ofSeconds(60));
        assertThat(d.get("attempt_count").asInt()).isEqualTo(2);
    }

    @Test
    void inactiveWebhooksReceiveNothing() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        JsonNode hook = webhook(t, Map.of("url", r.url("/off"), "events", List.of("tenant.plan.changed")));
        String offId = hook.get("id").asString();
        var p = api.patchJson("/api/v1/webhooks/" + hook.get("id").asString(), t.key(), Map.of("is_active", false));
        assertThat(p.status()).as(p.text()).isEqualTo(200);
        HttpsReceiver on = receiver();
        webhook(t, Map.of("url", on.url("/on"), "events", List.of("tenant.plan.changed")));
        changePlan(t, "scale");
        on.await(event("tenant.plan.changed"), 1, WAIT);
        // The event's fan-out, which made the delivery above, committed all of its deliveries at once.
        assertThat(deliveries(t, "webhook_id=" + offId).get("total").asInt()).isZero();
        assertThat(r.received()).isEmpty();
    }
}
