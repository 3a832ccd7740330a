package dev.preflight.platform;

import dev.preflight.support.ServerTestBase;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The served /openapi.json is the contract clients are generated from: valid OpenAPI 3.1, every route of the
 * project's route list and nothing else, names as on the wire, every status typed.
 */
class OpenApiContractTests extends ServerTestBase {

    /**
     * Routes of the route list that are not built yet, by module. Whoever builds a module removes it here; a route
     * listed here that the document contains fails {@link #documentsExactlyTheRoutesOfTheRouteList()}.
     */
    private static final Set<String> NOT_YET_MODULES = Set.of();

    /** Single routes of built modules that are not built yet. */
    private static final Set<String> NOT_YET_ROUTES = Set.of();

    private static final Pattern SNAKE = Pattern.compile("[a-z][a-z0-9]*(_[a-z0-9]+)*");

    private record Route(String method, String path, String access, String module) {
        String key() {
            return method + " " + path;
        }
    }

    private String text;
    private JsonNode doc;

    @BeforeEach
    void load() {
        var r = api.get("/openapi.json", null);
        assertThat(r.status()).isEqualTo(200);
        text = r.text();
        doc = r.json();
    }

    /** The project's copy of the route list (spec routes plus the routes we designed), one route per line. */
    private static List<Route> routeList() throws IOException {
        try (InputStream in = OpenApiContractTests.class.getResourceAsStream("/contract/routes.tsv")) {
            assertThat(in).as("contract/routes.tsv on the test classpath").isNotNull();
            var out = new ArrayList<Route>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] c = line.split("\t");
                out.add(new Route(c[0], c[1], c[2], c[3]));
            }
            return out;
        }
    }

    private static boolean notYet(Route r) {
        return NOT_YET_MODULES.contains(r.module()) || NOT_YET_ROUTES.contains(r.key());
    }

    @Test
    void servesOpenApi31AtExactlyOpenapiJson() {
        assertThat(doc.get("openapi").asString()).startsWith("3.1");
        assertThat(api.unchecked().get("/v3/api-docs", null).status()).isEqualTo(404);
        assertThat(api.unchecked().get("/docs", null).status()).isIn(200, 302);
    }

    @Test
    void parsesAsValidOpenApi31WithEveryReferenceResolved() {
        var options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(text, null, options);
        assertThat(result.getMessages()).as("parser messages").isEmpty();
        assertThat(result.getOpenAPI()).isNotNull();
        assertThat(result.getOpenAPI().getOpenapi()).startsWith("3.1");
        var missing = new TreeSet<String>();
        collectRefs(doc, missing);
        missing.removeIf(ref -> ref.startsWith("#/components/schemas/")
                && doc.path("components").path("schemas").has(ref.substring("#/components/schemas/".length())));
        assertThat(missing).as("unresolved references").isEmpty();
    }

    private static void collectRefs(JsonNode node, Set<String> refs) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                if (e.getKey().equals("$ref") && e.getValue().isString()) {
                    refs.add(e.getValue().asString());
                } else {
                    collectRefs(e.getValue(), refs);
                }
            });
        } else if (node.isArray()) {
            node.values().forEach(v -> collectRefs(v, refs));
        }
    }

    @Test
    void documentsExactlyTheRoutesOfTheRouteList() throws IOException {
        var listed = new HashSet<String>();
        var problems = new ArrayList<String>();
        for (Route route : routeList()) {
            listed.add(route.key());
            if (route.path().equals("/openapi.json")) {
                continue; // the document cannot describe itself; servesOpenApi31AtExactlyOpenapiJson covers it
            }
            JsonNode op = doc.path("paths").path(route.path()).path(route.method().toLowerCase(Locale.ROOT));
            if (notYet(route)) {
                if (!op.isMissingNode()) {
                    problems.add(route.key() + " is built: remove it from NOT_YET");
                }
                continue;
            }
            if (op.isMissingNode()) {
                problems.add(route.key() + " is not documented");
                continue;
            }
            boolean bearer = op.path("security").toString().contains("bearer");
            if (route.access().equals("bearer") != bearer) {
                problems.add(route.key() + ": bearer security " + (bearer ? "documented on a " + route.access()
                        + " route" : "missing"));
            }
        }
        doc.path("paths").properties().forEach(p -> p.getValue().propertyNames().forEach(m -> {
            String key = m.toUpperCase(Locale.ROOT) + " " + p.getKey();
            if (Set.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(m.toUpperCase(Locale.ROOT))
                    && !listed.contains(key)) {
                problems.add(key + " is documented but missing from contract/routes.tsv");
            }
        }));
        assertThat(problems).isEmpty();
    }

    @Test
    void namesEveryPropertyAndParameterAsOnTheWire() {
        var bad = new TreeSet<String>();
        doc.path("components").path("schemas").properties().forEach(s -> s.getValue().path("properties")
                .propertyNames().forEach(name -> {
                    if (!SNAKE.matcher(name).matches()) {
                        bad.add(s.getKey() + "." + name);
                    }
                }));
        doc.path("paths").properties().forEach(p -> p.getValue().properties().forEach(op -> {
            op.getValue().path("parameters").values().forEach(param -> {
                if (!param.path("in").asString().equals("header")
                        && !SNAKE.matcher(param.path("name").asString()).matches()) {
                    bad.add(op.getKey() + " " + p.getKey() + " ?" + param.path("name").asString());
                }
            });
            op.getValue().path("requestBody").path("content").path("multipart/form-data").path("schema")
                    .path("properties").propertyNames().forEach(name -> {
                        if (!SNAKE.matcher(name).matches()) {
                            bad.add(op.getKey() + " " + p.getKey() + " part " + name);
                        }
                    });
        }));
        assertThat(bad).as("names that are not snake_case").isEmpty();
    }

    @Test
    void everyOperationHasATypedSuccessAndTypedErrors() {
        var problems = new ArrayList<String>();
        doc.path("paths").properties().forEach(p -> p.getValue().properties().forEach(op -> {
            String where = op.getKey().toUpperCase(Locale.ROOT) + " " + p.getKey();
            JsonNode responses = op.getValue().path("responses");
            boolean success = false;
            for (String code : responses.propertyNames()) {
                JsonNode r = responses.get(code);
                if (code.startsWith("2")) {
                    success = true;
                    if (!code.equals("204") && r.path("content").isEmpty()) {
                        problems.add(where + " " + code + " has no content type");
                    }
                    if (code.equals("204") && !r.path("content").isEmpty()) {
                        problems.add(where + " 204 documents a body");
                    }
                    continue;
                }
                if (code.equals("304")) {
                    // "not modified" has no body by definition (RFC 9110 15.4.5)
                    if (!r.path("content").isEmpty()) {
                        problems.add(where + " 304 documents a body");
                    }
                    continue;
                }
                JsonNode schema = r.path("content").path("application/json").path("schema");
                String s = schema.toString();
                boolean typed = s.contains("#/components/schemas/ErrorResponse")
                        || s.contains("#/components/schemas/ValidationErrorResponse")
                        || (p.getKey().equals("/ready") && s.contains("#/components/schemas/Readiness"))
                        || (p.getKey().equals("/api/v1/ai/health") && s.contains("#/components/schemas/AiHealth"))
                        || (code.equals("402") && s.contains("#/components/schemas/AiCostCapResponse"));
                if (!typed) {
                    problems.add(where + " " + code + " is not typed with ErrorResponse/ValidationErrorResponse: " + s);
                }
            }
            if (!success) {
                problems.add(where + " documents no 2xx");
            }
            if (op.getValue().path("security").toString().contains("bearer") && !responses.has("401")) {
                problems.add(where + " is authenticated but documents no 401");
            }
        }));
        assertThat(problems).isEmpty();
    }

    @Test
    void namesEveryOperationForGeneratedClients() {
        var ids = new ArrayList<String>();
        var bad = new TreeSet<String>();
        doc.path("paths").properties().forEach(p -> p.getValue().properties().forEach(op -> {
            String id = op.getValue().path("operationId").asString("");
            ids.add(id);
            if (!id.matches("[a-z][A-Za-z]*")) {
                bad.add(op.getKey().toUpperCase(Locale.ROOT) + " " + p.getKey() + " -> '" + id + "'");
            }
        }));
        assertThat(bad).as("operations without an explicit lowerCamelCase operationId").isEmpty();
        assertThat(ids).doesNotHaveDuplicates();
    }

    @Test
    void closesResponseObjectsAndMarksNullableFields() {
        JsonNode job = doc.path("components").path("schemas").path("JobResponse");
        assertThat(job.path("additionalProperties").asBoolean(true)).isFalse();
        assertThat(job.path("required").toString()).contains("\"job_id\"", "\"findings\"", "\"epm_verdict\"");
        assertThat(job.path("properties").path("completed_at").path("type").toString()).contains("null");
        assertThat(job.path("properties").path("job_id").path("type").asString()).isEqualTo("string");
        JsonNode finding = doc.path("components").path("schemas").path("Finding");
        assertThat(finding.path("required").toString()).doesNotContain("jdf_context");
        assertThat(finding.path("properties").has("jdf_context")).isTrue();
    }

    @Test
    void documentsTheSubmitStatusesEveryPartAndBothWordings() {
        JsonNode submit = doc.path("paths").path("/api/v1/jobs").path("post");
        for (String code : List.of("200", "202", "401", "402", "403", "404", "413", "422", "429")) {
            assertThat(submit.path("responses").has(code)).as(code).isTrue();
        }
        assertThat(submit.path("responses").path("422").toString()).contains("ErrorResponse",
                "ValidationErrorResponse");
        String description = doc.path("info").path("description").asString() + submit.path("description").asString();
        assertThat(description).contains("queued", "completed", "pending", "complete", "failed");
        JsonNode parts = submit.path("requestBody").path("content").path("multipart/form-data").path("schema")
                .path("properties");
        assertThat(parts.propertyNames()).contains("file", "profile_id", "preflight_source", "external_format",
                "external_report", "mapping_id", "jdf_file", "ai_enabled", "ai_categories", "ai_features",
                "ai_preset", "brand", "unbranded", "brand_spec_id", "workflow_id");
        assertThat(parts.path("file").path("format").asString()).isEqualTo("binary");
    }

    /** What clients/java's generated client needs from the document (each found by generating one). */
    @Test
    void describesRequestsAsAGeneratedClientMustSendThem() {
        var headers = new TreeSet<String>();
        doc.path("paths").properties().forEach(p -> p.getValue().properties().forEach(op ->
                op.getValue().path("parameters").values().forEach(param -> {
                    if (param.path("in").asString().equals("header") && Set.of("authorization", "accept",
                            "content-type").contains(param.path("name").asString().toLowerCase(Locale.ROOT))) {
                        headers.add(op.getKey() + " " + p.getKey());
                    }
                })));
        assertThat(headers).as("OpenAPI ignores these header parameters; the security scheme says them").isEmpty();

        JsonNode submit = doc.path("paths").path("/api/v1/jobs").path("post");
        assertThat(submit.path("requestBody").path("required").asBoolean()).isTrue();
        assertThat(submit.path("requestBody").path("content").path("multipart/form-data").path("schema")
                .path("required").toString()).isEqualTo("[\"file\"]");
        JsonNode wait = submit.path("parameters").get(0);
        assertThat(wait.path("name").asString()).isEqualTo("wait");
        assertThat(wait.path("schema").path("type").asString()).isEqualTo("number");
        assertThat(wait.path("schema").path("minimum").asInt()).isZero();

        // Omitted permissions are all permissions, [] none: the field must be nullable, or generated clients
        // (whose containers default to empty) would issue keys without permissions.
        JsonNode permissions = doc.path("components").path("schemas").path("IssueKeyRequest").path("properties")
                .path("permissions");
        assertThat(permissions.path("type").toString()).contains("\"array\"", "\"null\"");

        // Any JSON value (a list for string_list): a list of types with "array" is what generators cannot map.
        JsonNode defaultValue = doc.path("components").path("schemas").path("CheckParameter").path("properties")
                .path("default_value");
        assertThat(defaultValue.has("type")).as(defaultValue.toString()).isFalse();
        assertThat(defaultValue.has("oneOf") || defaultValue.has("anyOf")).isFalse();
    }
}
