package dev.preflight.analysis;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Profiles: built-ins with is_builtin, details, tenant-owned registration validated against the catalogue. */
class ProfilesTests extends ServerTestBase {

    @Test
    void listsTheBuiltInProfiles() {
        var t = newTenant("growth");
        JsonNode list = api.get("/api/v1/profiles", t.key()).json().get("profiles");
        var ids = new java.util.ArrayList<String>();
        list.forEach(p -> {
            ids.add(p.get("profile_id").asString());
            assertThat(p.get("is_builtin").asBoolean()).isTrue();
        });
        assertThat(ids).contains("service-default", "pdfx-1a", "pdfx-3", "pdfx-4", "gwg2022-sheetcmyk-cmyk",
                "gwg2022-large-format-print", "gwg2015-magazine-ads-cmyk", "digital-print", "large-format",
                "newspaper", "epm");
        assertThat(ids.stream().filter(i -> i.startsWith("gwg2022-")).count()).isEqualTo(23);
        assertThat(ids.stream().filter(i -> i.startsWith("gwg2015-")).count()).isEqualTo(14);
    }

    @Test
    void showsAGwgProfileWithItsVariantNumbersAndClauses() {
        var t = newTenant("growth");
        var r = api.get("/api/v1/profiles/gwg2022-sheetcmyk-cmyk", t.key());
        assertThat(r.status()).isEqualTo(200);
        JsonNode checks = r.json().get("checks");
        JsonNode res = null;
        for (JsonNode c : checks) {
            if (c.get("inspection_id").asString().equals("IMG_RES_LOW")) {
                res = c;
            }
        }
        assertThat(res).isNotNull();
        assertThat(res.get("params").get("error_ppi").asDouble()).isEqualTo(149.0);
        assertThat(res.get("params").get("warning_ppi").asDouble()).isEqualTo(224.0);
        assertThat(res.get("iso_clause").asString()).isEqualTo("GWG2022 R0031");
        assertThat(api.get("/api/v1/profiles/nope", t.key()).status()).isEqualTo(404);
    }

    @Test
    void registersATenantProfileUsableAtSubmit() {
        var t = newTenant("growth");
        var body = Map.of("profile_id", "strict-shop", "name", "Strict shop", "base_profile_id", "service-default",
                "checks", List.of(Map.of("inspection_id", "IMG_RES_LOW", "severity", "error",
                        "params", Map.of("error_ppi", 299, "warning_ppi", 399))));
        var r = api.postJson("/api/v1/profiles", t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("is_builtin").asBoolean()).isFalse();
        assertThat(api.postJson("/api/v1/profiles", t.key(), body).status()).isEqualTo(409);
        var job = run(t, SamplePdfs.clean().rgbImage(100, 250).bytes(), "profile_id", "strict-shop");
        assertThat(job.get("profile_id").asString()).isEqualTo("strict-shop");
        assertThat(inspectionIds(job)).contains("IMG_RES_LOW");
        var list = api.get("/api/v1/profiles", t.key()).json().get("profiles");
        boolean found = false;
        for (JsonNode p : list) {
            if (p.get("profile_id").asString().equals("strict-shop")) {
                found = !p.get("is_builtin").asBoolean();
            }
        }
        assertThat(found).isTrue();
    }

    @Test
    void rejectsUnknownChecksAndBadParameterValues() {
        var t = newTenant("growth");
        var r = api.postJson("/api/v1/profiles", t.key(), Map.of("profile_id", "bad-one", "name", "Bad",
                "checks", List.of(
                        Map.of("inspection_id", "NO_SUCH_CHECK"),
                        Map.of("inspection_id", "IMG_RES_LOW", "params", Map.of("error_ppi", "high")),
                        Map.of("inspection_id", "PAGE_BLEED_INSUFFICIENT", "params", Map.of("nonsense", 1)),
                        Map.of("inspection_id", "FONT_NOT_EMBEDDED", "severity", "fatal"),
                        Map.of("inspection_id", "IMG_RES_LOW"))));
        assertThat(r.status()).isEqualTo(422);
        JsonNode detail = r.json().get("detail");
        assertThat(detail.size()).as(detail.toString()).isEqualTo(5);
        assertThat(detail.get(0).get("loc").toString()).isEqualTo("[\"body\",\"checks\",0,\"inspection_id\"]");
        assertThat(detail.get(0).get("type").asString()).isEqualTo("unknown_check");
        assertThat(detail.get(1).get("loc").toString()).isEqualTo("[\"body\",\"checks\",1,\"params\",\"error_ppi\"]");
        assertThat(detail.get(2).get("loc").toString()).isEqualTo("[\"body\",\"checks\",2,\"params\",\"nonsense\"]");
        assertThat(detail.get(2).get("type").asString()).isEqualTo("extra_forbidden");
        assertThat(detail.get(3).get("type").asString()).isEqualTo("enum");
        // The engine's own validator judges the request: a check listed twice is ambiguous.
        assertThat(detail.get(4).get("loc").toString()).isEqualTo("[\"body\",\"checks\",4,\"inspection_id\"]");
        assertThat(detail.get(4).get("type").asString()).isEqualTo("duplicate");
        assertThat(api.postJson("/api/v1/profiles", t.key(), Map.of("profile_id", "BAD ID", "name", "x",
                "base_profile_id", "service-default")).status()).isEqualTo(422);
        assertThat(api.postJson("/api/v1/profiles", t.key(), Map.of("profile_id", "service-default", "name", "x",
                "base_profile_id", "service-default")).status()).isEqualTo(409);
    }

