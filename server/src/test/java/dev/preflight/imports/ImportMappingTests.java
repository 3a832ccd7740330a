package dev.preflight.imports;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Custom import mappings: CRUD, soft delete, reactivation, preview, submit with mapping_id, isolation. */
class ImportMappingTests extends ServerTestBase {

    private static final String SAMPLE = """
            <report>
              <issue code="E1" page="1"><text>Low resolution image</text><box>10 20 100 50</box></issue>
              <issue code="W7" page="2"><text>Thin line</text><box>0 0 5 5</box></issue>
              <issue code="ZZ" page="0"><text>Unknown thing</text><box>1 1 1 1</box></issue>
            </report>
            """;

    static Map<String, Object> config() {
        var fields = new LinkedHashMap<String, Object>();
        fields.put("severity", Map.of("selector", "@code"));
        fields.put("message", Map.of("selector", "text"));
        fields.put("page_num", Map.of("selector", "@page", "parse", "int"));
        fields.put("bbox", Map.of("selector", "box", "format", "space_xywh"));
        fields.put("inspection_id", Map.of("selector", "@code"));
        var c = new LinkedHashMap<String, Object>();
        c.put("item_selector", "/report/issue");
        c.put("fields", fields);
        c.put("severity_map", Map.of("E1", "error", "W7", "warning"));
        c.put("default_severity", "info");
        return c;
    }

    private Map<String, Object> body(String name) {
        var b = new LinkedHashMap<String, Object>();
        b.put("name", name);
        b.put("format", "xml");
        b.put("config", config());
        b.put("sample_payload", SAMPLE);
        b.put("sample_mime", "application/xml");
        return b;
    }

    private String create(TenantKey t, String name) {
        var r = api.postJson("/api/v1/tenant/import-mappings", t.key(), body(name));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("id").asString();
    }

    @Test
    void createsReadsListsAndReplacesMappings() {
        var t = newTenant("growth");
        var r = api.postJson("/api/v1/tenant/import-mappings", t.key(), body("Shop tool"));
        assertThat(r.status()).isEqualTo(200);
        JsonNode m = r.json();
        assertThat(m.propertyNames()).containsExactlyInAnyOrder("id", "name", "description", "format", "config",
                "sample_payload", "sample_mime", "is_active", "created_at", "updated_at");
        assertThat(m.get("is_active").asBoolean()).isTrue();
        assertThat(m.get("format").asString()).isEqualTo("xml");
        String id = m.get("id").asString();
        assertThat(api.get("/api/v1/tenant/import-mappings/" + id, t.key()).json().get("name").asString())
                .isEqualTo("Shop tool");
        var replaced = api.putJson("/api/v1/tenant/import-mappings/" + id, t.key(), body("Renamed"));
        assertThat(replaced.status()).isEqualTo(200);
        assertThat(replaced.json().get("name").asString()).isEqualTo("Renamed");
        var list = api.get("/api/v1/tenant/import-mappings", t.key()).json().get("mappings");
        assertThat(list.size()).isEqualTo(1);
    }

