package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.FontFact;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.ImagePlacement;
import dev.preflight.engine.facts.OutputIntentFact;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;
import dev.preflight.engine.facts.TransparencyGroupFact;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The PDF/X checks per edition: Info or XMP as the edition says, what each finding says, and its clause. */
class PdfxComplianceCheckTests {

    private static final Map<String, Object> X1A = Map.of("standard", "PDF/X-1a:2001");
    private static final Map<String, Object> X4 = Map.of("standard", "PDF/X-4");

    private static List<Finding> run(String id, DocFacts d, Map<String, Object> params) {
        return DocumentCheckCasesTests.run(id, d, params);
    }

    private static String message(String id, DocFacts d, Map<String, Object> params) {
        List<Finding> f = run(id, d, params);
        assertThat(f).as(id).hasSize(1);
        return f.getFirst().message();
    }

    private static PaintedElement painted(ElementKind kind, PaintColor fill, PaintColor stroke, String blend,
                                          double fillAlpha, double strokeAlpha, boolean softMask,
                                          ImagePlacement image) {
        Box b = new Box(100, 100, 200, 200);
        return new PaintedElement(kind, b, b, fill, stroke, false, false, 0, blend, fillAlpha, strokeAlpha, softMask,
                1, false, null, image, null, false, true, false, null, "page", null);
    }

    private static final PaintColor BLACK = PaintColor.device("DeviceCMYK", 0, 0, 0, 1);

    @Test
    void trappedIsReadFromTheEditionsPlace() {
        DocFacts d = DocFacts.clean();
        d.xmpTrapped = null;
        assertThat(message("PDFX_TRAPPED_INVALID", d, X4))
                .isEqualTo("XMP pdf:Trapped is missing, must be True or False (PDF/X-4)");
        assertThat(run("PDFX_TRAPPED_INVALID", d, X1A)).as("Info says False").isEmpty();
        d.infoTrapped = "Unknown";
        assertThat(message("PDFX_TRAPPED_INVALID", d, X1A))
                .isEqualTo("Info /Trapped is Unknown, must be True or False (PDF/X-1a:2001)");
        assertThat(run("PDFX_TRAPPED_INVALID", d, X1A).getFirst().details()).containsEntry("trapped", "Unknown")
                .containsEntry("clause", "ISO 15930-1:2001");
    }

    @Test
    void pdfx4InfoTrappedMustNotContradictXmp() {
        DocFacts d = DocFacts.clean();
        d.infoTrapped = "True";
        assertThat(message("PDFX_TRAPPED_INVALID", d, X4))
                .isEqualTo("Info /Trapped True contradicts XMP pdf:Trapped False (PDF/X-4)");
        d.infoTrapped = "/False";
        assertThat(run("PDFX_TRAPPED_INVALID", d, X4)).isEmpty();
        d.infoTrapped = null;
        assertThat(run("PDFX_TRAPPED_INVALID", d, X4)).isEmpty();
        d.infoTrapped = "True";
        assertThat(run("PDFX_TRAPPED_INVALID", d, X1A)).as("no XMP rule for PDF/X-1a").isEmpty();
    }

    @Test
    void boxesMustNestTrimInBleedInMedia() {
        DocFacts trimOut = DocFacts.clean();
        trimOut.page().bleed = new Box(20, 20, 300, 300);
        assertThat(message("PDFX_BOXES_NOT_NESTED", trimOut, X4))
                .isEqualTo("Page 1: the TrimBox extends beyond the BleedBox (PDF/X-4)");
        DocFacts trimOffMedia = DocFacts.clean();
        trimOffMedia.page().bleed = null;
        trimOffMedia.page().trim = new Box(-5, 0, 300, 300);
        assertThat(message("PDFX_BOXES_NOT_NESTED", trimOffMedia, X4))
                .isEqualTo("Page 1: the TrimBox extends beyond the MediaBox (PDF/X-4)");
        DocFacts bleedOut = DocFacts.clean();
        bleedOut.page().bleed = new Box(-20, -20, 900, 900);
        assertThat(message("PDFX_BOXES_NOT_NESTED", bleedOut, X4))
                .isEqualTo("Page 1: the BleedBox extends beyond the MediaBox (PDF/X-4)");
        DocFacts art = DocFacts.clean();
        art.page().art = art.page().trim;
        art.page().trim = null;
        art.page().bleed = new Box(20, 20, 300, 300);
        assertThat(run("PDFX_BOXES_NOT_NESTED", art, X4)).as("the ArtBox stands in for the TrimBox").hasSize(1);
        assertThat(run("PDFX_BOXES_NOT_NESTED", DocFacts.clean(), X4)).isEmpty();
    }

