package dev.preflight.engine.checks;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/** The document checks over small PDFs generated with PDFBox, through the real engine and facts collector. */
class DocumentChecksPdfTests {

    /** Every document check with its default parameters. */
    private static final Profile ALL = new Profile("all-document-checks", "all", null, null, false,
            DocumentChecks.all().stream().map(c -> new ProfileCheck(c.info().id(), null, Map.of(), null)).toList());

    private static final double MM3 = 3 / 25.4 * 72;

    /** A4 page with 3 mm bleed on every side: MediaBox = BleedBox, TrimBox inset by 3 mm. */
    private static Pdfs.Page a4(Pdfs.Doc doc) {
        double w = 595.276 + 2 * MM3;
        double h = 841.89 + 2 * MM3;
        return doc.page(w, h).trimBox(MM3, MM3, w - MM3, h - MM3).bleedBox(0, 0, w, h);
    }

    private static List<Finding> analyze(byte[] pdf) throws Exception {
        Path f = Files.createTempFile("doc-checks", ".pdf");
        try {
            Files.write(f, pdf);
            return new Engine(EngineSettings.defaults()).analyze(f, new AnalysisRequest(ALL, false)).findings();
        } finally {
            Files.deleteIfExists(f);
        }
    }

    private static Set<String> ids(byte[] pdf) throws Exception {
        var ids = new TreeSet<String>();
        for (Finding f : analyze(pdf)) {
            ids.add(f.inspectionId());
        }
        assertThat(ids).as("no check may fail on a generated file").doesNotContain(Engine.CHECK_FAILED);
        return ids;
    }

    private static byte[] doc(UnaryOperator<Pdfs.Doc> docSetup, UnaryOperator<Pdfs.Page> pageSetup) {
        Pdfs.Doc d = docSetup.apply(Pdfs.document());
        return pageSetup.apply(a4(d)).font(Pdfs.Font.EMBEDDED_SANS).fill(Pdfs.cmyk(0, 0, 0, 1))
                .text(100, 400, 12, "Hello").done().bytes();
    }

    @Test
    void soundPrintFileRaisesNoStructureFontOrPageProblems() throws Exception {
        Set<String> ids = ids(doc(d -> d.outputIntent("FOGRA39", true), p -> p));
        assertThat(ids).doesNotContain("DOC_ENCRYPTED", "DOC_DAMAGED", "PAGE_CONTENT_PROBLEM", "PAGE_TRIMBOX_MISSING",
                "PAGE_BLEED_INSUFFICIENT", "PAGE_CROP_NOT_MEDIA", "PAGE_ROTATED", "PAGE_USERUNIT", "FONT_NOT_EMBEDDED",
                "FONT_COURIER", "OI_MISSING", "OI_NOT_CMYK", "OI_PROFILE_MISSING", "DOC_JAVASCRIPT", "ANNOT_PRINTS",
                "OC_HIDDEN_LAYERS", "PAGE_SAFETY_MARGIN", "PDFX_TRIM_OR_ART_MISSING", "PDFX_OI_MISSING");
        assertThat(ids).contains("OI_PRESENT", "DOC_UNTAGGED", "PDFX_VERSION_KEY_MISSING");
    }

    @Test
    void encryptionAndPrintPermissionsAreReported() throws Exception {
        Set<String> ids = ids(doc(d -> d.encrypt("owner", "", false, false), p -> p));
        assertThat(ids).contains("DOC_ENCRYPTED", "DOC_PRINT_RESTRICTED", "PDFX_ENCRYPTED");
    }

    @Test
    void scriptsLaunchActionsAndAttachmentsAreReported() throws Exception {
        Set<String> js = ids(doc(d -> d.openActionJavaScript("app.alert('hi')"), p -> p));
        assertThat(js).contains("DOC_JAVASCRIPT", "DOC_ACTIONS", "PDFX_ACTIONS_FORBIDDEN")
                .doesNotContain("DOC_LAUNCH_ACTION");
        Set<String> launch = ids(doc(d -> d.openAction("Launch", Map.of("F", "run.exe")), p -> p));
        assertThat(launch).contains("DOC_LAUNCH_ACTION").doesNotContain("DOC_JAVASCRIPT");
        Set<String> files = ids(doc(d -> d.embeddedFile("data.csv", new byte[] {1, 2, 3}, "text/csv"), p -> p));
        assertThat(files).contains("DOC_EMBEDDED_FILES");
    }

    @Test
    void pageBoxesAreJudgedFromTheFile() throws Exception {
        byte[] noTrim = Pdfs.document().page(595, 842).font(Pdfs.Font.EMBEDDED_SANS).text(100, 400, 12, "x").done()
                .bytes();
        assertThat(ids(noTrim)).contains("PAGE_TRIMBOX_MISSING", "PAGE_BLEED_INSUFFICIENT", "PDFX_TRIM_OR_ART_MISSING");
        Set<String> shortBleed = ids(doc(d -> d, p -> p.bleedBox(MM3 - 2, MM3 - 2, 595.276 + MM3 + 2,
                841.89 + MM3 + 2)));
        assertThat(shortBleed).contains("PAGE_BLEED_INSUFFICIENT").doesNotContain("PAGE_TRIMBOX_MISSING");
        Set<String> odd = ids(doc(d -> d, p -> p.cropBox(5, 5, 500, 700).rotate(90).userUnit(2)));
        assertThat(odd).contains("PAGE_CROP_NOT_MEDIA", "PAGE_ROTATED", "PAGE_USERUNIT");
    }

