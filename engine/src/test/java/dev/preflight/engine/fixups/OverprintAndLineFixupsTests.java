package dev.preflight.engine.fixups;

import dev.preflight.engine.Profile;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.noNewErrors;
import static dev.preflight.engine.fixups.FixupChecks.paints;
import static dev.preflight.engine.fixups.FixupChecks.profileOf;
import static dev.preflight.engine.fixups.FixupChecks.samePixels;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class OverprintAndLineFixupsTests {

    private static final String GWG = "gwg2022-sheetcmyk-cmyk";
    private final Fixups fixups = new Fixups(FixupSettings.defaults());

    @TempDir
    Path dir;

    @Test
    void blackOverprintSetsOverprintOnSmallBlackTextAndThinBlackLinesOnly() throws Exception {
        Path in = Pdfs.document().page(600, 800)
                .fill(Pdfs.cmyk(1, 0, 0, 0)).rect(50, 50, 500, 700)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).font(Pdfs.Font.EMBEDDED_SANS).text(72, 700, 8, "Small black")
                .text(72, 600, 20, "Large black")
                .fill(Pdfs.cmyk(0, 1, 0, 0)).text(72, 500, 8, "Small magenta")
                .stroke(Pdfs.cmyk(0, 0, 0, 1)).lineWidth(0.5).line(72, 400, 300, 400)
                .lineWidth(3).line(72, 300, 300, 300)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).transform(0.5, 0, 0, 0.5, 72, 200).text(0, 0, 20, "Scaled to 10 pt")
                .done().write(dir.resolve("in.pdf"));
        assertThat(ids(in, GWG)).contains("OP_BLACK_TEXT_MISSING", "OP_BLACK_LINE_MISSING");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("BLACK_OVERPRINT", Map.of()))).applied()
                .get(0);
        assertThat(a.pages()).containsExactly(1);
        assertThat(a.objectsChanged()).isEqualTo(3);
        assertThat(ids(out, GWG)).doesNotContain("OP_BLACK_TEXT_MISSING", "OP_BLACK_LINE_MISSING");
        noNewErrors(in, out, GWG);
        samePixels(in, out);

        List<ContentRewriter.Paint> p = paints(out);
        // rect, small black, large black, small magenta, thin line, thick line, scaled text
        assertThat(p).hasSize(7);
        assertThat(p.get(0).opFill()).isFalse();
        assertThat(p.get(1).opFill()).isTrue();
        assertThat(p.get(1).overprintMode()).isEqualTo(1);
        assertThat(p.get(2).opFill()).isFalse();
        assertThat(p.get(2).overprintMode()).isZero();
        assertThat(p.get(3).opFill()).isFalse();
        assertThat(p.get(4).opStroke()).isTrue();
        assertThat(p.get(4).opFill()).isFalse();
        assertThat(p.get(5).opStroke()).isFalse();
        assertThat(p.get(6).fontSize()).isCloseTo(10, within(1e-6));
        assertThat(p.get(6).opFill()).isTrue();
    }

    @Test
    void blackOverprintHonoursItsLimitsAndLeavesTransparentBlackAlone() throws Exception {
        Path in = Pdfs.document().page(600, 800)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).font(Pdfs.Font.EMBEDDED_SANS).text(72, 700, 8, "Eight")
                .save().alpha(0.5, 0.5).text(72, 600, 6, "Half").restore()
                .done().write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("BLACK_OVERPRINT",
                Map.of("max_text_size_pt", 7)))).applied().get(0);
        assertThat(a.objectsChanged()).isZero();
        assertThat(a.pages()).isEmpty();
        assertThat(paints(out)).extracting(ContentRewriter.Paint::opFill).containsExactly(false, false);
    }

    @Test
    void blackOverprintRewritesAFormOnceAndKeepsItsOwnResources() throws Exception {
        Path in = Pdfs.document().page(600, 800)
                .fill(Pdfs.cmyk(0.3, 0, 0, 0)).rect(0, 0, 600, 800)
                .form(300, 300, f -> f.fill(Pdfs.cmyk(0, 0, 0, 1)).font(Pdfs.Font.EMBEDDED_SANS)
                        .text(10, 10, 9, "In a form"))
                .done().write(dir.resolve("in.pdf"));
        assertThat(ids(in, GWG)).contains("OP_BLACK_TEXT_MISSING");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("BLACK_OVERPRINT", Map.of()))).applied()
                .get(0);
        assertThat(a.objectsChanged()).isEqualTo(1);
        assertThat(ids(out, GWG)).doesNotContain("OP_BLACK_TEXT_MISSING");
        assertThat(paints(out)).extracting(ContentRewriter.Paint::opFill).containsExactly(false, true);
        samePixels(in, out);
    }

    @Test
    void whiteKnockoutSwitchesOverprintOffForWhiteOnly() throws Exception {
        Path in = Pdfs.document().page(600, 800)
                .fill(Pdfs.cmyk(0, 1, 0, 0)).rect(50, 50, 500, 700)
                .overprint(true, true, 1)
                .fill(Pdfs.cmyk(0, 0, 0, 0)).font(Pdfs.Font.EMBEDDED_SANS).text(72, 700, 14, "White text")
                .rect(100, 100, 50, 50)
                .stroke(Pdfs.gray(1)).lineWidth(2).line(72, 400, 300, 400)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).text(72, 600, 8, "Black overprints")
                .done().write(dir.resolve("in.pdf"));
        assertThat(ids(in, GWG)).contains("OP_WHITE_TEXT", "OP_WHITE_PATH");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("WHITE_KNOCKOUT", Map.of()))).applied()
                .get(0);
        assertThat(a.objectsChanged()).isEqualTo(3);
        assertThat(ids(out, GWG)).doesNotContain("OP_WHITE_TEXT", "OP_WHITE_PATH");
        noNewErrors(in, out, GWG);
        samePixels(in, out);
        List<ContentRewriter.Paint> p = paints(out);
        assertThat(p).extracting(ContentRewriter.Paint::opFill).containsExactly(false, false, false, true, true);
        assertThat(p.get(3).opStroke()).isFalse();
        assertThat(p.get(4).opStroke()).isTrue();
    }

    @Test
    void minLineWidthWidensThinStrokesAndHairlinesToTheMinimum() throws Exception {
        Path in = Pdfs.document().page(600, 800)
                .fill(Pdfs.cmyk(0.2, 0.2, 0, 0)).rect(0, 0, 600, 800)
                .stroke(Pdfs.cmyk(0, 0, 0, 1)).lineWidth(0).line(72, 700, 300, 700)
                .stroke(Pdfs.cmyk(0.5, 0.5, 0, 0)).lineWidth(0.1).line(72, 600, 300, 600)
                .stroke(Pdfs.cmyk(0, 0, 0, 0)).lineWidth(0.1).line(72, 550, 300, 550)
                .stroke(Pdfs.cmyk(1, 0, 0, 0)).save().transform(0.1, 0, 0, 0.1, 0, 0).lineWidth(1)
                .line(720, 5000, 3000, 5000).restore()
                .stroke(Pdfs.cmyk(0, 1, 0, 0)).lineWidth(1).line(72, 400, 300, 400)
                .done().write(dir.resolve("in.pdf"));
        Profile lines = profileOf(Map.of("LINE_HAIRLINE", Map.of(), "LINE_THIN", Map.of("min_width_pt", 0.25)));
        assertThat(ids(in, lines)).contains("LINE_HAIRLINE", "LINE_THIN");
        assertThat(ids(in, GWG)).contains("LINE_MULTICHANNEL_THIN", "LINE_WHITE_THIN");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("MIN_LINE_WIDTH", Map.of()))).applied()
                .get(0);
        assertThat(a.objectsChanged()).isEqualTo(4);
        assertThat(ids(out, lines)).doesNotContain("LINE_HAIRLINE", "LINE_THIN");
        assertThat(ids(out, GWG)).doesNotContain("LINE_MULTICHANNEL_THIN", "LINE_WHITE_THIN");
        noNewErrors(in, out, GWG);
        List<ContentRewriter.Paint> p = paints(out);
        // background fill (its line width unused), hairline, multichannel, white, scaled, thick
        assertThat(p).extracting(ContentRewriter.Paint::effectiveLineWidth).satisfiesExactly(
                w -> assertThat(w).isEqualTo(1),
                w -> assertThat(w).isCloseTo(0.25, within(0.001)),
                w -> assertThat(w).isCloseTo(0.25, within(0.001)),
                w -> assertThat(w).isCloseTo(0.25, within(0.001)),
                w -> assertThat(w).isCloseTo(0.25, within(0.001)),
                w -> assertThat(w).isCloseTo(1, within(1e-6)));
        // the page as it was outside the widened lines: the untouched thick line and the background
        var before = FixupChecks.render(in, 0, 72);
        var after = FixupChecks.render(out, 0, 72);
        assertThat(after.getRGB(400, 400)).isEqualTo(before.getRGB(400, 400));
        assertThat(after.getRGB(150, 800 - 400)).isEqualTo(before.getRGB(150, 800 - 400));
        assertThat(Files.size(out)).isPositive();
    }
}
