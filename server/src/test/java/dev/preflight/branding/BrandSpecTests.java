package dev.preflight.branding;

import dev.preflight.support.Api;
import dev.preflight.support.ServerTestBase;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/** BrandSpecs: CRUD, archive and restore, the atomic default, and the colour advisories they feed. */
class BrandSpecTests extends ServerTestBase {

    private static final Map<String, Object> RED = Map.of("name", "Brand red", "value", "cmyk(0, 100, 100, 0)",
            "pantone", "485 C");

    private JsonNode create(TenantKey t, Map<String, Object> body) {
        var r = api.postJson("/api/v1/brand-specs", t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    @Test
    void createsUpdatesArchivesAndRestoresSpecs() {
        TenantKey t = newTenant("starter");
        JsonNode s = create(t, Map.of("name", "Acme", "customer_name", "Acme Corp", "colors", List.of(RED,
                Map.of("name", "Navy", "value", "navy", "notes", "headlines")), "rich_black_spec",
                Map.of("c", 60, "m", 40, "y", 40, "k", 100)));
        assertThat(s.get("colors")).hasSize(2);
        assertThat(s.get("colors").get(0).get("pantone").asString()).isEqualTo("485 C");
        assertThat(s.get("rich_black_spec").get("c").asDouble()).isEqualTo(60.0);
        assertThat(s.get("is_default").asBoolean()).isFalse();
        assertThat(s.get("is_archived").asBoolean()).isFalse();
        String id = s.get("id").asString();

        var patch = new LinkedHashMap<String, Object>();
        patch.put("description", "house colours");
        patch.put("rich_black_spec", null);
        JsonNode p = api.patchJson("/api/v1/brand-specs/" + id, t.key(), patch).json();
        assertThat(p.get("description").asString()).isEqualTo("house colours");
        assertThat(p.get("rich_black_spec").isNull()).isTrue();
        assertThat(p.get("colors")).as("omitted: kept").hasSize(2);

        api.patchJson("/api/v1/brand-specs/" + id, t.key(), Map.of("is_default", true));
        JsonNode archived = api.delete("/api/v1/brand-specs/" + id, t.key()).json();
        assertThat(archived.propertyNames()).containsExactlyInAnyOrder("id", "is_archived", "is_default");
        assertThat(archived.get("is_archived").asBoolean()).isTrue();
        assertThat(archived.get("is_default").asBoolean()).isFalse();
        assertThat(api.get("/api/v1/brand-specs", t.key()).json().get("brand_specs")).isEmpty();
        assertThat(api.get("/api/v1/brand-specs?include_archived=true", t.key()).json().get("brand_specs")).hasSize(1);
        JsonNode restored = api.postJson("/api/v1/brand-specs/" + id + "/restore", t.key(), Map.of()).json();
        assertThat(restored.get("is_archived").asBoolean()).isFalse();
        assertThat(restored.get("is_default").asBoolean()).isFalse();
        assertThat(api.patchJson("/api/v1/brand-specs/" + id, t.key(), Map.of("is_archived", true, "is_default", true))
                .status()).isEqualTo(422);
    }

    @Test
    void rejectsColoursTheEngineCannotMeasure() {
        TenantKey t = newTenant("starter");
        var r = api.postJson("/api/v1/brand-specs", t.key(), Map.of("colors", List.of(
                Map.of("name", "Odd", "value", "cmyk(0, 100, 100)"), Map.of("value", "#fff"),
                Map.of("name", "Named", "value", "blurple")), "rich_black_spec", Map.of("c", 120, "m", 0, "y", 0)));
        assertThat(r.status()).isEqualTo(422);
        String detail = r.json().get("detail").toString();
        assertThat(detail).contains("colors[0].value", "takes 4 components", "colors[1].name", "colors[2].value",
                "rich_black_spec.c", "rich_black_spec.k");
    }

    @Test
    void specsOfAnotherTenantAreNotFound() {
        TenantKey a = newTenant("starter");
        TenantKey b = newTenant("starter");
        String id = create(a, Map.of("name", "A")).get("id").asString();
        assertThat(api.patchJson("/api/v1/brand-specs/" + id, b.key(), Map.of("name", "x")).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/brand-specs/" + id, b.key()).status()).isEqualTo(404);
        assertThat(api.postJson("/api/v1/brand-specs/" + id + "/restore", b.key(), Map.of()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/brand-specs?include_archived=true", b.key()).json().get("brand_specs")).isEmpty();
        var submit = api.postForm("/api/v1/jobs", b.key(), Api.form().file("file", "t.pdf", offBrandPdf())
                .field("brand_spec_id", id));
        assertThat(submit.status()).isEqualTo(404);
    }

    @Test
    void concurrentPromotionsLeaveExactlyOneDefault() throws Exception {
        TenantKey t = newTenant("starter");
        var ids = new ArrayList<String>();
        for (int i = 0; i < 8; i++) {
            ids.add(create(t, Map.of("name", "spec " + i)).get("id").asString());
        }
        var start = new CountDownLatch(1);
        var pool = Executors.newFixedThreadPool(8);
        try {
            var futures = new ArrayList<java.util.concurrent.Future<Integer>>();
            for (String id : ids) {
                Callable<Integer> promote = () -> {
                    start.await();
                    return api.patchJson("/api/v1/brand-specs/" + id, t.key(), Map.of("is_default", true)).status();
                };
                futures.add(pool.submit(promote));
            }
            start.countDown();
            for (var f : futures) {
                assertThat(f.get()).isEqualTo(200);
            }
        } finally {
            pool.shutdownNow();
        }
        JsonNode specs = api.get("/api/v1/brand-specs", t.key()).json().get("brand_specs");
        int defaults = 0;
        for (JsonNode s : specs) {
            defaults += s.get("is_default").asBoolean() ? 1 : 0;
        }
        assertThat(defaults).isEqualTo(1);
        String last = ids.get(0);
        assertThat(api.patchJson("/api/v1/brand-specs/" + last, t.key(), Map.of("is_default", true)).json()
                .get("is_default").asBoolean()).isTrue();
        assertThat(api.get("/api/v1/brand-specs", t.key()).json().get("brand_specs").valueStream()
                .filter(s -> s.get("is_default").asBoolean()).map(s -> s.get("id").asString()).toList())
                .containsExactly(last);
    }

    @Test
    void aResolvedSpecPutsColourAdvisoriesOnTheJobAndNothingResolvedKeepsThemOff() {
        TenantKey t = newTenant("starter");
        byte[] pdf = offBrandPdf();
        List<String> plain = inspectionIds(run(t, pdf));
        assertThat(plain).doesNotContain("BRAND_COLOR_OFF_SPEC", "BRAND_RICH_BLACK_OFF_SPEC");

        String spec = create(t, Map.of("name", "Acme", "colors", List.of(RED), "rich_black_spec",
                Map.of("c", 60, "m", 40, "y", 40, "k", 100))).get("id").asString();
        JsonNode named = run(t, pdf, "brand_spec_id", spec);
        JsonNode colour = finding(named, "BRAND_COLOR_OFF_SPEC");
        assertThat(colour.get("severity").asString()).isEqualTo("advisory");
        assertThat(colour.get("message").asString()).contains("\"Brand red\"", "off by 10.0 %");
        assertThat(colour.get("page_num").asInt()).isEqualTo(1);
        JsonNode black = finding(named, "BRAND_RICH_BLACK_OFF_SPEC");
        assertThat(black.get("message").asString()).contains("C30 M30 Y30 K100", "C60 M40 Y40 K100");
        assertThat(named.get("summary").get("passed").asBoolean()).isEqualTo(
                run(t, pdf).get("summary").get("passed").asBoolean());

        // The tenant default resolves when the job names none; a job's own spec wins over it.
        String exact = create(t, Map.of("name", "Exact", "is_default", true, "colors", List.of(
                Map.of("name", "Off red", "value", "cmyk(0, 90, 100, 0)")))).get("id").asString();
        List<String> byDefault = inspectionIds(run(t, pdf));
        assertThat(byDefault).doesNotContain("BRAND_COLOR_OFF_SPEC", "BRAND_RICH_BLACK_OFF_SPEC");
        assertThat(inspectionIds(run(t, pdf, "brand_spec_id", spec))).contains("BRAND_COLOR_OFF_SPEC");

        // Archived: no longer accepted at submit, no longer the tenant default.
        api.delete("/api/v1/brand-specs/" + spec, t.key());
        var archived = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "t.pdf", pdf)
                .field("brand_spec_id", spec));
        assertThat(archived.status()).isEqualTo(404);
        assertThat(exact).isNotBlank();
        var malformed = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "t.pdf", pdf)
                .field("brand_spec_id", "not-a-uuid"));
        assertThat(malformed.status()).isEqualTo(422);
    }

    private static JsonNode finding(JsonNode job, String id) {
        for (JsonNode f : job.get("findings")) {
            if (f.get("inspection_id").asString().equals(id)) {
                return f;
            }
        }
        throw new AssertionError(id + " not among " + inspectionIds(job));
    }

    /** A page with a red built as C0 M90 Y100 K0 and a rich black C30 M30 Y30 K100. */
    static byte[] offBrandPdf() {
        try (var doc = new PDDocument()) {
            var page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            try (var cs = new PDPageContentStream(doc, page)) {
                cs.setNonStrokingColor(0f, 0.9f, 1f, 0f);
                cs.addRect(100, 600, 80, 40);
                cs.fill();
                cs.setNonStrokingColor(0.3f, 0.3f, 0.3f, 1f);
                cs.addRect(100, 400, 80, 40);
                cs.fill();
            }
            var out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
