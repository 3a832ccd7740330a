package dev.preflight.platform;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The served /openapi.json is the contract: every route we own is there with its typed responses. */
class OpenApiContractTests extends ServerTestBase {

    /** Modules of ../shared/spec/routes.tsv that this codebase implements. */
    private static final Set<String> OWNED_MODULES = Set.of("health", "platform", "jobs", "admin", "engine", "profiles",
            "imports", "epm");

    /**
     * Routes of owned modules that are not in the document: /openapi.json cannot list itself (it is checked by
     * {@link #servesOpenApi31AtExactlyOpenapiJson()}), and /state and audit-rerun belong to later work (they need
     * reports, review and AI, which do not exist yet).
     */
    private static final Set<String> NOT_YET = Set.of("GET /openapi.json", "GET /api/v1/jobs/{job_id}/state",
            "POST /api/v1/jobs/{job_id}/audit-rerun");

    private record Route(String method, String path, String access) {
    }

    private static List<Route> ownedRoutes() throws IOException {
        Path tsv = Path.of("..", "..", "shared", "spec", "routes.tsv");
        if (!Files.exists(tsv)) {
            tsv = Path.of("..", "shared", "spec", "routes.tsv");
        }
        assertThat(tsv).as("../shared/spec/routes.tsv must sit beside the repository").exists();
        var out = new ArrayList<Route>();
        for (String line : Files.readAllLines(tsv)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] c = line.split("\t");
            if (OWNED_MODULES.contains(c[3]) && !NOT_YET.contains(c[0] + " " + c[1])) {
                out.add(new Route(c[0], c[1], c[2]));
            }
        }
        return out;
    }

    @Test
    void servesOpenApi31AtExactlyOpenapiJson() {
        var r = api.get("/openapi.json", null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("openapi").asString()).startsWith("3.1");
        assertThat(api.get("/v3/api-docs", null).status()).isEqualTo(404);
        assertThat(api.get("/docs", null).status()).isIn(200, 302);
    }

    @Test
    void documentsEveryOwnedRouteOfRoutesTsv() throws IOException {
        JsonNode paths = api.get("/openapi.json", null).json().get("paths");
        var routes = ownedRoutes();
        assertThat(routes).hasSizeGreaterThanOrEqualTo(15);
        for (Route route : routes) {
            JsonNode item = paths.get(route.path());
            assertThat(item).as("path %s", route.path()).isNotNull();
            JsonNode op = item.get(route.method().toLowerCase(Locale.ROOT));
            assertThat(op).as("%s %s", route.method(), route.path()).isNotNull();
            JsonNode responses = op.get("responses");
            assertThat(responses).isNotNull();
            if (route.access().equals("bearer")) {
                assertThat(responses.has("401")).as("401 documented on %s %s", route.method(), route.path()).isTrue();
            }
            responses.properties().forEach(e -> {
                if (!e.getKey().equals("204")) {
                    assertThat(e.getValue().has("content")).as("typed response %s on %s %s", e.getKey(),
                            route.method(), route.path()).isTrue();
                }
            });
        }
    }

    @Test
    void documentsTheSubmitStatusesAndBothWordings() {
        JsonNode root = api.get("/openapi.json", null).json();
        JsonNode submit = root.get("paths").get("/api/v1/jobs").get("post");
        for (String code : List.of("200", "202", "401", "403", "404", "413", "422")) {
            assertThat(submit.get("responses").has(code)).as(code).isTrue();
        }
        String description = root.get("info").get("description").asString() + submit.get("description").asString();
        assertThat(description).contains("queued", "completed", "pending", "complete", "failed");
        JsonNode form = submit.get("requestBody").get("content").get("multipart/form-data").get("schema");
        assertThat(form.toString()).contains("preflight_source", "external_format", "mapping_id", "jdf_file",
                "brand_spec_id", "ai_enabled");
    }
}
