package dev.preflight.imports;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** jdf_file at submit: every finding carries jdf_context; ticket/PDF contradictions are findings of their own. */
class JdfSidecarJobTests extends ServerTestBase {

    /** An XJDF 2.1 ticket for a 2-page A5-landscape flyer. */
    private static final String XJDF = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XJDF xmlns="http://www.CIP4.org/JDFSchema_2_0" JobID="X-77" Types="Product" Version="2.1">
              <ProductList>
                <Product ID="P1" IsRoot="true" Amount="5000" ProductType="Flyer" DescriptiveName="Flyer A5 landscape">
                  <Intent Name="LayoutIntent">
                    <LayoutIntent FinishedDimensions="595.276 419.528 0" Pages="2" Sides="TwoSidedHeadToHead"/>
                  </Intent>
                </Product>
              </ProductList>
            </XJDF>
            """;

    @Test
    void findingsCarryTheTicketAndContradictionsAreReported() {
        var t = newTenant("growth");
        // An A4 PDF with 3 pages against a 2-page A5 ticket: both the page count and the trim size contradict it.
        var r = api.postForm("/api/v1/jobs?wait=60", t.key(), Api.form()
                .file("file", "a.pdf", SamplePdfs.clean().withoutOutputIntent().pages(3).bytes())
                .file("jdf_file", "job.xjdf", XJDF.getBytes(StandardCharsets.UTF_8)));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode job = r.json();
        assertThat(inspectionIds(job)).contains("JDF_PAGE_COUNT_MISMATCH", "JDF_TRIM_SIZE_MISMATCH", "OI_MISSING");
        for (JsonNode f : job.get("findings")) {
            JsonNode ctx = f.get("jdf_context");
            assertThat(ctx).as(f.toString()).isNotNull();
            assertThat(ctx.get("job_id").asString()).isEqualTo("X-77");
            assertThat(ctx.get("page_count").asInt()).isEqualTo(2);
        }
    }

    @Test
    void findingsHaveNoJdfContextWithoutASidecar() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().withoutOutputIntent().bytes());
        assertThat(job.get("findings").size()).isPositive();
        job.get("findings").forEach(f -> assertThat(f.has("jdf_context")).isFalse());
    }

    @Test
    void anUnparseableSidecarIs422() {
        var t = newTenant("growth");
        var r = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                .file("jdf_file", "job.jdf", "<JDF><unclosed>".getBytes(StandardCharsets.UTF_8)));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().get("detail").asString()).contains("JDF");
    }
}