    @Test
    void datesAreReadFromTheEditionsPlaceAndNamed() {
        DocFacts d = DocFacts.clean();
        d.infoCreationDate = " ";
        assertThat(message("PDFX_DATES_MISSING", d, X1A)).isEqualTo("Missing CreationDate (PDF/X-1a:2001)");
        assertThat(run("PDFX_DATES_MISSING", d, X4)).isEmpty();
        d.infoModDate = null;
        assertThat(message("PDFX_DATES_MISSING", d, X1A))
                .isEqualTo("Missing CreationDate and ModDate (PDF/X-1a:2001)");
        DocFacts xmp = DocFacts.clean();
        xmp.xmpModifyDate = "";
        assertThat(message("PDFX_DATES_MISSING", xmp, X4)).isEqualTo("Missing xmp:ModifyDate (PDF/X-4)");
        xmp.xmpCreateDate = null;
        assertThat(run("PDFX_DATES_MISSING", xmp, X4).getFirst().details())
                .containsEntry("missing", List.of("xmp:CreateDate", "xmp:ModifyDate"));
        assertThat(run("PDFX_DATES_MISSING", xmp, X1A)).isEmpty();
    }

    @Test
    void versionKeysAreReadFromTheEditionsPlace() {
        DocFacts d = DocFacts.clean();
        d.xmpPdfxVersion = " ";
        assertThat(message("PDFX_VERSION_KEY_MISSING", d, X4))
                .isEqualTo("XMP pdfxid:GTS_PDFXVersion is missing (PDF/X-4)");
        DocFacts x1a = DocFacts.clean();
        x1a.gtsPdfxVersion = "PDF/X-1:2001";
        x1a.gtsPdfxConformance = "PDF/X-1a:2001";
        assertThat(run("PDFX_VERSION_KEY_MISSING", x1a, X1A)).isEmpty();
        x1a.gtsPdfxConformance = " ";
        assertThat(message("PDFX_VERSION_KEY_MISSING", x1a, X1A))
                .isEqualTo("Info /GTS_PDFXConformance is missing (PDF/X-1a:2001)");
        x1a.gtsPdfxVersion = null;
        x1a.gtsPdfxConformance = null;
        assertThat(run("PDFX_VERSION_KEY_MISSING", x1a, X1A)).extracting(Finding::message).containsExactly(
                "Info /GTS_PDFXVersion is missing (PDF/X-1a:2001)",
                "Info /GTS_PDFXConformance is missing (PDF/X-1a:2001)");
    }

    @Test
    void aFamilyFollowsTheEditionDeclaredInInfoElseInXmp() {
        DocFacts d = DocFacts.clean();
        d.infoTitle = null;
        d.gtsPdfxVersion = " ";
        d.xmpPdfxVersion = "PDF/X-1:2001";
        assertThat(message("PDFX_TITLE_MISSING", d, Map.of("standard", "PDF/X-1a")))
                .isEqualTo("Info /Title is missing (PDF/X-1a:2001)");
        d.xmpPdfxVersion = null;
        assertThat(message("PDFX_TITLE_MISSING", d, Map.of("standard", "PDF/X-1a")))
                .isEqualTo("Info /Title is missing (PDF/X-1a:2003)");
        d.gtsPdfxVersion = "PDF/X-1:2001";
        assertThat(message("PDFX_TITLE_MISSING", d, Map.of("standard", "PDF/X-1a")))
                .isEqualTo("Info /Title is missing (PDF/X-1a:2001)");
    }

    @Test
    void theTitleIsReadFromTheEditionsPlace() {
        DocFacts d = DocFacts.clean();
        d.xmpTitle = " ";
        assertThat(message("PDFX_TITLE_MISSING", d, X4)).isEqualTo("XMP dc:title is missing (PDF/X-4)");
        assertThat(run("PDFX_TITLE_MISSING", d, X1A)).isEmpty();
    }

