package dev.preflight.engine.imports;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.Severity;
import dev.preflight.xml.SecureXml;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.imports.ReportFixtures.bytes;
import static dev.preflight.engine.imports.ReportFixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class JdfSidecarTests {

    private static final double A4_W = 595.276;
    private static final double A4_H = 841.89;

    /** A page whose only boxes are the MediaBox/CropBox and, when given, a TrimBox at the origin. */
    private static PageGeometry page(int n, double w, double h, boolean withTrim, int rotation, double userUnit) {
        Box media = new Box(0, 0, w + 18, h + 18);
        Box trim = withTrim ? new Box(9, 9, 9 + w, 9 + h) : null;
        return new PageGeometry(n, media, withTrim ? media : new Box(0, 0, w, h), trim, null, null, rotation, userUnit);
    }

    @Test
    void readsAJdf14TicketWithSpans() throws Exception {
        JdfTicket t = JdfSidecar.parse(bytes("jdf/brochure-jdf14.jdf"));

        assertThat(t.version()).isEqualTo("JDF 1.4");
        assertThat(t.jobId()).isEqualTo("J-2024-0815");
        assertThat(t.jobName()).isEqualTo("Spring brochure");
        assertThat(t.productType()).isEqualTo("Brochure");
        assertThat(t.intentType()).isEqualTo("Product");
        assertThat(t.trimWidthPt()).isCloseTo(A4_W, within(1e-9));
        assertThat(t.trimHeightPt()).isCloseTo(A4_H, within(1e-9));
        assertThat(t.pageCount()).isEqualTo(16);
        assertThat(t.colourNotation()).isEqualTo("4/5");
        assertThat(t.colourNames()).containsExactly("Cyan", "Magenta", "Yellow", "Black", "PANTONE 185 C");
        assertThat(t.mediaName()).isEqualTo("Magno Gloss");
        assertThat(t.mediaWeightGsm()).isEqualTo(135.0);
        assertThat(t.mediaType()).isEqualTo("Paper");
        assertThat(t.binding()).isEqualTo("SaddleStitch");
    }

    @Test
    void contextIsSnakeCaseWithMillimetres() throws Exception {
        Map<String, Object> c = JdfSidecar.parse(bytes("jdf/brochure-jdf14.jdf")).asContext();

        assertThat(c).containsEntry("version", "JDF 1.4").containsEntry("job_id", "J-2024-0815")
                .containsEntry("job_name", "Spring brochure").containsEntry("product_type", "Brochure")
                .containsEntry("intent_type", "Product").containsEntry("page_count", 16)
                .containsEntry("binding", "SaddleStitch")
                .containsEntry("trim_size", Map.of("width_pt", 595.276, "height_pt", 841.89, "width_mm", 210.0,
                        "height_mm", 297.0))
                .containsEntry("media", Map.of("name", "Magno Gloss", "weight_gsm", 135.0, "type", "Paper"));
        assertThat(c.get("colour")).isEqualTo(Map.of("notation", "4/5", "front", 4, "back", 5,
                "names", List.of("Cyan", "Magenta", "Yellow", "Black", "PANTONE 185 C")));
    }

    @Test
    void readsAnXjdf21TicketFromTheRootProduct() throws Exception {
        JdfTicket t = JdfSidecar.parse(bytes("jdf/flyer-xjdf21.xjdf"));

        assertThat(t.version()).isEqualTo("XJDF 2.1");
        assertThat(t.jobId()).isEqualTo("X-77");
        assertThat(t.jobName()).isEqualTo("Flyer A5 landscape");
        assertThat(t.productType()).isEqualTo("Flyer");
        assertThat(t.intentType()).isEqualTo("Product");
        assertThat(t.trimWidthPt()).isEqualTo(595.276);
        assertThat(t.trimHeightPt()).isEqualTo(419.528);
        assertThat(t.pageCount()).isEqualTo(2);
        assertThat(t.colourNotation()).isEqualTo("4/0");
        assertThat(t.mediaName()).isEqualTo("Silk 300");
        assertThat(t.mediaWeightGsm()).isEqualTo(300.0);
        assertThat(t.binding()).isNull();
        assertThat(t.asContext()).doesNotContainKey("binding");
    }

    @Test
    void fallsBackToRunListComponentAndMediaResources() throws Exception {
        JdfTicket t = JdfSidecar.parse(bytes("jdf/mis-jdf13.jdf"));

        assertThat(t.version()).isEqualTo("JDF 1.3");
        assertThat(t.jobName()).isNull();
        assertThat(t.intentType()).isEqualTo("Combined");
        assertThat(t.pageCount()).isEqualTo(8);
        assertThat(t.trimWidthPt()).isEqualTo(419.528);
        assertThat(t.trimHeightPt()).isEqualTo(595.276);
        assertThat(t.colourNotation()).isEqualTo("4/0");
        assertThat(t.mediaName()).isEqualTo("Offset uncoated 90");
        assertThat(t.mediaWeightGsm()).isEqualTo(90.0);
    }

    @Test
    void trimSizeMismatchIsReportedPerPageInEitherOrientationWithinOneMillimetre() throws Exception {
        JdfTicket t = JdfSidecar.parse(bytes("jdf/brochure-jdf14.jdf"));
        List<PageGeometry> pages = List.of(
                page(1, A4_W, A4_H, true, 0, 1),
                page(2, A4_H, A4_W, true, 0, 1),
                page(3, A4_W + 2.5, A4_H - 2.5, true, 0, 1),
                page(4, 419.528, 595.276, true, 0, 1),
                page(5, A4_W, A4_H, false, 90, 1),
                page(6, A4_W / 2, A4_H / 2, true, 0, 2),
                page(7, A4_W + 3.5, A4_H, true, 0, 1));

        List<Finding> f = t.contradictions(16, pages);

        assertThat(f).extracting(Finding::pageNum).containsExactly(4, 7);
        Finding a5 = f.getFirst();
        assertThat(a5.inspectionId()).isEqualTo("JDF_TRIM_SIZE_MISMATCH");
        assertThat(a5.severity()).isEqualTo(Severity.ERROR);
        assertThat(a5.source()).isEqualTo("engine");
        assertThat(a5.message()).isEqualTo("Page trim size 148.0 × 210.0 mm differs from the job ticket's "
                + "210.0 × 297.0 mm");
        assertThat(a5.bbox()).containsExactly(9.0, 9.0, 9 + 419.528, 9 + 595.276);
        assertThat(a5.objectType()).isEqualTo("page");
        assertThat(a5.details()).containsEntry("page_width_pt", 419.528).containsEntry("ticket_width_pt", 595.276);
    }

    @Test
    void pageCountMismatchIsOneDocumentLevelFinding() throws Exception {
        JdfTicket t = JdfSidecar.parse(bytes("jdf/brochure-jdf14.jdf"));

        List<Finding> f = t.contradictions(12, List.of());
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().inspectionId()).isEqualTo("JDF_PAGE_COUNT_MISMATCH");
        assertThat(f.getFirst().severity()).isEqualTo(Severity.ERROR);
        assertThat(f.getFirst().pageNum()).isZero();
        assertThat(f.getFirst().message()).isEqualTo("The job ticket orders 16 pages but the PDF has 12");
        assertThat(f.getFirst().details()).containsEntry("ticket_pages", 16).containsEntry("pdf_pages", 12);
        assertThat(t.contradictions(16, List.of(page(1, A4_W, A4_H, true, 0, 1)))).isEmpty();
    }

    @Test
    void aTicketThatStatesNothingContradictsNothing() throws Exception {
        JdfTicket t = JdfSidecar.parse(utf8("<JDF Type=\"Product\" ID=\"n\" Status=\"Waiting\"/>"));

        assertThat(t.version()).isEqualTo("JDF 1.x");
        assertThat(t.contradictions(3, List.of(page(1, 100, 100, true, 0, 1)))).isEmpty();
        assertThat(t.asContext()).containsOnlyKeys("version", "intent_type");
    }

    @Test
    void rejectsOtherXmlAndHostileXml() {
        assertThatThrownBy(() -> JdfSidecar.parse(bytes("pitstop/v2.xml")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("root <JDF>")
                .hasMessageContaining("<EnfocusReport>");
        assertThatThrownBy(() -> JdfSidecar.parse(utf8("<?xml version=\"1.0\"?><!DOCTYPE JDF [<!ENTITY x SYSTEM "
                + "\"file:///etc/passwd\">]><JDF DescriptiveName=\"&x;\"/>")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("DOCTYPE")
                .hasMessageNotContaining("root:");
        assertThatThrownBy(() -> JdfSidecar.parse(utf8("not xml")))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("JDF file is not well-formed XML");
    }

    @Test
    void rejectsXmlNestedDeeperThanTheLimit() {
        String deep = "<a>".repeat(SecureXml.MAX_ELEMENT_DEPTH + 1) + "</a>".repeat(SecureXml.MAX_ELEMENT_DEPTH + 1);

        assertThatThrownBy(() -> JdfSidecar.parse(utf8(deep)))
                .isInstanceOf(InvalidReportException.class)
                .hasMessageContaining("not well-formed XML");
    }
}