    @Test
    void bleedFindingOfAFileCarriesItsSides() throws Exception {
        byte[] pdf = doc(d -> d, p -> p.bleedBox(MM3 - 2, 0, 595.276 + 2 * MM3, 841.89 + 2 * MM3));
        Finding f = analyze(pdf).stream().filter(x -> x.inspectionId().equals("PAGE_BLEED_INSUFFICIENT"))
                .findFirst().orElseThrow();
        assertThat(f.details().get("short_sides")).isEqualTo(List.of("left"));
        assertThat((Double) f.details().get("left_mm")).isBetween(0.7, 0.71);
    }

    @Test
    void fontsAreJudgedByTheirUse() throws Exception {
        byte[] helvetica = doc(d -> d, p -> p.font(Pdfs.Font.HELVETICA).text(100, 300, 12, "Standard 14"));
        assertThat(ids(helvetica)).contains("FONT_NOT_EMBEDDED", "FONT_STANDARD14_NOT_EMBEDDED",
                "PDFX_FONTS_NOT_EMBEDDED");
        byte[] invisible = doc(d -> d, p -> p.font(Pdfs.Font.HELVETICA).textRenderMode(3)
                .text(100, 300, 12, "OCR layer"));
        assertThat(ids(invisible)).doesNotContain("FONT_NOT_EMBEDDED").contains("PDFX_FONTS_NOT_EMBEDDED");
        byte[] courier = doc(d -> d, p -> p.font(Pdfs.Font.COURIER).text(100, 300, 12, "Typewriter"));
        assertThat(ids(courier)).contains("FONT_COURIER");
    }

    @Test
    void outputIntentsAreJudgedFromTheFile() throws Exception {
        assertThat(ids(doc(d -> d, p -> p))).contains("OI_MISSING", "PDFX_OI_MISSING");
        assertThat(ids(doc(d -> d.outputIntent("sRGB IEC61966-2.1", false), p -> p)))
                .contains("OI_NOT_CMYK").doesNotContain("OI_MISSING", "OI_PROFILE_MISSING");
    }

    @Test
    void layersAndProcessingStepsAreJudgedFromTheFile() throws Exception {
        Set<String> hidden = ids(doc(d -> d.layer("Notes", false).layerConfigs()
                .layerPrintState("Screen only", true, false), p -> p.layer("Notes", c -> c.rect(50, 50, 20, 20))));
        assertThat(hidden).contains("OC_PRESENT", "OC_HIDDEN_LAYERS", "OC_CONFIGS_PRESENT", "OC_NOT_PRINTING",
                "PDFX_OPTIONAL_CONTENT");
        Set<String> steps = ids(doc(d -> d.processStepLayer("Die", "Structural", "Cutting")
                .processStepLayer("Crease", "Structural", "Creasing"), p -> p));
        assertThat(steps).contains("PROC_STEPS_PRESENT").doesNotContain("PROC_STEPS_PRODUCT_TYPE",
                "PROC_STEPS_CREASING_REQUIRED");
        assertThat(ids(doc(d -> d, p -> p))).contains("PROC_STEPS_PRODUCT_TYPE", "PROC_STEPS_CREASING_REQUIRED");
    }

    @Test
    void metadataIsJudgedFromInfoAndXmp() throws Exception {
        Set<String> bare = ids(doc(d -> d, p -> p));
        assertThat(bare).contains("META_TITLE_MISSING", "META_XMP_MISSING", "META_TRAPPED_UNDEFINED");
        Set<String> titled = ids(doc(d -> d.info("Brochure", "False", "PDF/X-1a:2003"), p -> p));
        assertThat(titled).doesNotContain("META_TITLE_MISSING", "META_TRAPPED_UNDEFINED")
                .contains("PDFX_VERSION_NOT_ALLOWED");
    }

    @Test
    void printingAnnotationsAndFormFieldsAreReported() throws Exception {
        Set<String> ids = ids(doc(d -> d, p -> p.annotation("Stamp", 100, 100, 50, 50, true, false,
                Pdfs.cmyk(0, 1, 0, 0)).textField("name", 100, 200, 100, 20, null)));
        assertThat(ids).contains("ANNOT_PRINTS", "ANNOT_FORM_FIELD_PRINTS", "DOC_ACROFORM", "ANNOT_PRESENT");
        Set<String> hidden = ids(doc(d -> d, p -> p.annotation("Text", 100, 100, 20, 20, false, false, null)));
        assertThat(hidden).contains("PDFX_ANNOT_NOT_PRINTING", "ANNOT_NO_APPEARANCE").doesNotContain("ANNOT_PRINTS");
    }

    @Test
    void contentNearTheTrimEdgeAndTransparencyAreFoundInPaintedElements() throws Exception {
        Set<String> near = ids(doc(d -> d, p -> p.text(MM3 + 1, 400, 12, "Edge")));
        assertThat(near).contains("PAGE_SAFETY_MARGIN");
        Set<String> transparent = ids(doc(d -> d, p -> p.alpha(0.5, 1).fill(Pdfs.rgb(1, 0, 0)).rect(100, 100, 50,
                50)));
        assertThat(transparent).contains("PDFX_TRANSPARENCY", "PDFX_X1A_COLOR_SPACE");
    }
}
