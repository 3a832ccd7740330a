package dev.preflight.support;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The served /openapi.json as a test oracle: every answer a test receives is checked against the operation the
 * document declares for its method and path. The status must be documented; a JSON body must validate (JSON Schema
 * 2020-12, formats asserted) against the declared schema, whose objects are closed, so a field added, renamed,
 * mistyped or nulled in code but not in the contract fails the test that received it; a binary body must have a
 * documented media type.
 */
public final class Contract {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String COMPONENTS = "#/components/schemas/";
    private static final String DEFS = "#/$defs/";

    private final List<Route> routes;
    private final JsonNode webhooks;
    private final JsonNode defs;
    private final SchemaRegistry registry;
    private final Map<String, Schema> compiled = new ConcurrentHashMap<>();

    private record Route(String method, String template, Pattern pattern, int literals, JsonNode operation) {
    }

    public Contract(JsonNode document) {
        this.defs = rewriteRefs(document.path("components").path("schemas"));
        this.webhooks = document.path("webhooks");
        this.registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true)
                        .typeLoose(false).build()));
        var list = new ArrayList<Route>();
        document.path("paths").properties().forEach(p -> p.getValue().properties().forEach(op -> {
            String method = op.getKey().toUpperCase(Locale.ROOT);
            if (List.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
                list.add(new Route(method, p.getKey(), pattern(p.getKey()), literals(p.getKey()), op.getValue()));
            }
        }));
        list.sort(Comparator.comparingInt(Route::literals).reversed());
        this.routes = List.copyOf(list);
    }

    /**
     * Checks one answer. Paths the document does not describe (Swagger UI, the document itself, unknown paths) are
     * not checked here: the contract tests prove every handler is documented.
     */
    public void check(String method, URI uri, int status, String contentType, byte[] body) {
        String path = uri.getRawPath();
        Route route = routes.stream().filter(r -> r.method().equals(method) && r.pattern().matcher(path).matches())
                .findFirst().orElse(null);
        if (route == null) {
            return;
        }
        String where = method + " " + route.template() + " -> " + status;
        JsonNode response = route.operation().path("responses").path(Integer.toString(status));
        if (response.isMissingNode()) {
            response = route.operation().path("responses").path("default");
        }
        if (response.isMissingNode()) {
            throw new AssertionError("Undocumented status: " + where + " (documented: "
                    + route.operation().path("responses").propertyNames() + "); body: " + excerpt(body));
        }
        JsonNode content = response.path("content");
        if (body.length == 0) {
            return;
        }
        String media = contentType == null ? "" : contentType.split(";")[0].trim().toLowerCase(Locale.ROOT);
        if (content.isMissingNode() || content.isEmpty()) {
            throw new AssertionError("Body on a response documented without content: " + where + ": " + excerpt(body));
        }
        if (!media.equals("application/json") && !media.endsWith("+json")) {
            boolean documented = content.has(media) || content.has("*/*")
                    || (media.startsWith("image/") && content.has("image/*"));
            if (!documented) {
                throw new AssertionError("Undocumented media type " + media + " on " + where + " (documented: "
                        + content.propertyNames() + ")");
            }
            return;
        }
        JsonNode schema = content.has(media) ? content.get(media).path("schema")
                : content.has("application/json") ? content.get("application/json").path("schema")
                : content.has("*/*") ? content.get("*/*").path("schema") : null;
        if (schema == null || schema.isMissingNode()) {
            throw new AssertionError("No JSON schema documented for " + where + " (documented: "
                    + content.propertyNames() + ")");
        }
        JsonNode instance = JSON.readTree(body);
        String key = route.method() + " " + route.template() + " " + status + " " + media;
        Schema compiledSchema = compiled.computeIfAbsent(key, k -> compile(schema));
        List<Error> errors = compiledSchema.validate(instance);
        if (!errors.isEmpty()) {
            var sb = new StringBuilder("Response does not match /openapi.json: ").append(where);
            errors.stream().limit(10).forEach(e -> sb.append("\n  ").append(e.getInstanceLocation()).append(": ")
                    .append(e.getMessage()));
            sb.append("\n  body: ").append(excerpt(body));
            throw new AssertionError(sb.toString());
        }
    }

    /**
     * Checks a webhook body a receiver got against the {@code webhooks} section: the event must be documented and
     * the body must validate (closed objects, every field required, formats asserted).
     */
    public void checkWebhook(String event, byte[] body) {
        JsonNode schema = webhooks.path(event).path("post").path("requestBody").path("content")
                .path("application/json").path("schema");
        if (schema.isMissingNode()) {
            throw new AssertionError("Webhook event not documented under webhooks: " + event);
        }
        Schema compiledSchema = compiled.computeIfAbsent("webhook " + event, k -> compile(schema));
        List<Error> errors = compiledSchema.validate(JSON.readTree(body));
        if (!errors.isEmpty()) {
            var sb = new StringBuilder("Webhook body does not match /openapi.json: ").append(event);
            errors.stream().limit(10).forEach(e -> sb.append("\n  ").append(e.getInstanceLocation()).append(": ")
                    .append(e.getMessage()));
            sb.append("\n  body: ").append(excerpt(body));
            throw new AssertionError(sb.toString());
        }
    }

    private Schema compile(JsonNode responseSchema) {
        ObjectNode root = JSON.createObjectNode();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.set("$defs", defs);
        ArrayNode all = root.putArray("allOf");
        all.add(rewriteRefs(responseSchema));
        return registry.getSchema(root);
    }

    /**
     * A deep copy whose references into components/schemas point at the local $defs instead, and whose object
     * schemas are closed: an object with declared properties and no explicit {@code additionalProperties} may not
     * carry undeclared ones ({@code unevaluatedProperties: false}), whatever the document says.
     */
    private static JsonNode rewriteRefs(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = JSON.createObjectNode();
            if (node.has("properties") && !node.has("additionalProperties") && !node.has("unevaluatedProperties")) {
                out.put("unevaluatedProperties", false);
            }
            node.properties().forEach(e -> {
                JsonNode v = e.getValue();
                if (e.getKey().equals("$ref") && v.isString() && v.asString().startsWith(COMPONENTS)) {
                    out.set("$ref", StringNode.valueOf(DEFS + v.asString().substring(COMPONENTS.length())));
                } else {
                    out.set(e.getKey(), rewriteRefs(v));
                }
            });
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JSON.createArrayNode();
            node.values().forEach(v -> out.add(rewriteRefs(v)));
            return out;
        }
        return node;
    }

    private static Pattern pattern(String template) {
        var sb = new StringBuilder("^");
        int i = 0;
        while (i < template.length()) {
            int open = template.indexOf('{', i);
            if (open < 0) {
                sb.append(Pattern.quote(template.substring(i)));
                break;
            }
            sb.append(Pattern.quote(template.substring(i, open)));
            int close = template.indexOf('}', open);
            sb.append("[^/]+?");
            i = close + 1;
        }
        return Pattern.compile(sb.append("$").toString());
    }

    private static int literals(String template) {
        return template.replaceAll("\\{[^}]*}", "").length();
    }

    private static String excerpt(byte[] body) {
        String s = new String(body, java.nio.charset.StandardCharsets.UTF_8);
        return s.length() > 600 ? s.substring(0, 600) + "..." : s;
    }
}
