package dev.preflight.viewer;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One handler serves a viewer route and its share-link twin, yet /openapi.json documents them as two operations:
 * each with its own operation id, summary and path variable (job_id as a UUID, or the token), the key's with the
 * bearer requirement and 401, the link's without them and with its 403 and 410.
 */
class ViewerTwinDocsTests extends ServerTestBase {

    private static final String JOB = "/api/v1/viewer/jobs/{job_id}";
    private static final String SHARED = "/api/v1/viewer/public/{token}";

    /** Path after the prefix -> [the key's operation id, the share link's]. */
    private static final Map<String, List<String>> TWINS = Map.of(
            "/pages", List.of("listViewerPages", "listSharedViewerPages"),
            "/info", List.of("getDocumentInfo", "getSharedDocumentInfo"),
            "/layers", List.of("listLayers", "listSharedLayers"),
            "/separations", List.of("listSeparations", "listSharedSeparations"),
            "/verdict", List.of("getVerdict", "getSharedVerdict"),
            "/config", List.of("getViewerConfig", "getSharedViewerConfig"),
            "/pages/{page_num}/tile", List.of("getTile", "getSharedTile"),
            "/pages/{page_num}/channel/{name}", List.of("getChannel", "getSharedChannel"),
            "/pages/{page_num}/tac-heatmap", List.of("getTacHeatmap", "getSharedTacHeatmap"),
            "/pages/{page_num}/sample", List.of("samplePixel", "sampleSharedPixel"));

    private JsonNode paths;

    @BeforeEach
    void load() {
        var r = api.get("/openapi.json", null);
        assertThat(r.status()).isEqualTo(200);
        paths = r.json().path("paths");
    }

    @Test
    void eachTwinIsItsOwnOperation() {
        var problems = new ArrayList<String>();
        TWINS.forEach((rest, ids) -> {
            JsonNode keyed = paths.path(JOB + rest).path("get");
            JsonNode shared = paths.path(SHARED + rest).path("get");
            if (!keyed.path("operationId").asString("").equals(ids.get(0))) {
                problems.add(JOB + rest + " is " + keyed.path("operationId"));
            }
            if (!shared.path("operationId").asString("").equals(ids.get(1))) {
                problems.add(SHARED + rest + " is " + shared.path("operationId"));
            }
            if (keyed.path("summary").asString("").equals(shared.path("summary").asString(""))) {
                problems.add(rest + ": both twins have the summary " + keyed.path("summary"));
            }
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void theKeysRouteTakesAJobIdAndABearerKey() {
        for (String rest : TWINS.keySet()) {
            JsonNode op = paths.path(JOB + rest).path("get");
            JsonNode first = op.path("parameters").get(0);
            assertThat(first.path("name").asString()).as(rest).isEqualTo("job_id");
            assertThat(first.path("in").asString()).as(rest).isEqualTo("path");
            assertThat(first.path("required").asBoolean()).as(rest).isTrue();
            assertThat(first.path("schema").path("format").asString()).as(rest).isEqualTo("uuid");
            assertThat(op.path("security").toString()).as(rest).contains("bearer");
            assertThat(op.path("responses").has("401")).as(rest).isTrue();
            assertThat(op.path("responses").has("410")).as(rest).isFalse();
        }
    }

    @Test
    void theShareLinksRouteTakesOnlyItsToken() {
        for (String rest : TWINS.keySet()) {
            JsonNode op = paths.path(SHARED + rest).path("get");
            JsonNode first = op.path("parameters").get(0);
            assertThat(first.path("name").asString()).as(rest).isEqualTo("token");
            assertThat(first.path("in").asString()).as(rest).isEqualTo("path");
            assertThat(first.path("description").asString()).as(rest).isEqualTo("the share token of a minted report");
            assertThat(op.path("parameters").toString()).as(rest).doesNotContain("job_id");
            assertThat(op.has("security")).as(rest).isFalse();
            assertThat(op.path("responses").has("401")).as(rest).isFalse();
            assertThat(op.path("responses").has("403")).as(rest).isTrue();
            assertThat(op.path("responses").path("410").path("description").asString()).as(rest)
                    .isEqualTo("The share link expired or was revoked");
        }
        // the key-only routes have no share-link twin
        for (String rest : List.of("/fonts", "/images", "/tac", "/tile-warming", "/pages/{page_num}/densitometer",
                "/pages/{page_num}/tac-heatmap/runs", "/pages/{page_num}/text-regions")) {
            assertThat(paths.has(JOB + rest)).as(rest).isTrue();
            assertThat(paths.has(SHARED + rest)).as(rest).isFalse();
        }
        assertThat(paths.path(SHARED + "/verdict").has("post")).isFalse();
    }
}