    @Test
    void defaultsTheFormatToXmlAndValidatesFields() {
        var t = newTenant("growth");
        var b = body("x");
        b.remove("format");
        assertThat(api.postJson("/api/v1/tenant/import-mappings", t.key(), b).json().get("format").asString())
                .isEqualTo("xml");
        var longName = body("n".repeat(129));
        assertThat(api.postJson("/api/v1/tenant/import-mappings", t.key(), longName).status()).isEqualTo(422);
        var badFormat = body("x");
        badFormat.put("format", "yaml");
        assertThat(api.postJson("/api/v1/tenant/import-mappings", t.key(), badFormat).status()).isEqualTo(422);
        var longMime = body("x");
        longMime.put("sample_mime", "m".repeat(65));
        assertThat(api.postJson("/api/v1/tenant/import-mappings", t.key(), longMime).status()).isEqualTo(422);
        var noConfig = body("x");
        noConfig.remove("config");
        var r = api.postJson("/api/v1/tenant/import-mappings", t.key(), noConfig);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().get("detail").get(0).get("loc").get(1).asString()).isEqualTo("config");
        var badConfig = body("x");
        badConfig.put("config", Map.of("fields", Map.of()));
        assertThat(api.postJson("/api/v1/tenant/import-mappings", t.key(), badConfig).status()).isEqualTo(422);
    }

    @Test
    void writesNeedBrandingManage() {
        var t = newTenant("growth");
        String id = create(t, "mine");
        var jobsOnly = newKey(t.tenantId(), List.of("jobs:write"));
        assertThat(api.postJson("/api/v1/tenant/import-mappings", jobsOnly.key(), body("x")).status()).isEqualTo(403);
        assertThat(api.putJson("/api/v1/tenant/import-mappings/" + id, jobsOnly.key(), body("x")).status()).isEqualTo(403);
        assertThat(api.delete("/api/v1/tenant/import-mappings/" + id, jobsOnly.key()).status()).isEqualTo(403);
        // Reads and previews do not.
        assertThat(api.get("/api/v1/tenant/import-mappings/" + id, jobsOnly.key()).status()).isEqualTo(200);
        assertThat(api.postJson("/api/v1/tenant/import-mappings/" + id + "/preview", jobsOnly.key(), Map.of()).status())
                .isEqualTo(200);
    }

    @Test
    void softDeleteKeepsItListedButUnusableUntilReactivated() {
        var t = newTenant("growth");
        String id = create(t, "soft");
        assertThat(api.delete("/api/v1/tenant/import-mappings/" + id, t.key()).status()).isEqualTo(204);
        JsonNode m = api.get("/api/v1/tenant/import-mappings/" + id, t.key()).json();
        assertThat(m.get("is_active").asBoolean()).isFalse();
        assertThat(api.get("/api/v1/tenant/import-mappings", t.key()).json().get("mappings").size()).isEqualTo(1);
        assertThat(submitWithMapping(t, id).status()).isEqualTo(404);
        var b = body("soft");
        b.put("is_active", true);
        assertThat(api.putJson("/api/v1/tenant/import-mappings/" + id, t.key(), b).json().get("is_active").asBoolean())
                .isTrue();
        assertThat(submitWithMapping(t, id).status()).isEqualTo(202);
    }

    private Api.Answer submitWithMapping(TenantKey t, String mappingId) {
        return api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().pages(2).bytes())
                .field("preflight_source", "external").field("mapping_id", mappingId)
                .file("external_report", "r.xml", SAMPLE.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void submitWithAMappingImportsThroughIt() {
        var t = newTenant("growth");
        String id = create(t, "submit");
        var r = api.postForm("/api/v1/jobs?wait=30", t.key(), Api.form().file("file", "a.pdf",
                        SamplePdfs.clean().pages(2).bytes()).field("preflight_source", "external").field("mapping_id", id)
                .file("external_report", "r.xml", SAMPLE.getBytes(StandardCharsets.UTF_8)));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode job = r.json();
        assertThat(job.get("external_format").asString()).isEqualTo("custom");
        JsonNode f = job.get("findings");
        assertThat(f.size()).isEqualTo(3);
        assertThat(f.get(0).get("source").asString()).isEqualTo("external:custom:" + id);
        assertThat(f.get(0).get("severity").asString()).isEqualTo("error");
        assertThat(f.get(0).get("message").asString()).isEqualTo("Low resolution image");
        assertThat(f.get(0).get("page_num").asInt()).isEqualTo(1);
        assertThat(f.get(0).get("bbox").toString()).isEqualTo("[10.0,20.0,110.0,70.0]");
        assertThat(f.get(1).get("severity").asString()).isEqualTo("warning");
        assertThat(f.get(2).get("severity").asString()).isEqualTo("info");
        assertThat(f.get(2).get("page_num").asInt()).isZero();
    }

    @Test
    void previewShowsAtMostFiveFindingsAndNeverFailsOnParserErrors() {
        var t = newTenant("growth");
        String id = create(t, "preview");
        var ok = api.postJson("/api/v1/tenant/import-mappings/" + id + "/preview", t.key(), Map.of());
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.json().get("ok").asBoolean()).isTrue();
        assertThat(ok.json().get("findings_count").asInt()).isEqualTo(3);
        assertThat(ok.json().get("sample_findings").size()).isEqualTo(3);
        assertThat(ok.json().get("error").isNull()).isTrue();

        String many = "<report>" + "<issue code=\"E1\" page=\"1\"><text>t</text><box>0 0 1 1</box></issue>".repeat(9)
                + "</report>";
        var capped = api.postJson("/api/v1/tenant/import-mappings/" + id + "/preview", t.key(),
                Map.of("sample_payload", many));
        assertThat(capped.json().get("findings_count").asInt()).isEqualTo(9);
        assertThat(capped.json().get("sample_findings").size()).isEqualTo(5);

        var broken = api.postJson("/api/v1/tenant/import-mappings/" + id + "/preview", t.key(),
                Map.of("sample_payload", "<report><unclosed>"));
        assertThat(broken.status()).isEqualTo(200);
        assertThat(broken.json().get("ok").asBoolean()).isFalse();
        assertThat(broken.json().get("error").asString()).isNotBlank();

        var badConfig = api.postJson("/api/v1/tenant/import-mappings/" + id + "/preview", t.key(),
                Map.of("config", Map.of("item_selector", "///[")));
        assertThat(badConfig.status()).isEqualTo(200);
        assertThat(badConfig.json().get("ok").asBoolean()).isFalse();
    }

    @Test
    void anotherTenantsMappingIs404OnEveryRouteAnd403AtSubmit() {
        var owner = newTenant("growth");
        var stranger = newTenant("growth");
        String id = create(owner, "private");
        String base = "/api/v1/tenant/import-mappings/" + id;
        assertThat(api.get(base, stranger.key()).status()).isEqualTo(404);
        assertThat(api.putJson(base, stranger.key(), body("x")).status()).isEqualTo(404);
        assertThat(api.delete(base, stranger.key()).status()).isEqualTo(404);
        assertThat(api.postJson(base + "/preview", stranger.key(), Map.of()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/tenant/import-mappings", stranger.key()).json().get("mappings").size()).isZero();
        var submit = submitWithMapping(stranger, id);
        assertThat(submit.status()).isEqualTo(403);
        assertThat(submitWithMapping(stranger, UUID.randomUUID().toString()).status()).isEqualTo(404);
        // Untouched for the owner.
        assertThat(api.get(base, owner.key()).json().get("is_active").asBoolean()).isTrue();
    }

    @Test
    void malformedMappingIdIs422() {
        var t = newTenant("growth");
        assertThat(api.get("/api/v1/tenant/import-mappings/nope", t.key()).status()).isEqualTo(422);
    }
}
