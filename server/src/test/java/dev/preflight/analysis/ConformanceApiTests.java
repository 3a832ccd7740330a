package dev.preflight.analysis;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** PDF/A and PDF/UA through the API: the rules in the check registry, the built-in profiles, a mixed tenant profile. */
class ConformanceApiTests extends ServerTestBase {

    @Test
    void checkNamesListTheRulesWithTheirSpecificationAndClause() {
        JsonNode names = api.get("/api/v1/check-names", null).json();
        assertThat(names.size()).isGreaterThan(500);
        JsonNode rule = names.get("PDFA2_6_2_11_4_1_T1");
        assertThat(rule.get("category").asString()).isEqualTo("conformance");
        assertThat(rule.get("default_severity").asString()).isEqualTo("error");
        assertThat(rule.get("description").asString()).isNotBlank();
        assertThat(rule.get("metadata").get("specification").asString()).isEqualTo("ISO 19005-2:2011");
        assertThat(rule.get("metadata").get("clause").asString()).isEqualTo("6.2.11.4.1");
        assertThat(rule.get("metadata").get("profiles").asString()).contains("pdfa-2b");
        assertThat(names.get("PDFUA1_7_1_T3").get("metadata").get("clause").asString()).isEqualTo("7.1");
        // print checks carry no metadata
        assertThat(names.get("IMG_RES_LOW").has("metadata") && !names.get("IMG_RES_LOW").get("metadata").isNull())
                .isFalse();
    }

    @Test
    void mixedTenantProfileJudgesPrintAndArchiveInOneJob() {
        var t = newTenant("growth");
        JsonNode pdfa = api.get("/api/v1/profiles/pdfa-2b", t.key()).json();
        var checks = new ArrayList<Map<String, Object>>();
        pdfa.get("checks").forEach(c -> checks.add(Map.of("inspection_id", c.get("inspection_id").asString())));
        assertThat(checks).hasSize(144);
        var r = api.postJson("/api/v1/profiles", t.key(), Map.of("profile_id", "x4-archive",
                "name", "PDF/X-4 print and PDF/A-2b archive", "base_profile_id", "pdfx-4", "checks", checks));
        assertThat(r.status()).as(r.text()).isEqualTo(200);

        JsonNode job = run(t, SamplePdfs.clean().withoutOutputIntent().rgbImage(100, 150).bytes(),
                "profile_id", "x4-archive");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        List<String> ids = inspectionIds(job);
        assertThat(ids).contains("PDFX_OI_MISSING");
        assertThat(ids).anyMatch(id -> id.startsWith("PDFA2_6_2_4_3_T"));
        assertThat(ids).doesNotHaveDuplicates();
        JsonNode rule = null;
        for (JsonNode f : job.get("findings")) {
            if (f.get("inspection_id").asString().startsWith("PDFA2_6_2_4_3_T")) {
                rule = f;
            }
        }
        assertThat(rule.get("category").asString()).isEqualTo("conformance");
        assertThat(rule.get("iso_clause").asString()).isEqualTo("ISO 19005-2:2011 6.2.4.3");
        assertThat(rule.get("page_num").asInt()).isEqualTo(1);
        assertThat(rule.get("details").get("occurrences").asInt()).isPositive();
        assertThat(rule.get("details").get("flavour").asString()).isEqualTo("2b");
    }

    @Test
    void theRegistryTravelsCompressedToClientsThatAskForIt() throws Exception {
        try (var http = java.net.http.HttpClient.newHttpClient()) {
            var uri = java.net.URI.create("http://127.0.0.1:" + port + "/api/v1/check-names");
            var gzipped = http.send(java.net.http.HttpRequest.newBuilder(uri).header("Accept-Encoding", "gzip")
                    .build(), java.net.http.HttpResponse.BodyHandlers.ofByteArray());
            var plain = http.send(java.net.http.HttpRequest.newBuilder(uri).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofByteArray());
            assertThat(gzipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
            assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
            byte[] unpacked = new java.util.zip.GZIPInputStream(
                    new java.io.ByteArrayInputStream(gzipped.body())).readAllBytes();
            assertThat(unpacked).isEqualTo(plain.body());
            // more than a megabyte of JSON with ~2,600 entries: a tenth of it on the wire
            assertThat(gzipped.body().length).isLessThan(plain.body().length / 5);
        }
    }

    @Test
    void builtInConformanceProfilesAreListed() {
        var t = newTenant("growth");
        var ids = new ArrayList<String>();
        api.get("/api/v1/profiles", t.key()).json().get("profiles").forEach(p -> ids.add(p.get("profile_id").asString()));
        assertThat(ids).contains("pdfa-1a", "pdfa-1b", "pdfa-2a", "pdfa-2b", "pdfa-2u", "pdfa-3a", "pdfa-3b",
                "pdfa-3u", "pdfa-4", "pdfa-4e", "pdfa-4f", "pdfua-1", "pdfua-2", "pdfa-auto");
    }
}
