package dev.preflight.engine.fixups;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class FixupsTests {

    private static final double MM = 72 / 25.4;
    private final Fixups fixups = new Fixups(FixupSettings.defaults());

    @TempDir
    Path dir;

    @Test
    void requestsAreValidatedWithReadableReasons() {
        assertThatThrownBy(() -> fixups.validate(List.of())).isInstanceOf(InvalidFixupRequestException.class)
                .hasMessageContaining("no fixups");
        assertThatThrownBy(() -> fixups.validate(List.of(new FixupRequest("NO_SUCH", Map.of()))))
                .hasMessageContaining("unknown fixup_id 'NO_SUCH'");
        assertThatThrownBy(() -> fixups.validate(List.of(new FixupRequest("SET_PAGE_BOXES", Map.of("inset_mm", 500)))))
                .hasMessageContaining("inset_mm").hasMessageContaining("<= 100");
        assertThatThrownBy(() -> fixups.validate(List.of(new FixupRequest("SET_PAGE_BOXES", Map.of("nope", 1)))))
                .hasMessageContaining("has no parameter 'nope'");
        assertThatThrownBy(() -> fixups.validate(List.of(new FixupRequest("SET_PAGE_BOXES", Map.of()),
                new FixupRequest("SET_PAGE_BOXES", Map.of())))).hasMessageContaining("twice");
    }

    @Test
    void defaultsAreFilledIn() throws Exception {
        FixupRequest r = fixups.validate(List.of(new FixupRequest("SET_PAGE_BOXES", Map.of("inset_mm", 5)))).get(0);
        assertThat(r.params()).containsEntry("inset_mm", 5.0).containsEntry("mode", "inset")
                .containsEntry("overwrite", false).containsEntry("bleed_mm", 3.0);
    }

    @Test
    void planChoosesTheFixupsThatResolveTheFindings() {
        assertThat(fixups.plan(Set.of("PAGE_TRIMBOX_MISSING"), Map.of())).extracting(FixupRequest::fixupId)
                .containsExactly("SET_PAGE_BOXES");
        assertThat(fixups.plan(Set.of("FONT_TYPE3"), Map.of())).isEmpty();
        FixupInfo info = new FixupInfo("X", "x", "x", "color", List.of(), List.of("COLOR_RGB_*"), "pdfbox");
        assertThat(Fixups.resolves(info, "COLOR_RGB_TEXT")).isTrue();
        assertThat(Fixups.resolves(info, "COLOR_CALRGB_USED")).isFalse();
    }

    @Test
    void planTakesParametersFromTheProfile() {
        List<FixupRequest> plan = fixups.plan(Set.of("PAGE_BLEED_INSUFFICIENT", "LINE_WHITE_THIN",
                "OP_BLACK_TEXT_MISSING", "OP_WHITE_TEXT", "PDFX_OI_MISSING"), Profiles.builtin("gwg2022-sheetcmyk-cmyk"));
        assertThat(plan).extracting(FixupRequest::fixupId).containsExactly("ADD_BLEED", "MIN_LINE_WIDTH",
                "WHITE_KNOCKOUT", "BLACK_OVERPRINT", "SET_OUTPUT_INTENT");
        assertThat(plan.get(0).params()).containsEntry("bleed_mm", 3.0);
        assertThat(plan.get(1).params()).containsEntry("min_width_pt", 0.25);
        assertThat(plan.get(3).params()).containsEntry("max_text_size_pt", 12.0).containsEntry("max_line_width_pt",
                2.0);
        assertThat(plan.get(4).params()).containsEntry("pdfx", "PDF/X-4");
        dev.preflight.engine.Profile x1a = Profiles.builtin("pdfx-1a");
        assertThat(fixups.plan(Set.of("PDFX_OI_MISSING"), x1a).get(0).params()).containsEntry("pdfx",
                "PDF/X-1a:2003");
        dev.preflight.engine.Profile bleed = FixupChecks.profileOf(Map.of("PAGE_BLEED_INSUFFICIENT",
                Map.of("min_bleed_mm", 5.0)));
        assertThat(fixups.plan(Set.of("PAGE_BLEED_INSUFFICIENT"), bleed).get(0).params())
                .containsEntry("bleed_mm", 5.0);
        dev.preflight.engine.Profile varnish = FixupChecks.profileOf(Map.of("SPOT_NOT_ALLOWED",
                Map.of("allowed_names", List.of("Varnish"))));
        assertThat(fixups.plan(Set.of("SPOT_NOT_ALLOWED"), varnish)).singleElement().satisfies(r -> {
            assertThat(r.fixupId()).isEqualTo("SPOT_TO_PROCESS");
            assertThat(r.params()).containsEntry("keep_names", List.of("Varnish")).containsEntry("spot_names",
                    List.of());
        });
    }

    @Test
    void everyFixupSaysWhatItResolvesAndWhichToolItUses() {
        assertThat(fixups.registry()).extracting(FixupInfo::id).containsExactly("REMOVE_NONPRINTING",
                "SET_PAGE_BOXES", "ADD_BLEED", "EMBED_FONTS", "FLATTEN_TRANSPARENCY", "SPOT_TO_PROCESS",
                "CONVERT_TO_OUTPUT_INTENT", "DOWNSAMPLE_IMAGES", "MIN_LINE_WIDTH", "WHITE_KNOCKOUT",
                "BLACK_OVERPRINT", "SET_OUTPUT_INTENT");
        var catalog = dev.preflight.engine.CheckCatalog.builtin().infos();
        for (FixupInfo f : fixups.registry()) {
            assertThat(f.resolves()).as(f.id()).isNotEmpty();
            assertThat(f.tool()).as(f.id()).isIn("pdfbox", "ghostscript");
            for (String r : f.resolves()) {
                String prefix = r.endsWith("*") ? r.substring(0, r.length() - 1) : null;
                assertThat(catalog).as(f.id() + " resolves " + r)
                        .anyMatch(c -> prefix == null ? c.id().equals(r) : c.id().startsWith(prefix));
            }
        }
    }

    @Test
    void setPageBoxesInsetResolvesTheMissingTrimBoxAndLeavesTheSourceAlone() throws Exception {
        Path in = Pdfs.document().page(600, 800).rect(100, 100, 50, 50).done().write(dir.resolve("in.pdf"));
        byte[] before = Files.readAllBytes(in);
        Path out = dir.resolve("out.pdf");
        FixupResult result = fixups.apply(in, out, List.of(new FixupRequest("SET_PAGE_BOXES", Map.of())));
        assertThat(Files.readAllBytes(in)).isEqualTo(before);
        AppliedFixup a = result.applied().get(0);
        assertThat(a.fixupId()).isEqualTo("SET_PAGE_BOXES");
        assertThat(a.pages()).containsExactly(1);
        assertThat(a.objectsChanged()).isEqualTo(2);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            PDRectangle trim = doc.getPage(0).getTrimBox();
            assertThat(trim.getLowerLeftX()).isCloseTo((float) (3 * MM), within(0.01f));
            assertThat(trim.getUpperRightY()).isCloseTo((float) (800 - 3 * MM), within(0.01f));
            assertThat(doc.getPage(0).getBleedBox().getWidth()).isEqualTo(600f);
        }
        assertThat(ids(in, "service-default")).contains("PAGE_TRIMBOX_MISSING");
        assertThat(ids(in, "gwg2022-sheetcmyk-cmyk")).contains("PDFX_TRIM_OR_ART_MISSING");
        assertThat(ids(out, "service-default")).doesNotContain("PAGE_TRIMBOX_MISSING");
        assertThat(ids(out, "gwg2022-sheetcmyk-cmyk")).doesNotContain("PDFX_TRIM_OR_ART_MISSING");
    }

    @Test
    void finishedSizeCentresTheTrimAndClipsTheBleedToTheMedia() throws Exception {
        Path in = Pdfs.document().page(650, 800).rect(100, 100, 50, 50).done().write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        fixups.apply(in, out, List.of(new FixupRequest("SET_PAGE_BOXES", Map.of("mode", "finished_size",
                "finished_width_mm", 210, "finished_height_mm", 280, "bleed_mm", 5))));
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            PDRectangle trim = doc.getPage(0).getTrimBox();
            assertThat(trim.getWidth()).isCloseTo((float) (210 * MM), within(0.01f));
            assertThat(trim.getLowerLeftX()).isCloseTo((float) ((650 - 210 * MM) / 2), within(0.01f));
            PDRectangle bleed = doc.getPage(0).getBleedBox();
            assertThat(bleed.getLowerLeftX()).isCloseTo((float) ((650 - 210 * MM) / 2 - 5 * MM), within(0.01f));
            assertThat(bleed.getLowerLeftY()).isZero();
            assertThat(bleed.getUpperRightY()).isEqualTo(800f);
        }
    }

    @Test
    void cropMarksDrawnOnThePageGiveTheTrim() throws Exception {
        // a 400 x 500 pt trim at (100, 150) on a 600 x 800 sheet, marks 3 mm off the trim, 20 pt long, 0.25 pt
        Pdfs.Page page = Pdfs.document().page(600, 800).fill(Pdfs.cmyk(0, 1, 0, 0)).rect(95, 145, 410, 510)
                .stroke(Pdfs.cmyk(1, 1, 1, 1)).lineWidth(0.25);
        double o = 3 * MM;
        for (double x : new double[] {100, 500}) {
            page.line(x, 150 - o - 20, x, 150 - o).line(x, 650 + o, x, 650 + o + 20);
        }
        for (double y : new double[] {150, 650}) {
            page.line(100 - o - 20, y, 100 - o, y).line(500 + o, y, 500 + o + 20, y);
        }
        Path in = page.done().write(dir.resolve("in.pdf"));
        Path plain = Pdfs.document().page(600, 800).rect(100, 100, 50, 50).stroke(Pdfs.gray(0)).lineWidth(0.25)
                .line(10, 10, 30, 10).done().write(dir.resolve("plain.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SET_PAGE_BOXES",
                Map.of("mode", "crop_marks", "bleed_mm", 3)))).applied().get(0);
        assertThat(a.pages()).containsExactly(1);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            PDRectangle trim = doc.getPage(0).getTrimBox();
            assertThat(trim.getLowerLeftX()).isCloseTo(100f, within(0.2f));
            assertThat(trim.getLowerLeftY()).isCloseTo(150f, within(0.2f));
            assertThat(trim.getUpperRightX()).isCloseTo(500f, within(0.2f));
            assertThat(trim.getUpperRightY()).isCloseTo(650f, within(0.2f));
            assertThat(doc.getPage(0).getBleedBox().getLowerLeftX()).isCloseTo((float) (100 - 3 * MM),
                    within(0.2f));
        }
        assertThat(ids(out, "gwg2022-sheetcmyk-cmyk")).doesNotContain("PDFX_TRIM_OR_ART_MISSING");
        AppliedFixup none = fixups.apply(plain, dir.resolve("out2.pdf"), List.of(new FixupRequest("SET_PAGE_BOXES",
                Map.of("mode", "crop_marks")))).applied().get(0);
        assertThat(none.pages()).isEmpty();
        assertThat(none.notes()).containsExactly("page 1: no crop marks found; left unchanged");
    }

    @Test
    void existingBoxesStayUnlessOverwriteIsAsked() throws Exception {
        Path in = Pdfs.document().page(600, 800).trimBox(20, 20, 580, 780).bleedBox(10, 10, 590, 790)
                .rect(100, 100, 50, 50).done().write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SET_PAGE_BOXES", Map.of()))).applied()
                .get(0);
        assertThat(a.objectsChanged()).isZero();
        assertThat(a.pages()).isEmpty();
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getPage(0).getTrimBox().getLowerLeftX()).isEqualTo(20f);
        }
    }

    @Test
    void damagedAndEncryptedFilesFailWithAReason() throws Exception {
        Path junk = Files.writeString(dir.resolve("junk.pdf"), "%PDF-1.7\nnot really");
        assertThatThrownBy(() -> fixups.apply(junk, dir.resolve("o1.pdf"),
                List.of(new FixupRequest("SET_PAGE_BOXES", Map.of())))).isInstanceOf(FixupException.class)
                .hasMessageContaining("damaged");
        Path enc = Pdfs.document().encrypt("owner", "", true, true).page(600, 800).rect(1, 1, 5, 5).done()
                .write(dir.resolve("enc.pdf"));
        assertThatThrownBy(() -> fixups.apply(enc, dir.resolve("o2.pdf"),
                List.of(new FixupRequest("SET_PAGE_BOXES", Map.of())))).isInstanceOf(FixupException.class)
                .hasMessageContaining("encrypted");
        assertThat(dir.resolve("o1.pdf")).doesNotExist();
        assertThat(dir.resolve("o2.pdf")).doesNotExist();
    }

    private static Set<String> ids(Path pdf, String profile) throws Exception {
        List<Finding> f = new Engine(EngineSettings.defaults()).analyze(pdf,
                new AnalysisRequest(Profiles.builtin(profile), false)).findings();
        return f.stream().map(Finding::inspectionId).collect(Collectors.toSet());
    }
}