    @Test
    void xmpIsRequiredOnlyByPdfx4() {
        DocFacts missing = DocFacts.clean();
        missing.xmpPresent = false;
        assertThat(message("PDFX_XMP_MISSING", missing, X4)).isEqualTo("The document has no XMP metadata (PDF/X-4)");
        assertThat(run("PDFX_XMP_MISSING", missing, X1A)).isEmpty();
        DocFacts broken = DocFacts.clean();
        broken.xmpProblem = "bad";
        assertThat(message("PDFX_XMP_MISSING", broken, X4))
                .isEqualTo("The XMP metadata cannot be parsed (PDF/X-4)");
        assertThat(run("PDFX_XMP_MISSING", DocFacts.clean(), X4)).isEmpty();
    }

    @Test
    void aNonPrintingAnnotationCountsOnlyInsideTheBleedArea() {
        DocFacts d = DocFacts.clean();
        d.page().annotations.add(new AnnotationFact(1, "50 0 R", "Stamp", new Box(100, 100, 120, 120), false, false,
                true, null));
        assertThat(run("PDFX_ANNOT_NOT_PRINTING", d, X4)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Stamp annotation inside the bleed area does not print (PDF/X-4)");
            assertThat(f.details()).containsEntry("print_flag", false).containsEntry("hidden", false);
        });
        DocFacts hidden = DocFacts.clean();
        hidden.page().annotations.add(new AnnotationFact(1, "50 0 R", "Stamp", new Box(100, 100, 120, 120), true,
                true, true, null));
        assertThat(run("PDFX_ANNOT_NOT_PRINTING", hidden, X4)).hasSize(1);
        DocFacts outside = DocFacts.clean();
        outside.page().annotations.add(new AnnotationFact(1, "50 0 R", "Stamp", new Box(700, 900, 720, 920), false,
                false, true, null));
        assertThat(run("PDFX_ANNOT_NOT_PRINTING", outside, X4)).isEmpty();
        DocFacts printing = DocFacts.clean();
        printing.page().annotations.add(new AnnotationFact(1, "50 0 R", "Stamp", new Box(100, 100, 120, 120), true,
                false, true, null));
        assertThat(run("PDFX_ANNOT_NOT_PRINTING", printing, X4)).isEmpty();
    }

    @Test
    void aFontIsRequiredToBeEmbeddedWhenItIsUsedAnywhere() {
        DocFacts onPage = DocFacts.clean();
        onPage.fonts.add(new FontFact("12 0 R", "Arial", "TrueType", null, null, false, false, false, null,
                List.of(2), 0, 0, false, null));
        assertThat(run("PDFX_FONTS_NOT_EMBEDDED", onPage, X4)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Font Arial is not embedded (PDF/X-4)");
            assertThat(f.pageNum()).isEqualTo(2);
        });
        DocFacts unused = DocFacts.clean();
        unused.fonts.add(new FontFact("12 0 R", "Arial", "TrueType", null, null, false, false, false, null,
                List.of(), 0, 0, false, null));
        assertThat(run("PDFX_FONTS_NOT_EMBEDDED", unused, X4)).isEmpty();
        DocFacts glyphsOnly = DocFacts.clean();
        glyphsOnly.fonts.add(new FontFact("12 0 R", "Arial", "TrueType", null, null, false, false, false, null,
                List.of(), 3, 0, false, null));
        assertThat(run("PDFX_FONTS_NOT_EMBEDDED", glyphsOnly, X4)).singleElement()
                .satisfies(f -> assertThat(f.pageNum()).isZero());
    }

    @Test
    void transparencyIsNamedByKindPerPage() {
        DocFacts d = DocFacts.clean();
        d.page().elements.add(painted(ElementKind.FILL, BLACK, null, "Normal", 0.5, 1, false, null));
        d.page().elements.add(painted(ElementKind.STROKE, null, BLACK, "Normal", 1, 0.5, false, null));
        d.page().elements.add(painted(ElementKind.FILL, BLACK, null, "Multiply", 1, 1, false, null));
        d.page().elements.add(painted(ElementKind.FILL, BLACK, null, "Compatible", 1, 1, false, null));
        d.page().elements.add(painted(ElementKind.FILL, BLACK, null, "Normal", 1, 1, true, null));
        d.page().groups.add(new TransparencyGroupFact(1, "form", "DeviceCMYK", true, false, false, "30 0 R"));
        assertThat(run("PDFX_TRANSPARENCY", d, X1A)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo(
                    "Page 1 uses transparency (alpha, blend_mode, soft_mask, transparency_group) (PDF/X-1a:2001)");
            assertThat(f.details()).containsEntry("elements", 4).containsEntry("groups", 1);
        });
        assertThat(run("PDFX_TRANSPARENCY", d, X4)).isEmpty();
    }

    @Test
    void aSoftMaskedImageIsTransparency() {
        DocFacts d = DocFacts.clean();
        d.images.add(DocFacts.imageFact("7 0 R", PaintColor.device("DeviceCMYK"), true));
        d.page().elements.add(painted(ElementKind.IMAGE, null, null, "Normal", 1, 1, false,
                new ImagePlacement("7 0 R", 300, 300, 100, 100)));
        assertThat(run("PDFX_TRANSPARENCY", d, X1A)).singleElement().satisfies(f -> assertThat(f.details())
                .containsEntry("uses", List.of("soft_mask")).containsEntry("elements", 1));
        DocFacts plain = DocFacts.clean();
        plain.images.add(DocFacts.imageFact("7 0 R", PaintColor.device("DeviceCMYK"), false));
        plain.page().elements.add(painted(ElementKind.IMAGE, null, null, "Normal", 1, 1, false,
                new ImagePlacement("7 0 R", 300, 300, 100, 100)));
        assertThat(run("PDFX_TRANSPARENCY", plain, X1A)).isEmpty();
    }

    @Test
    void pdfx1aColourIsJudgedOnFillsStrokesImagesAndPatternBases() {
        DocFacts d = DocFacts.clean();
        d.page().elements.add(painted(ElementKind.STROKE, null, PaintColor.device("DeviceRGB", 1, 0, 0), "Normal",
                1, 1, false, null));
        d.page().elements.add(painted(ElementKind.FILL, new PaintColor("Pattern", null, "Lab", null, List.of(),
                List.of(), null, null), null, "Normal", 1, 1, false, null));
        d.page().elements.add(painted(ElementKind.FILL, new PaintColor("Pattern", null, null, null, List.of(),
                List.of(), null, null), null, "Normal", 1, 1, false, null));
        assertThat(run("PDFX_X1A_COLOR_SPACE", d, X1A)).extracting(Finding::message).containsExactly(
                "Page 1 uses DeviceRGB (PDF/X-1a:2001)", "Page 1 uses Lab (PDF/X-1a:2001)");
    }

    @Test
    void aMissingDestinationProfileNeedsARegisteredConditionBeforePdfx4() {
        DocFacts registered = DocFacts.clean();
        registered.outputIntents.clear();
        registered.outputIntents.add(new OutputIntentFact("GTS_PDFX", "FOGRA39", null, "http://www.color.org",
                null, null, null, null, 0, "30 0 R", false, null));
        assertThat(run("PDFX_OI_PROFILE", registered, X1A)).isEmpty();
        assertThat(message("PDFX_OI_PROFILE", registered, X4))
                .isEqualTo("The GTS_PDFX output intent has no embedded destination profile (PDF/X-4)");
        DocFacts unregistered = DocFacts.clean();
        unregistered.outputIntents.clear();
        unregistered.outputIntents.add(new OutputIntentFact("GTS_PDFX", "Custom", null, " ", null, null, null,
                null, 0, "30 0 R", false, null));
        assertThat(run("PDFX_OI_PROFILE", unregistered, X1A)).hasSize(1);
        DocFacts unreadable = DocFacts.clean();
        unreadable.outputIntents.clear();
        unreadable.outputIntents.add(new OutputIntentFact("GTS_PDFX", "FOGRA39", null, "http://www.color.org",
                null, null, null, "bad header", 0, "30 0 R", true, 4));
        assertThat(message("PDFX_OI_PROFILE", unreadable, X1A)).startsWith(
                "The GTS_PDFX output intent has an embedded destination profile that is unreadable (bad header)");
    }
}
