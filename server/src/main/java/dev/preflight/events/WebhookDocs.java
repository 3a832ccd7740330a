package dev.preflight.events;

import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Documents every catalogue event under the OpenAPI 3.1 {@code webhooks} section: the POST a receiver gets, its
 * headers, and its JSON body, which is the event's payload record with {@code event}, {@code event_id} and
 * {@code occurred_at} in front. Runs before the schema rules, which then close the bodies and mark every field
 * required, as for responses.
 */
@Component
@Order(1)
class WebhookDocs implements OpenApiCustomizer {

    static final String DELIVERY_RULES = """

            Webhooks: events are delivered by HTTPS POST to each subscribed webhook (see the `webhooks` section).
            Headers: `X-Service-Event` (event name), `X-Service-Signature` (`sha256=` + hex HMAC-SHA256 of the raw
            body keyed with the webhook's signing secret; during a secret rotation two comma-separated values, one
            per secret: accept the request if either matches), `X-Service-Delivery` (delivery id),
            `X-Service-Timestamp` (Unix seconds when this attempt was sent) and `X-Service-Timestamp-Signature`
            (`sha256=` + hex HMAC-SHA256 of `<timestamp>.<raw body>`, same secrets), `Content-Type: application/json`.
            Verify with a constant-time comparison. To reject replayed requests, verify the timestamp signature,
            refuse timestamps more than 5 minutes old, and treat `event_id` as an idempotency key (retries and
            replays of one event carry the same body and `event_id`). Any 2xx answer is success; 5xx, 408, 429,
            timeouts (10 s per attempt) and connection errors are retried up to `max_retries` times after
            `retry_base_delay_seconds * 2^n`, capped at `retry_max_delay_seconds`; any other answer (other 4xx, 3xx:
            redirects are never followed) ends the delivery.
            """;

    private static final String REF = "#/components/schemas/";

    @Override
    public void customise(OpenAPI openApi) {
        if (openApi.getComponents() == null) {
            openApi.setComponents(new Components());
        }
        for (EventCatalogue.Entry entry : EventCatalogue.ENTRIES) {
            String schemaName = schemaName(entry.payload());
            Map<String, Schema> resolved = ModelConverters.getInstance(true).readAll(entry.payload());
            resolved.forEach((name, schema) -> {
                if (openApi.getComponents().getSchemas() == null
                        || !openApi.getComponents().getSchemas().containsKey(name)) {
                    openApi.getComponents().addSchemas(name, schema);
                }
            });
            Schema<?> body = openApi.getComponents().getSchemas().get(schemaName);
            withEnvelope(body, entry);
            openApi.addWebhooks(entry.name(), new PathItem().post(operation(entry, schemaName)));
        }
        if (openApi.getInfo() != null && openApi.getInfo().getDescription() != null
                && !openApi.getInfo().getDescription().contains("Webhooks: events are delivered")) {
            openApi.getInfo().setDescription(openApi.getInfo().getDescription() + DELIVERY_RULES);
        }
    }

    static String schemaName(Class<?> payload) {
        var annotation = payload.getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
        if (annotation == null || annotation.name().isBlank()) {
            throw new IllegalStateException(payload.getName() + " needs @Schema(name = \"...Event\")");
        }
        return annotation.name();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void withEnvelope(Schema body, EventCatalogue.Entry entry) {
        Map<String, Schema> props = new LinkedHashMap<>();
        Schema event = new JsonSchema().types(Set.of("string")).description("the event name");
        event.setEnum(new ArrayList<>(List.of(entry.name())));
        props.put("event", event);
        props.put("event_id", new JsonSchema().types(Set.of("string")).format("uuid")
                .description("unique per event; retries and replays of the event carry the same id"));
        props.put("occurred_at", new JsonSchema().types(Set.of("string")).format("date-time")
                .description("when the change happened (committed), UTC"));
        if (body.getProperties() != null) {
            ((Map<String, Schema>) body.getProperties()).forEach(props::putIfAbsent);
        }
        body.setProperties(props);
        var required = new ArrayList<String>(List.of("event", "event_id", "occurred_at"));
        if (body.getRequired() != null) {
            ((List<String>) body.getRequired()).stream().filter(r -> !required.contains(r)).forEach(required::add);
        }
        body.setRequired(required);
        body.setDescription("Body of the `" + entry.name() + "` event: " + entry.emittedWhen() + ".");
    }

    private static Operation operation(EventCatalogue.Entry entry, String schemaName) {
        var op = new Operation()
                .operationId("on" + camel(entry.name()))
                .summary(entry.name())
                .description("Emitted when " + entry.emittedWhen() + ". Signed and retried as the API description "
                        + "says under Webhooks.")
                .addTagsItem("webhooks")
                .requestBody(new RequestBody().required(true).content(new Content().addMediaType("application/json",
                        new MediaType().schema(new JsonSchema().$ref(REF + schemaName)))))
                .responses(new ApiResponses().addApiResponse("200", new ApiResponse()
                        .description("Any 2xx status acknowledges the delivery; the body is ignored")));
        var eventHeader = new JsonSchema().types(Set.of("string"));
        eventHeader.setEnum(new ArrayList<>(List.of(entry.name())));
        op.addParametersItem(header("X-Service-Event", "the event name", eventHeader));
        op.addParametersItem(header("X-Service-Signature", "sha256=<hex HMAC-SHA256 of the raw body>; during a "
                + "signing-secret rotation two comma-separated values", new JsonSchema().types(Set.of("string"))
                .pattern("^sha256=[0-9a-f]{64}(,\\s*sha256=[0-9a-f]{64})?$")));
        op.addParametersItem(header("X-Service-Delivery", "the delivery id (GET /api/v1/webhooks/deliveries/{id}); "
                        + "a test.ping carries a fresh id that is not stored",
                new JsonSchema().types(Set.of("string")).format("uuid")));
        op.addParametersItem(header("X-Service-Timestamp", "Unix time (seconds) this attempt was sent",
                new JsonSchema().types(Set.of("string")).pattern("^[0-9]+$")));
        op.addParametersItem(header("X-Service-Timestamp-Signature", "sha256=<hex HMAC-SHA256 of "
                + "\"<X-Service-Timestamp>.<raw body>\">; reject requests whose timestamp is older than 5 minutes",
                new JsonSchema().types(Set.of("string")).pattern("^sha256=[0-9a-f]{64}(,\\s*sha256=[0-9a-f]{64})?$")));
        return op;
    }

    private static HeaderParameter header(String name, String description, Schema<?> schema) {
        var p = new HeaderParameter();
        p.setName(name);
        p.setRequired(true);
        p.setDescription(description);
        p.setSchema(schema);
        return p;
    }

    private static String camel(String name) {
        var sb = new StringBuilder();
        for (String part : name.split("[._]")) {
            if (!part.isEmpty()) {
                sb.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return sb.toString();
    }
}
