package dev.preflight.platform;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import dev.preflight.xml.HostileXml;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every route that hands uploaded XML to a parser (SVG logos through the platform's parser; external reports, JDF
 * tickets and mapping previews through the engine's) refuses an XXE to a local file, a billion laughs and a plain
 * DOCTYPE with a readable 4xx {@code detail} (the preview, which never fails, with its {@code error}), never a 500 and
 * never the file's content.
 */
class HostileXmlRoutesTests extends ServerTestBase {

    private static final String REFUSED = "DOCTYPE declarations (DTDs, entities) are not allowed";

    @TempDir
    Path dir;

    @Test
    void svgLogoUploadsAre422() {
        TenantKey t = newTenant("scale");
        String profiles = "/api/v1/tenants/" + t.tenantId() + "/brand-profiles";
        var p = api.postJson(profiles, t.key(), Map.of("name", "Hostile"));
        assertThat(p.status()).as(p.text()).isEqualTo(200);
        String logo = profiles + "/" + p.json().get("id").asString() + "/logo";

        HostileXml.documents(dir, "svg").forEach((what, xml) -> {
            var r = api.postForm(logo, t.key(), Api.form().file("file", "logo.svg", utf8(xml)));
            assertRefused(what, r, 422);
        });
    }

    @Test
    void externalReportsAre422() {
        TenantKey t = newTenant("growth");
        HostileXml.documents(dir, "EnfocusReport").forEach((what, xml) -> {
            var r = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                    .field("preflight_source", "external").field("external_format", "preflight_a_xml")
                    .file("external_report", "report.xml", utf8(xml)));
            assertRefused(what, r, 422);
        });
    }

    @Test
    void jdfTicketsAre422() {
        TenantKey t = newTenant("growth");
        HostileXml.documents(dir, "JDF").forEach((what, xml) -> {
            var r = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                    .file("jdf_file", "job.jdf", utf8(xml)));
            assertRefused(what, r, 422);
        });
    }

    @Test
    void mappingPreviewsReportTheRefusalAsTheirError() {
        TenantKey t = newTenant("growth");
        var body = new LinkedHashMap<String, Object>();
        body.put("name", "hostile");
        body.put("format", "xml");
        body.put("config", Map.of("item_selector", "/report/issue",
                "fields", Map.of("message", Map.of("selector", "text"))));
        var m = api.postJson("/api/v1/tenant/import-mappings", t.key(), body);
        assertThat(m.status()).as(m.text()).isEqualTo(200);
        String preview = "/api/v1/tenant/import-mappings/" + m.json().get("id").asString() + "/preview";

        HostileXml.documents(dir, "report").forEach((what, xml) -> {
            var r = api.postJson(preview, t.key(), Map.of("sample_payload", xml));
            assertThat(r.status()).as(what + ": " + r.text()).isEqualTo(200);
            assertThat(r.json().get("ok").asBoolean()).as(what).isFalse();
            assertThat(r.json().get("error").asString()).as(what).contains(REFUSED);
            assertThat(r.text()).as(what).doesNotContain(HostileXml.SECRET);
        });
    }

    private static void assertRefused(String what, Api.Answer r, int status) {
        assertThat(r.status()).as(what + ": " + r.text()).isEqualTo(status);
        assertThat(r.json().get("detail").asString()).as(what).contains(REFUSED);
        assertThat(r.text()).as(what).doesNotContain(HostileXml.SECRET);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
