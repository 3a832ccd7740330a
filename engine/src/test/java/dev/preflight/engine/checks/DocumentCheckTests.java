package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.FontFact;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.DocFacts.BLEED;
import static dev.preflight.engine.checks.DocFacts.intent;
import static dev.preflight.engine.checks.DocFacts.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Behaviour of the document-level checks beyond their basic pass/fail case. */
class DocumentCheckTests {

    private static List<Finding> run(String id, DocFacts d) {
        return DocumentCheckCasesTests.run(id, d, Map.of());
    }

    private static List<Finding> run(String id, DocFacts d, Map<String, Object> params) {
        return DocumentCheckCasesTests.run(id, d, params);
    }

    @Test
    void bleedFindingGivesEverySideInMillimetres() {
        DocFacts d = DocFacts.clean();
        var p = d.page();
        p.bleed = new Box(p.trim.x0() - 1 / 25.4 * 72, p.trim.y0() - BLEED, p.trim.x1() + BLEED, p.trim.y1() + BLEED);
        Finding f = run("PAGE_BLEED_INSUFFICIENT", d).getFirst();
        assertThat((Double) f.details().get("left_mm")).isCloseTo(1.0, within(0.001));
        assertThat((Double) f.details().get("right_mm")).isCloseTo(3.0, within(0.001));
        assertThat((Double) f.details().get("top_mm")).isCloseTo(3.0, within(0.001));
        assertThat(f.details().get("short_sides")).isEqualTo(List.of("left"));
        assertThat(f.pageNum()).isEqualTo(1);
        assertThat(f.bbox()).isEqualTo(p.trim.toList());
        assertThat(f.message()).contains("1.00 mm on left");
    }

    @Test
    void bleedFallsBackToTheCropBoxAndHonoursTheMinimum() {
        DocFacts d = DocFacts.clean();
        d.page().bleed = null;
        assertThat(run("PAGE_BLEED_INSUFFICIENT", d)).isEmpty();
        d.page().crop = d.page().trim;
        assertThat(run("PAGE_BLEED_INSUFFICIENT", d)).hasSize(1);
        assertThat(run("PAGE_BLEED_INSUFFICIENT", DocFacts.clean(), Map.of("min_bleed_mm", 5.0))).hasSize(1);
        assertThat(run("PAGE_BLEED_INSUFFICIENT", DocFacts.clean(), Map.of("min_bleed_mm", 0.0))).isEmpty();
    }

    @Test
    void bleedBeyondTheMediaBoxDoesNotCount() {
        DocFacts d = DocFacts.clean();
        d.page().media = d.page().trim;
        d.page().crop = d.page().trim;
        assertThat(run("PAGE_BLEED_INSUFFICIENT", d)).hasSize(1);
    }

