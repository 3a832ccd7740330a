package dev.preflight.webhooks;

import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.WebhookTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/** The nightly sweep: delivery_retention_days, and retention_overrides where the longest matching pattern wins. */
class RetentionSweepTests extends WebhookTestBase {

    @Autowired
    WebhookService webhooks;

    @Test
    void removesDeliveriesPastTheirRetentionByTheLongestMatchingPattern() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        JsonNode hook = webhook(t, Map.of("url", r.url("/keep"), "events", List.of(),
                "delivery_retention_days", 10,
                "retention_overrides", Map.of("tenant.*", 30, "tenant.plan.changed", 60, "*", 20)));
        HttpsReceiver forever = receiver();
        JsonNode keepAll = webhook(t, Map.of("url", forever.url("/forever"), "events", List.of()));
        assertThat(hook.get("retention_overrides").get("tenant.plan.changed").asInt()).isEqualTo(60);

        changePlan(t, "scale");
        r.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
        forever.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
        String hookQuery = "webhook_id=" + hook.get("id").asString();
        assertThat(deliveries(t, hookQuery).get("total").asInt()).isEqualTo(1);

        // 59 days on, "tenant.plan.changed" (60, the longest match) keeps it over "tenant.*" (30) and "*" (20).
        webhooks.sweepRetention(Instant.now().plus(Duration.ofDays(59)));
        assertThat(deliveries(t, hookQuery).get("total").asInt()).isEqualTo(1);
        webhooks.sweepRetention(Instant.now().plus(Duration.ofDays(61)));
        assertThat(deliveries(t, hookQuery).get("total").asInt()).isZero();
        // A webhook without retention keeps everything.
        webhooks.sweepRetention(Instant.now().plus(Duration.ofDays(3650)));
        assertThat(deliveries(t, "webhook_id=" + keepAll.get("id").asString()).get("total").asInt()).isEqualTo(1);
    }

    @Test
    void withoutAMatchingPatternDeliveryRetentionDaysApplies() {
        var t = newTenant("growth");
        HttpsReceiver r = receiver();
        JsonNode hook = webhook(t, Map.of("url", r.url("/days"), "events", List.of("tenant.plan.changed"),
                "delivery_retention_days", 10, "retention_overrides", Map.of("job.*", 90)));
        changePlan(t, "scale");
        r.await(event("tenant.plan.changed"), 1, Duration.ofSeconds(30));
        String q = "webhook_id=" + hook.get("id").asString();
        webhooks.sweepRetention(Instant.now().plus(Duration.ofDays(9)));
        assertThat(deliveries(t, q).get("total").asInt()).isEqualTo(1);
        webhooks.sweepRetention(Instant.now().plus(Duration.ofDays(11)));
        assertThat(deliveries(t, q).get("total").asInt()).isZero();
    }

    @Test
    void globPatternsMatchAsDocumented() {
        assertThat(RetentionPatterns.matches("*", "job.completed")).isTrue();
        assertThat(RetentionPatterns.matches("job.*", "job.completed")).isTrue();
        assertThat(RetentionPatterns.matches("job.*", "job.state_changed")).isTrue();
        assertThat(RetentionPatterns.matches("job.*", "jobs.completed")).isFalse();
        assertThat(RetentionPatterns.matches("approval.*.started", "approval.chain.started")).isTrue();
        assertThat(RetentionPatterns.matches("approval.*.started", "approval.step.decided")).isFalse();
        assertThat(RetentionPatterns.matches("job.faile?", "job.failed")).isTrue();
        assertThat(RetentionPatterns.matches("job.failed", "job.failed.x")).isFalse();
        assertThat(RetentionPatterns.matches("*.*.*", "billing.file_quota.low")).isTrue();
    }
}
