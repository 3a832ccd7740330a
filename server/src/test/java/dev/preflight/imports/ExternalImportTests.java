package dev.preflight.imports;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** preflight_source=external end to end (spec: Native import document and its four import rules). */
class ExternalImportTests extends ServerTestBase {

    private static final String REPORT = """
            {
              "schema_version": "1",
              "source": {"tool": "AcmeCheck", "version": "4.2", "profile": "Sheetfed", "site": "north", "run": 7},
              "capabilities": {"separations": true, "tac": false, "layers": false, "unknown_key": true},
              "findings": [
                {"severity": "error", "message": "Image too coarse", "inspection_id": "IMG_LOW", "page_num": 1,
                 "bbox": [10, 20, 110, 220], "object_id": "12 0 R", "object_type": "image", "category": "image",
                 "iso_clause": "GWG2022 R0031", "details": {"ppi": 96}},
                {"severity": "critical", "message": "Something odd"},
                {"severity": "advisory", "message": "Document note", "page": 0},
                {"severity": "info", "message": "Second page note", "page": 2}
              ]
            }
            """;

    private JsonNode importJob(TenantKey t, String report, String format) {
        var form = Api.form().file("file", "a.pdf", SamplePdfs.clean().pages(2).bytes())
                .field("preflight_source", "external")
                .file("external_report", "report.json", report.getBytes(StandardCharsets.UTF_8));
        if (format != null) {
            form.field("external_format", format);
        }
        var r = api.postForm("/api/v1/jobs?wait=30", t.key(), form);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    @Test
    void importsTheNativeDocumentFollowingTheFourRules() {
        var t = newTenant("growth");
        JsonNode job = importJob(t, REPORT, "service_json");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("preflight_source").asString()).isEqualTo("external");
        assertThat(job.get("external_format").asString()).isEqualTo("service_json");
        assertThat(job.get("page_count").asInt()).isEqualTo(2);
        JsonNode f = job.get("findings");
        assertThat(f.size()).isEqualTo(4);
        // Order preserved; ids prefixed EXT-SVC- (rule 3).
        assertThat(f.get(0).get("inspection_id").asString()).isEqualTo("EXT-SVC-IMG_LOW");
        assertThat(f.get(0).get("source").asString()).isEqualTo("external:service_json");
        assertThat(f.get(0).get("bbox").toString()).isEqualTo("[10.0,20.0,110.0,220.0]");
        assertThat(f.get(0).get("object_id").asString()).isEqualTo("12 0 R");
        assertThat(f.get(0).get("iso_clause").asString()).isEqualTo("GWG2022 R0031");
        assertThat(f.get(0).get("details").get("ppi").asInt()).isEqualTo(96);
        // Rule 1: unknown severity coerced to warning, not dropped.
        assertThat(f.get(1).get("severity").asString()).isEqualTo("warning");
        // Rule 2: a synthesised id from a hash of the message.
        assertThat(f.get(1).get("inspection_id").asString()).startsWith("EXT-SVC-").isNotEqualTo("EXT-SVC-");
        // Rule 4: page 0 or omitted = document level; "page" is an alias of page_num.
        assertThat(f.get(1).get("page_num").asInt()).isZero();
        assertThat(f.get(2).get("page_num").asInt()).isZero();
        assertThat(f.get(3).get("page_num").asInt()).isEqualTo(2);
        JsonNode src = job.get("external_source");
        assertThat(src.get("tool").asString()).isEqualTo("AcmeCheck");
        assertThat(src.get("site").asString()).isEqualTo("north");
        assertThat(src.get("run").asInt()).isEqualTo(7);
        JsonNode s = job.get("summary");
        assertThat(s.get("error_count").asInt()).isEqualTo(1);
        assertThat(s.get("warning_count").asInt()).isEqualTo(1);
        assertThat(s.get("advisory_count").asInt()).isEqualTo(1);
        assertThat(s.get("total_findings").asInt()).isEqualTo(4);
        assertThat(s.get("passed").asBoolean()).isFalse();
    }

    @Test
    void synthesisedIdsAreStableForTheSameMessage() {
        var t = newTenant("growth");
        JsonNode a = importJob(t, REPORT, "service_json");
        JsonNode b = importJob(t, REPORT, null);
        assertThat(b.get("external_format").asString()).isEqualTo("service_json");
        assertThat(a.get("findings").get(1).get("inspection_id").asString())
                .isEqualTo(b.get("findings").get(1).get("inspection_id").asString());
    }

    @Test
    void rejectsDocumentsThatBreakTheSchemaWithAReadableDetail() {
        var t = newTenant("growth");
        for (String bad : new String[] {
                "{\"findings\": [], \"extra\": 1}",
                "{\"source\": {\"tool\": \"x\"}}",
                "{\"findings\": [{\"severity\": \"error\"}]}",
                "{\"findings\": [{\"severity\": \"error\", \"message\": \"m\", \"bbox\": [1, 2, 3]}]}",
                "{\"schema_version\": \"2\", \"findings\": []}",
                "[1, 2, 3"}) {
            var r = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                    .field("preflight_source", "external").field("external_format", "service_json")
                    .file("external_report", "r.json", bad.getBytes(StandardCharsets.UTF_8)));
            assertThat(r.status()).as(bad + " -> " + r.text()).isEqualTo(422);
            assertThat(r.json().get("detail").asString()).as(bad).isNotBlank();
        }
    }

    @Test
    void anUndetectableReportIs422SayingWhatWasExpected() {
        var t = newTenant("growth");
        var r = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                .field("preflight_source", "external")
                .file("external_report", "r.txt", "just some text".getBytes(StandardCharsets.UTF_8)));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().get("detail").asString()).isNotBlank();
    }

    @Test
    void importsAPitStopReportByAutoDetection() {
        var t = newTenant("growth");
        String pitstop = """
                <?xml version="1.0" encoding="UTF-8"?>
                <EnfocusReport version="3.0" unit="mm">
                  <PreflightReport errors="1" warnings="0">
                    <Errors>
                      <PreflightReportItem>
                        <Message>Font Helvetica-Bold not embedded (1x on page 1)</Message>
                        <Location page="0" minX="10" minY="20" maxX="30" maxY="40"/>
                      </PreflightReportItem>
                    </Errors>
                  </PreflightReport>
                </EnfocusReport>
                """;
        var r = api.postForm("/api/v1/jobs?wait=30", t.key(), Api.form().file("file", "a.pdf",
                        SamplePdfs.clean().bytes()).field("preflight_source", "external")
                .file("external_report", "r.xml", pitstop.getBytes(StandardCharsets.UTF_8)));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode job = r.json();
        assertThat(job.get("external_format").asString()).isEqualTo("preflight_a_xml");
        JsonNode f = job.get("findings").get(0);
        assertThat(f.get("source").asString()).isEqualTo("external:preflight_a");
        assertThat(f.get("severity").asString()).isEqualTo("error");
        assertThat(f.get("page_num").asInt()).isEqualTo(1);
        assertThat(f.get("bbox").get(0).asDouble()).isCloseTo(10 * 72 / 25.4, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void rejectsXxeInAReport() {
        var t = newTenant("growth");
        String xxe = """
                <?xml version="1.0"?>
                <!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>
                <EnfocusReport><PreflightReport><Errors><PreflightReportItem><Message>&x;</Message>
                </PreflightReportItem></Errors></PreflightReport></EnfocusReport>
                """;
        var r = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                .field("preflight_source", "external").field("external_format", "preflight_a_xml")
                .file("external_report", "r.xml", xxe.getBytes(StandardCharsets.UTF_8)));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.text()).doesNotContain("root:");
    }
}
