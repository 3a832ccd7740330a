package dev.preflight.webhooks;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The webhooks module's request and response bodies (spec: Webhook, Webhook delivery). */
final class WebhookResponses {

    private WebhookResponses() {
    }

    static final String EVENTS_DOC = "event names to deliver; [] subscribes to every event; default "
            + "[job.completed, job.failed]. Names: job.completed, job.failed, job.fixed, job.state_changed, "
            + "approval.chain.started, "
            + "approval.step.started, approval.step.decided, approval.chain.completed, approval.chain.rejected, "
            + "approval.chain.cancelled, approval.chain.timeout, annotation.created, annotation.deleted, "
            + "comment.created, verdict.changed, report.minted, report.expired, share_link.visited, "
            + "billing.file_quota.low, billing.file_quota.exhausted, billing.ai_credits.low, "
            + "billing.ai_credits.exhausted, tenant.plan.changed";

    @Schema(name = "CreateWebhookRequest")
    record CreateWebhook(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "uri", maxLength = 2048,
                    description = "HTTPS URL; must not resolve to a loopback, private, link-local, CGNAT, multicast "
                            + "or unspecified address") String url,
            @ArraySchema(arraySchema = @Schema(description = EVENTS_DOC)) List<String> events,
            @Schema(defaultValue = "true") Boolean isActive,
            @Schema(minimum = "0", maximum = "10", types = {"integer", "null"},
                    description = "retries after the first attempt; null (the default) inherits the platform "
                            + "default, 3") Integer maxRetries,
            @Schema(minimum = "1", maximum = "600", defaultValue = "5", description = "delay before the first retry; "
                    + "doubles per retry") Integer retryBaseDelaySeconds,
            @Schema(minimum = "1", maximum = "3600", defaultValue = "300", description = "backoff ceiling")
            Integer retryMaxDelaySeconds,
            @Schema(minimum = "1", maximum = "365", types = {"integer", "null"},
                    description = "days delivery rows are kept; null keeps them forever") Integer deliveryRetentionDays,
            @Schema(description = "days per event-name glob pattern (* and ?); the longest matching pattern wins "
                    + "over delivery_retention_days; at most 50") Map<String, Integer> retentionOverrides) {
    }

    @Schema(name = "UpdateWebhookRequest", description = "Any subset of the fields; omitted fields stay as they "
            + "are; null resets max_retries, retry delays, delivery_retention_days, retention_overrides and events to "
            + "their defaults")
    record UpdateWebhook(
            @Schema(format = "uri", maxLength = 2048) String url,
            @ArraySchema(arraySchema = @Schema(description = EVENTS_DOC)) List<String> events,
            Boolean isActive,
            @Schema(minimum = "0", maximum = "10", types = {"integer", "null"}) Integer maxRetries,
            @Schema(minimum = "1", maximum = "600", types = {"integer", "null"}) Integer retryBaseDelaySeconds,
            @Schema(minimum = "1", maximum = "3600", types = {"integer", "null"}) Integer retryMaxDelaySeconds,
            @Schema(minimum = "1", maximum = "365", types = {"integer", "null"}) Integer deliveryRetentionDays,
            Map<String, Integer> retentionOverrides) {
    }

    @Schema(name = "Webhook", description = "A webhook; its signing secret is never part of it "
            + "(GET /api/v1/webhooks/{webhook_id}/signing-secret reveals it)")
    record WebhookBody(@Schema(format = "uuid") String id,
                       @Schema(format = "uri") String url,
                       @ArraySchema(arraySchema = @Schema(description = "subscribed events; empty = every event"))
                       List<String> events,
                       boolean isActive,
                       @Schema(minimum = "0", maximum = "10", description = "null inherits the platform default (3)")
                       @Nullable Integer maxRetries,
                       @Schema(minimum = "1", maximum = "600") int retryBaseDelaySeconds,
                       @Schema(minimum = "1", maximum = "3600") int retryMaxDelaySeconds,
                       @Schema(minimum = "1", maximum = "365", description = "null keeps deliveries forever")
                       @Nullable Integer deliveryRetentionDays,
                       Map<String, Integer> retentionOverrides,
                       Instant createdAt) {
        static WebhookBody of(Webhook w) {
            return new WebhookBody(w.id(), w.url(), w.events(), w.active(), w.maxRetries(), w.retryBaseDelaySeconds(),
                    w.retryMaxDelaySeconds(), w.deliveryRetentionDays(), w.retentionOverrides(), w.createdAt());
        }
    }

    @Schema(name = "WebhookList")
    record WebhookList(List<WebhookBody> webhooks) {
    }

    @Schema(name = "WebhookSigningSecret", description = "The secret deliveries are signed with. After a rotation the "
            + "previous secret signs too (a second sha256= value) until previous_secret_expires_at.")
    record SigningSecret(@Schema(format = "uuid") String webhookId,
                         String signingSecret,
                         @Nullable String previousSigningSecret,
                         @Nullable Instant previousSecretExpiresAt) {
        static SigningSecret of(Webhook w) {
            boolean window = w.previousSigningSecret() != null && w.previousSecretExpiresAt() != null
                    && w.previousSecretExpiresAt().isAfter(Instant.now());
            return new SigningSecret(w.id(), w.signingSecret(), window ? w.previousSigningSecret() : null,
                    window ? w.previousSecretExpiresAt() : null);
        }
    }

    @Schema(name = "WebhookTestResult")
    record TestResult(boolean success,
                      @Schema(description = "the receiver's status code; null when no answer came") @Nullable Integer statusCode,
                      @Schema(description = "why it failed; null on success") @Nullable String error,
                      @Schema(allowableValues = "test.ping") String event) {
    }

    @Schema(name = "WebhookDelivery")
    record DeliveryBody(@Schema(format = "uuid") String id,
                        @Schema(format = "uuid") String webhookId,
                        String event,
                        @Schema(format = "uri") String url,
                        @Schema(minimum = "0") int attemptCount,
                        @Schema(description = "status code of the last answer; null when none came") @Nullable Integer finalStatusCode,
                        boolean success,
                        @Nullable String lastError,
                        Instant createdAt,
                        @Schema(description = "when a 2xx answer came") @Nullable Instant deliveredAt) {
        static DeliveryBody of(Delivery d) {
            return new DeliveryBody(d.id(), d.webhookId(), d.eventType(), d.url(), d.attemptCount(),
                    d.finalStatusCode(), d.success(), d.lastError(), d.createdAt(), d.deliveredAt());
        }
    }

    @Schema(name = "WebhookDeliveryDetail")
    record DeliveryDetail(@Schema(format = "uuid") String id,
                          @Schema(format = "uuid") String webhookId,
                          String event,
                          @Schema(format = "uri") String url,
                          @Schema(minimum = "0") int attemptCount,
                          @Nullable Integer finalStatusCode,
                          boolean success,
                          @Nullable String lastError,
                          Instant createdAt,
                          @Nullable Instant deliveredAt,
                          @Schema(description = "the exact signed body, as sent (a JSON document in a string, so "
                                  + "that its signature can be checked byte for byte)") String payload) {
        static DeliveryDetail of(Delivery d) {
            return new DeliveryDetail(d.id(), d.webhookId(), d.eventType(), d.url(), d.attemptCount(),
                    d.finalStatusCode(), d.success(), d.lastError(), d.createdAt(), d.deliveredAt(), d.body());
        }
    }

    @Schema(name = "WebhookDeliveryList")
    record DeliveryList(List<DeliveryBody> deliveries, @Schema(minimum = "0") long total, @Schema(minimum = "1") int page,
                        @Schema(minimum = "1") int pageSize) {
    }
}
