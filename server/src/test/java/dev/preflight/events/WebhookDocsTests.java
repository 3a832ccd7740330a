package dev.preflight.events;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * /openapi.json documents every catalogue event under {@code webhooks} (a closed body with the envelope first), the
 * delivery headers, and the billing statuses and headers of the routes.
 */
class WebhookDocsTests extends ServerTestBase {

    private JsonNode doc() {
        var r = api.get("/openapi.json", null);
        assertThat(r.status()).isEqualTo(200);
        return r.json();
    }

    @Test
    void documentsEveryCatalogueEventUnderWebhooksWithAClosedBodyAndTheEnvelopeFirst() {
        JsonNode doc = doc();
        JsonNode webhooks = doc.path("webhooks");
        assertThat(new TreeSet<>(webhooks.propertyNames())).isEqualTo(new TreeSet<>(
                EventCatalogue.ENTRIES.stream().map(EventCatalogue.Entry::name).toList()));
        assertThat(webhooks.propertyNames()).contains("job.completed", "job.failed", "job.state_changed",
                "approval.chain.started", "approval.step.started", "approval.step.decided",
                "approval.chain.completed", "approval.chain.rejected", "approval.chain.cancelled",
                "approval.chain.timeout", "annotation.created", "annotation.deleted", "comment.created",
                "verdict.changed", "report.minted", "report.expired", "share_link.visited", "billing.file_quota.low",
                "billing.file_quota.exhausted", "billing.ai_credits.low", "billing.ai_credits.exhausted",
                "tenant.plan.changed", "test.ping");
        var problems = new ArrayList<String>();
        webhooks.properties().forEach(e -> {
            JsonNode op = e.getValue().path("post");
            String ref = op.path("requestBody").path("content").path("application/json").path("schema").path("$ref")
                    .asString("");
            JsonNode schema = doc.path("components").path("schemas").path(ref.replace("#/components/schemas/", ""));
            if (schema.isMissingNode()) {
                problems.add(e.getKey() + ": no body schema");
                return;
            }
            List<String> props = new ArrayList<>(schema.path("properties").propertyNames());
            if (props.size() < 3 || !props.subList(0, 3).equals(List.of("event", "event_id", "occurred_at"))) {
                problems.add(e.getKey() + ": envelope not first: " + props);
            }
            if (schema.path("additionalProperties").asBoolean(true)) {
                problems.add(e.getKey() + ": body not closed");
            }
            var required = new TreeSet<String>();
            schema.path("required").forEach(n -> required.add(n.asString()));
            if (!required.equals(new TreeSet<>(props))) {
                problems.add(e.getKey() + ": not every field required: " + required + " vs " + props);
            }
            if (!schema.path("properties").path("event").path("enum").toString().equals("[\"" + e.getKey() + "\"]")) {
                problems.add(e.getKey() + ": event not pinned to its name");
            }
            if (!schema.path("properties").path("event_id").path("format").asString("").equals("uuid")
                    || !schema.path("properties").path("occurred_at").path("format").asString("").equals("date-time")) {
                problems.add(e.getKey() + ": event_id/occurred_at formats");
            }
            var headers = new TreeSet<String>();
            op.path("parameters").forEach(p -> {
                if (p.path("in").asString().equals("header") && p.path("required").asBoolean()) {
                    headers.add(p.path("name").asString());
                }
            });
            if (!headers.equals(new TreeSet<>(Set.of("X-Service-Event", "X-Service-Signature", "X-Service-Delivery",
                    "X-Service-Timestamp", "X-Service-Timestamp-Signature")))) {
                problems.add(e.getKey() + ": headers " + headers);
            }
            if (!op.path("responses").has("200")) {
                problems.add(e.getKey() + ": no 2xx");
            }
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void documentsThePayloadsTheSpecGivesFieldForField() {
        JsonNode schemas = doc().path("components").path("schemas");
        assertThat(schemas.path("JobCompletedEvent").path("properties").propertyNames()).containsExactly("event",
                "event_id", "occurred_at", "job_id", "status", "profile_id", "duration_ms", "summary");
        assertThat(schemas.path("JobCompletedEvent").path("properties").path("summary").path("$ref").asString())
                .isEqualTo("#/components/schemas/Summary");
        assertThat(schemas.path("JobFailedEvent").path("properties").propertyNames()).containsExactly("event",
                "event_id", "occurred_at", "job_id", "status", "error");
        assertThat(schemas.path("JobStateChangedEvent").path("properties").propertyNames()).contains("reason",
                "state");
        assertThat(schemas.path("VerdictChangedEvent").path("properties").propertyNames()).contains("previous",
                "current", "verdict_by", "notes");
        assertThat(schemas.path("ReportMintedEvent").path("properties").path("reports").path("items").path("$ref")
                .asString()).isEqualTo("#/components/schemas/MintedReportLink");
        assertThat(schemas.path("MintedReportLink").path("properties").propertyNames()).contains("format", "url",
                "expires_at");
        assertThat(schemas.path("TenantPlanChangedEvent").path("properties").propertyNames()).containsExactly("event",
                "event_id", "occurred_at", "previous_plan", "new_plan");
        assertThat(doc().path("info").path("description").asString()).contains("X-Service-Signature",
                "X-Service-Timestamp", "event_id", "Any 2xx answer is success", "10 s");
    }

    @Test
    void documentsTheFilePoolHeadersOnSubmitAnd429WithRetryAfterOnEveryAuthenticatedRoute() {
        JsonNode doc = doc();
        JsonNode submit = doc.path("paths").path("/api/v1/jobs").path("post").path("responses");
        for (String code : List.of("200", "202", "402")) {
            JsonNode headers = submit.path(code).path("headers");
            assertThat(headers.propertyNames()).as(code).contains("X-RateLimit-Limit", "X-RateLimit-Used",
                    "X-RateLimit-Remaining", "X-RateLimit-Overage", "X-RateLimit-Overage-Count",
                    "X-RateLimit-Overage-Rate-Cents", "X-RateLimit-Overage-Cost-Cents");
            assertThat(headers.path("X-RateLimit-Limit").path("required").asBoolean()).isTrue();
            assertThat(headers.path("X-RateLimit-Overage").path("required").asBoolean()).isFalse();
        }
        assertThat(submit.path("402").path("content").toString()).contains("ErrorResponse");
        var missing = new ArrayList<String>();
        doc.path("paths").properties().forEach(p -> p.getValue().properties().forEach(op -> {
            boolean bearer = op.getValue().path("security").toString().contains("bearer");
            JsonNode tooMany = op.getValue().path("responses").path("429");
            if (bearer && tooMany.path("headers").path("Retry-After").isMissingNode()) {
                missing.add(op.getKey().toUpperCase(Locale.ROOT) + " " + p.getKey());
            }
            if (!bearer && !tooMany.isMissingNode()) {
                missing.add("unlimited route documents 429: " + op.getKey() + " " + p.getKey());
            }
        }));
        assertThat(missing).isEmpty();
    }
}