    @Test
    void profileSeverityAndClauseAreCarriedByFindings() {
        Check check = DocumentChecks.all().stream().filter(c -> c.info().id().equals("PAGE_USERUNIT")).findFirst()
                .orElseThrow();
        DocFacts d = DocFacts.clean();
        d.page().userUnit = 2;
        var ctx = new CheckContext(check.info(),
                new ProfileCheck("PAGE_USERUNIT", Severity.WARNING, Map.of(), "GWG2022 R0002"), 100);
        check.run(d.build(), ctx);
        assertThat(ctx.findings()).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.isoClause()).isEqualTo("GWG2022 R0002");
            assertThat(f.category()).isEqualTo("page");
            assertThat(f.details()).containsEntry("user_unit", 2.0);
        });
    }

    @Test
    void fontNotEmbeddedIgnoresInvisibleAndHiddenTextButNotUnknownUse() {
        DocFacts d = DocFacts.clean();
        d.fonts.add(DocFacts.font("12 0 R", "Arial", "TrueType", false, 1));
        d.page().elements.add(DocFacts.inHiddenLayer(text(new Box(0, 0, 10, 10), "12 0 R", 0), "Notes"));
        assertThat(run("FONT_NOT_EMBEDDED", d)).isEmpty();
        DocFacts noElements = DocFacts.clean();
        noElements.fonts.add(DocFacts.font("12 0 R", "Arial", "TrueType", false, 1));
        assertThat(run("FONT_NOT_EMBEDDED", noElements)).singleElement()
                .satisfies(f -> assertThat(f.objectId()).isEqualTo("12 0 R"));
        DocFacts unused = DocFacts.clean();
        unused.fonts.add(new FontFact("13 0 R", "Arial", "TrueType", null, null, false, false, false, null,
                List.of(), 0, 0, false, null));
        assertThat(run("FONT_NOT_EMBEDDED", unused)).isEmpty();
        // clip-only text (render mode 7) leaves no element: on a page whose other elements were collected, a font
        // no element mentions painted nothing
        DocFacts clipOnly = DocFacts.clean();
        clipOnly.fonts.add(DocFacts.font("12 0 R", "Arial", "TrueType", false, 1));
        clipOnly.page().elements.add(text(new Box(0, 0, 10, 10), "10 0 R", 0));
        assertThat(run("FONT_NOT_EMBEDDED", clipOnly)).isEmpty();
    }

    @Test
    void courierIsMatchedWithoutItsSubsetTag() {
        DocFacts d = DocFacts.clean();
        d.fonts.add(DocFacts.font("12 0 R", "QWERTY+Courier", "Type1", true, 1));
        assertThat(run("FONT_COURIER", d)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("font", "QWERTY+Courier"));
    }

    @Test
    void pdfVersionLimitFollowsTheEdition() {
        DocFacts x1a2001 = DocFacts.clean();
        x1a2001.pdfVersion = "1.4";
        x1a2001.gtsPdfxVersion = "PDF/X-1:2001";
        x1a2001.gtsPdfxConformance = "PDF/X-1a:2001";
        assertThat(run("PDFX_PDF_VERSION", x1a2001, Map.of("standard", "PDF/X-1a"))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("max_version", "1.3")
                        .containsEntry("clause", "ISO 15930-1:2001"));
        DocFacts x1a2003 = DocFacts.clean();
        x1a2003.pdfVersion = "1.4";
        x1a2003.gtsPdfxVersion = "PDF/X-1a:2003";
        assertThat(run("PDFX_PDF_VERSION", x1a2003, Map.of("standard", "PDF/X-1a"))).isEmpty();
        assertThat(run("PDFX_PDF_VERSION", x1a2003, Map.of("standard", "PDF/X-3:2002"))).hasSize(1);
    }

    @Test
    void pdfx1a2001NeedsItsConformanceKey() {
        DocFacts d = DocFacts.clean();
        d.gtsPdfxVersion = "PDF/X-1:2001";
        assertThat(run("PDFX_VERSION_KEY_MISSING", d, Map.of("standard", "PDF/X-1a:2001"))).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("GTS_PDFXConformance"));
        d.gtsPdfxConformance = "PDF/X-1a:2001";
        assertThat(run("PDFX_VERSION_KEY_MISSING", d, Map.of("standard", "PDF/X-1a:2001"))).isEmpty();
        d.gtsPdfxConformance = "PDF/X-1:2001";
        assertThat(run("PDFX_VERSION_NOT_ALLOWED", d, Map.of("standard", "PDF/X-1a:2001"))).hasSize(1);
    }

    @Test
    void outputProfileRulesDifferByEdition() {
        DocFacts registered = DocFacts.clean();
        registered.outputIntents.clear();
        registered.outputIntents.add(intent("GTS_PDFX", "CGATS TR 001", "http://www.color.org", null));
        assertThat(run("PDFX_OI_PROFILE", registered, Map.of("standard", "PDF/X-3"))).isEmpty();
        assertThat(run("PDFX_OI_PROFILE", registered, Map.of("standard", "PDF/X-4"))).hasSize(1);
        assertThat(run("OI_PROFILE_MISSING", registered, Map.of("allow_registered", true))).isEmpty();
        DocFacts rgb = DocFacts.clean();
        rgb.outputIntents.clear();
        rgb.outputIntents.add(intent("GTS_PDFX", "sRGB", null, "RGB"));
        assertThat(run("PDFX_OI_PROFILE", rgb, Map.of("standard", "PDF/X-3"))).isEmpty();
        assertThat(run("PDFX_OI_PROFILE", rgb, Map.of("standard", "PDF/X-1a"))).hasSize(1);
    }

    @Test
    void transparencyAndColourRulesOnlyApplyToTheirEditions() {
        DocFacts d = DocFacts.clean();
        d.page().elements.add(DocFacts.withAlpha(text(new Box(0, 0, 10, 10), "10 0 R", 0), 0.5));
        assertThat(run("PDFX_TRANSPARENCY", d, Map.of("standard", "PDF/X-4"))).isEmpty();
        assertThat(run("PDFX_TRANSPARENCY", d, Map.of("standard", "PDF/X-3"))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("uses", List.of("alpha")));
        DocFacts groups = DocFacts.clean();
        groups.page().groups.add(new dev.preflight.engine.facts.TransparencyGroupFact(1, "page", "DeviceCMYK",
                false, false, false, null));
        assertThat(run("PDFX_TRANSPARENCY", groups)).hasSize(1);

        DocFacts colour = DocFacts.clean();
        colour.images.add(DocFacts.imageFact("20 0 R",
                new PaintColor("ICCBased", "RGB", null, null, List.of(), List.of(), null, null), false));
        colour.page().elements.add(DocFacts.image(new Box(0, 0, 100, 100), "20 0 R"));
        colour.page().elements.add(DocFacts.element(ElementKind.FILL, new Box(0, 0, 5, 5),
                new PaintColor("Indexed", null, "DeviceCMYK", null, List.of(), List.of(1.0), null, null)));
        assertThat(run("PDFX_X1A_COLOR_SPACE", colour)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("color_space", "ICCRGB"));
        assertThat(run("PDFX_X1A_COLOR_SPACE", colour, Map.of("standard", "PDF/X-3"))).isEmpty();
    }

    @Test
    void pdfx4TrappedMustAgreeBetweenXmpAndInfo() {
        DocFacts d = DocFacts.clean();
        d.infoTrapped = "True";
        assertThat(run("PDFX_TRAPPED_INVALID", d)).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("contradicts"));
        d.infoTrapped = null;
        assertThat(run("PDFX_TRAPPED_INVALID", d)).isEmpty();
        d.infoTrapped = "Unknown";
        assertThat(run("PDFX_TRAPPED_INVALID", d, Map.of("standard", "PDF/X-3"))).hasSize(1);
    }

    @Test
    void productTypeReportsForbiddenSteps() {
        DocFacts d = DocFacts.clean();
        d.optionalContent = new OptionalContentFact(true, false, List.of(DocFacts.step("Cut", "Structural", "Cutting"),
                DocFacts.step("Crease", "Structural", "Creasing")));
        List<Finding> f = run("PROC_STEPS_PRODUCT_TYPE", d,
                Map.of("required", List.of("Cutting"), "not_allowed", List.of("Creasing")));
        assertThat(f).singleElement().satisfies(x -> assertThat(x.details()).containsEntry("problem", "not_allowed")
                .containsEntry("step_type", "Creasing"));
        assertThat(run("PROC_STEPS_PRODUCT_TYPE", d, Map.of("required", List.of("Cutting", "Folding"))))
                .singleElement().satisfies(x -> assertThat(x.details()).containsEntry("step_type", "Folding"));
    }

    @Test
    void creasingMustBeStructural() {
        DocFacts d = DocFacts.clean();
        d.optionalContent = new OptionalContentFact(true, false, List.of(DocFacts.step("C", "Positions", "Creasing")));
        assertThat(run("PROC_STEPS_CREASING_REQUIRED", d)).hasSize(1);
    }

    @Test
    void pageSizesAcceptNamesAndExplicitMillimetres() {
        DocFacts d = DocFacts.clean();
        d.page().trim = new Box(0, 0, 99 / 25.4 * 72, 210 / 25.4 * 72);
        assertThat(run("PAGE_SIZE_NOT_EXPECTED", d, Map.of("allowed_sizes", List.of("DL")))).isEmpty();
        assertThat(run("PAGE_SIZE_NOT_EXPECTED", d, Map.of("allowed_sizes", List.of("210 x 99 mm")))).isEmpty();
        assertThat(run("PAGE_SIZE_NOT_EXPECTED", d, Map.of("allowed_sizes", List.of("A4")))).singleElement()
                .satisfies(f -> assertThat((Double) f.details().get("width_mm")).isCloseTo(99, within(0.01)));
        assertThatThrownBy(() -> run("PAGE_SIZE_NOT_EXPECTED", d, Map.of("allowed_sizes", List.of("A13"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown page size 'A13': use a name (");
    }

    @Test
    void safetyMarginSkipsBleedingElementsAndCanBeLimitedToText() {
        DocFacts d = DocFacts.clean();
        Box nearEdge = new Box(BLEED + 1, BLEED + 100, BLEED + 50, BLEED + 120);
        d.page().elements.add(DocFacts.element(ElementKind.FILL, nearEdge, PaintColor.device("DeviceGray", 0)));
        Finding f = run("PAGE_SAFETY_MARGIN", d).getFirst();
        assertThat((Double) f.details().get("distance_mm")).isCloseTo(0.353, within(0.001));
        assertThat(f.objectType()).isEqualTo("path");
        assertThat(run("PAGE_SAFETY_MARGIN", d, Map.of("text_only", true))).isEmpty();
    }

    @Test
    void damagedReportsRepairNotesAndCollectionProblems() {
        DocFacts d = DocFacts.clean();
        d.problems.add("object 12 0 could not be read");
        Finding f = run("DOC_DAMAGED", d).getFirst();
        assertThat(f.details()).containsEntry("repaired", false)
                .containsEntry("problems", List.of("object 12 0 could not be read"));
    }

    @Test
    void trimSizeToleranceIsAParameter() {
        DocFacts d = DocFacts.clean();
        var second = d.addPage();
        second.trim = new Box(second.trim.x0(), second.trim.y0(), second.trim.x1() + 2, second.trim.y1());
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d)).hasSize(1);
        assertThat(run("PAGE_TRIM_SIZE_MIXED", d, Map.of("tolerance_pt", 2.5))).isEmpty();
    }

    @Test
    void locationsAreCappedButCounted() {
        DocFacts d = DocFacts.clean();
        for (int i = 0; i < 5; i++) {
            d.page().annotations.add(DocFacts.annotation(1, "Stamp", new Box(100, 100, 120, 120), true));
        }
        Check check = DocumentChecks.all().stream().filter(c -> c.info().id().equals("ANNOT_PRINTS")).findFirst()
                .orElseThrow();
        var ctx = new CheckContext(check.info(), null, 2);
        check.run(d.build(), ctx);
        assertThat(ctx.findings()).hasSize(2)
                .allSatisfy(f -> assertThat(f.details()).containsEntry("total_occurrences", 5));
    }

    @Test
    void serviceDefaultIsQuietOnACleanDocumentAndLoudOnABrokenOne() {
        var engine = new Engine(EngineSettings.defaults());
        var profile = Profiles.builtin("service-default");
        assertThat(engine.runChecks(DocFacts.clean().build(), profile)).isEmpty();
        DocFacts broken = DocFacts.clean();
        broken.encrypted = true;
        broken.repaired = true;
        broken.page().trim = null;
        broken.page().bleed = null;
        broken.outputIntents.clear();
        broken.fonts.add(DocFacts.font("12 0 R", "Arial", "TrueType", false, 1));
        assertThat(engine.runChecks(broken.build(), profile)).extracting(Finding::inspectionId)
                .contains("DOC_ENCRYPTED", "DOC_DAMAGED", "PAGE_TRIMBOX_MISSING", "PAGE_BLEED_INSUFFICIENT",
                        "FONT_NOT_EMBEDDED", "OI_MISSING")
                .doesNotContain(Engine.CHECK_FAILED);
    }
}
