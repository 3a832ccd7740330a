package dev.preflight.reports;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Branding is resolved and frozen at mint: later edits and deletion never change an existing link. */
class ReportBrandingFrozenTests extends ReportFixtures {

    @Test
    void aReportKeepsItsBrandingAfterTheProfileIsEditedAndDeleted() throws Exception {
        TenantKey t = newTenant("scale");
        String profiles = "/api/v1/tenants/" + t.tenantId() + "/brand-profiles";
        var created = api.postJson(profiles, t.key(), Map.of("name", "Print house", "brand_name", "Acme Print",
                "primary_color", "#123456", "footer_text", "Acme Print, Main Street 1"));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        String profile = created.json().get("id").asString();
        assertThat(api.patchJson("/api/v1/tenants/" + t.tenantId() + "/default-brand-profile", t.key(),
                Map.of("brand_profile_id", profile)).status()).isEqualTo(200);
        String job = completedJob(t);
        var rows = minted(t, job, "html", "pdf", "json");
        String html = api.get(path(rows.get("html")), null).text();
        assertThat(html).contains("Acme Print", "#123456", "Main Street 1").doesNotContain("Checked with Preflight");

        assertThat(api.putJson(profiles + "/" + profile, t.key(), Map.of("brand_name", "Renamed Ltd")).status())
                .isEqualTo(200);
        assertThat(api.delete(profiles + "/" + profile, t.key()).status()).isEqualTo(204);

        assertThat(api.get(path(rows.get("html")), null).text()).isEqualTo(html);
        String landing = api.get("/r/" + rows.get("pdf").get("token").asString(), null).text();
        assertThat(landing).contains("Acme Print").doesNotContain("Renamed");
        try (PDDocument doc = Loader.loadPDF(api.get(path(rows.get("pdf")), null).raw())) {
            assertThat(new PDFTextStripper().getText(doc)).contains("Acme Print");
            assertThat(doc.getDocumentInformation().getProducer()).isEqualTo("Acme Print");
        }
        JsonNode json = api.get(path(rows.get("json")), null).json().get("branding");
        assertThat(json.get("mode").asString()).isEqualTo("profile");
        assertThat(json.get("brand_name").asString()).isEqualTo("Acme Print");

        String later = api.get(path(minted(t, job, "html").get("html")), null).text();
        assertThat(later).contains("Checked with Preflight").doesNotContain("Acme Print");
    }

    @Test
    void perCallBrandingOverridesTheResolvedBranding() throws Exception {
        TenantKey t = newTenant("enterprise");
        String job = completedJob(t);
        var r = mint(t, job, Map.of("formats", List.of("pdf", "html"), "branding",
                Map.of("name", "Override Co", "primary_color", "#AA0000", "hide_footer", true)));
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        String html = api.get(path(r.json().get("reports").get(1)), null).text();
        assertThat(html).contains("Override Co", "#AA0000").doesNotContain("Checked with Preflight");
        try (PDDocument doc = Loader.loadPDF(api.get(path(r.json().get("reports").get(0)), null).raw())) {
            assertThat(new PDFTextStripper().getText(doc)).contains("Override Co");
        }
        var bad = mint(t, job, Map.of("branding", Map.of("primary_color", "red", "logo_url", "http://x.example/l.png")));
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.text()).contains("branding.primary_color", "branding.logo_url");
    }
}
