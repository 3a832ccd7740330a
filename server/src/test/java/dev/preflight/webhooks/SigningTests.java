package dev.preflight.webhooks;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.HttpsReceiver.Answer;
import dev.preflight.support.WebhookTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/** Signing secrets (reveal, rotation with two signatures) and the synchronous test ping. */
class SigningTests extends WebhookTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void duringARotationBothSecretsSignAndEitherVerifies() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        JsonNode hook = webhook(t, Map.of("url", r.url("/rot"), "events", List.of("tenant.plan.changed")));
        String id = hook.get("id").asString();
        String old = secret(t, id);
        assertThat(old).startsWith("whsec_").hasSizeGreaterThan(40);

        var rotated = api.postJson("/api/v1/webhooks/" + id + "/signing-secret/rotate", t.key(), Map.of());
        assertThat(rotated.status()).as(rotated.text()).isEqualTo(200);
        String current = rotated.json().get("signing_secret").asString();
        assertThat(current).startsWith("whsec_").isNotEqualTo(old);
        assertThat(rotated.json().get("previous_signing_secret").asString()).isEqualTo(old);
        Instant expires = Instant.parse(rotated.json().get("previous_secret_expires_at").asString());
        assertThat(expires).isBetween(Instant.now().plus(Duration.ofHours(23)), Instant.now().plus(Duration.ofHours(25)));
        assertThat(secret(t, id)).isEqualTo(current);

        changePlan(t, "scale");
        var got = r.await(event("tenant.plan.changed"), 1, WAIT).get(0);
        assertThat(got.header("X-Service-Signature")).isEqualTo("sha256=" + hmacHex(current, got.body())
                + ", sha256=" + hmacHex(old, got.body()));
    }

    @Test
    void theTestRouteSendsASignedPingSynchronouslyAndReportsTheAnswer() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver().answer(Answer.status(204), Answer.status(500));
        JsonNode hook = webhook(t, Map.of("url", r.url("/ping")));
        String id = hook.get("id").asString();

        var ok = api.postJson("/api/v1/webhooks/" + id + "/test", t.key(), Map.of());
        assertThat(ok.status()).as(ok.text()).isEqualTo(200);
        assertThat(ok.json().get("success").asBoolean()).isTrue();
        assertThat(ok.json().get("status_code").asInt()).isEqualTo(204);
        assertThat(ok.json().get("error").isNull()).isTrue();
        assertThat(ok.json().get("event").asString()).isEqualTo("test.ping");
        // Synchronous: the receiver already has it.
        assertThat(r.received()).hasSize(1);
        var ping = r.received().get(0);
        assertThat(ping.header("X-Service-Event")).isEqualTo("test.ping");
        assertThat(ping.header("X-Service-Signature")).isEqualTo("sha256=" + hmacHex(secret(t, id), ping.body()));
        api.checkWebhook("test.ping", ping.body());
        assertThat(JSON.readTree(ping.body()).get("webhook_id").asString()).isEqualTo(id);

        var failed = api.postJson("/api/v1/webhooks/" + id + "/test", t.key(), Map.of());
        assertThat(failed.json().get("success").asBoolean()).isFalse();
        assertThat(failed.json().get("status_code").asInt()).isEqualTo(500);
        assertThat(failed.json().get("error").asString()).startsWith("HTTP 500");
        // A ping is not a delivery.
        assertThat(deliveries(t, "").get("total").asInt()).isZero();
    }

    @Test
    void aPingToAClosedPortReportsTheConnectionError() {
        var t = newTenant("growth");
        int closedPort;
        try (var s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        JsonNode hook = webhook(t, Map.of("url", "https://127.0.0.1:" + closedPort + "/none"));
        var r = api.postJson("/api/v1/webhooks/" + hook.get("id").asString() + "/test", t.key(), Map.of());
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("success").asBoolean()).isFalse();
        assertThat(r.json().get("status_code").isNull()).isTrue();
        assertThat(r.json().get("error").asString()).startsWith("Connection failed");
    }
}