    @Test
    void bookProfilesCarryTheirDefaultsAndRefuseACoverPageCountThatIsNoNumber() {
        var t = newTenant("growth");
        JsonNode cover = api.get("/api/v1/profiles/book-cover", t.key()).json();
        JsonNode size = null;
        for (JsonNode c : cover.get("checks")) {
            if (c.get("inspection_id").asString().equals("COVER_SIZE")) {
                size = c;
            }
        }
        assertThat(size).isNotNull();
        assertThat(size.get("params").get("trim_width_mm").asDouble()).isEqualTo(152.4);
        assertThat(size.get("params").get("bleed_mm").asDouble()).isEqualTo(3.175);
        JsonNode spine = size.get("params").path("spine_mm");
        assertThat(spine.isNull() || spine.isMissingNode()).as("derived from the cover's width").isTrue();
        JsonNode names = api.get("/api/v1/check-names", null).json();
        assertThat(names.get("COVER_BARCODE_AREA").get("category").asString()).isEqualTo("book");
        var r = api.postJson("/api/v1/profiles", t.key(), Map.of("profile_id", "two-part-covers", "name", "Covers",
                "base_profile_id", "book-cover", "checks", List.of(Map.of("inspection_id", "COVER_PAGE_COUNT",
                        "params", Map.of("allowed_page_counts", List.of("1", "two"))))));
        assertThat(r.status()).isEqualTo(422);
        JsonNode detail = r.json().get("detail");
        assertThat(detail.get(0).get("loc").toString())
                .isEqualTo("[\"body\",\"checks\",0,\"params\",\"allowed_page_counts\"]");
        assertThat(detail.get(0).get("msg").asString()).contains("may only hold");
    }

    @Test
    void checkNamesArePublicCacheableAndCoverTheCatalogue() {
        var r = api.get("/api/v1/check-names", null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Cache-Control")).contains("max-age=86400");
        JsonNode names = r.json();
        assertThat(names.size()).isGreaterThanOrEqualTo(150);
        JsonNode img = names.get("IMG_RES_LOW");
        assertThat(img.get("name").asString()).isNotBlank();
        assertThat(img.get("description").asString()).isNotBlank();
        assertThat(img.get("category").asString()).isEqualTo("image");
        assertThat(img.get("default_severity").asString()).isIn("error", "warning", "advisory", "info");
        assertThat(img.get("parameters").toString()).contains("error_ppi");
        // Notices the engine raises outside checks are listed too.
        assertThat(names.has("INPUT_CONVERTED")).isTrue();
        assertThat(names.has("ENGINE_CHECK_FAILED")).isTrue();
    }

    @Test
    void epmProfileProducesAVerdict() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().bytes(), "profile_id", "epm");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        JsonNode verdict = job.get("epm_verdict");
        assertThat(verdict.isObject()).as(job.toString()).isTrue();
        assertThat(verdict.get("tier").asString()).isIn("pass", "pass_with_advisory", "marginal", "reject");
        var epm = api.get("/api/v1/jobs/" + job.get("job_id").asString() + "/epm", t.key());
        assertThat(epm.status()).isEqualTo(200);
        assertThat(epm.json().propertyNames()).containsExactlyInAnyOrder("job_id", "tier", "rejection_drivers",
                "advisories", "recommends_special_substrate", "legacy_codes_fired", "epm_findings_count");
        JsonNode plain = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        assertThat(api.get("/api/v1/jobs/" + plain.get("job_id").asString() + "/epm", t.key()).status()).isEqualTo(404);
    }
}
