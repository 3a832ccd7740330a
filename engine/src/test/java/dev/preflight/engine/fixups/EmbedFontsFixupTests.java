package dev.preflight.engine.fixups;

import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.noNewErrors;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Needs Ghostscript on the PATH. */
class EmbedFontsFixupTests {

    private final Fixups fixups = new Fixups(FixupSettings.defaults());

    @TempDir
    Path dir;

    @Test
    void embedsTheMissingHelveticaNamesItsSubstituteAndKeepsEveryGlyphWhereItWas() throws Exception {
        Path in = Pdfs.document().classicXref().page(400, 300).trimBox(10, 10, 390, 290)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).font(Pdfs.Font.HELVETICA).text(30, 200, 18, "Hamburgefonstiv 0123")
                .text(30, 100, 9, "WAVE Type, fi fl")
                .done().write(dir.resolve("in.pdf"));
        dev.preflight.engine.Profile fonts = FixupChecks.profileOf(Map.of("FONT_NOT_EMBEDDED", Map.of(),
                "FONT_STANDARD14_NOT_EMBEDDED", Map.of()));
        assertThat(ids(in, fonts)).containsExactlyInAnyOrder("FONT_NOT_EMBEDDED", "FONT_STANDARD14_NOT_EMBEDDED");
        assertThat(ids(in, "gwg2022-sheetcmyk-cmyk")).contains("PDFX_FONTS_NOT_EMBEDDED");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("EMBED_FONTS", Map.of()))).applied()
                .get(0);
        assertThat(a.notes()).containsExactly(
                "font Helvetica was not in the file; embedded Ghostscript's NimbusSans-Regular in its place");
        assertThat(ids(out, fonts)).isEmpty();
        assertThat(ids(out, "gwg2022-sheetcmyk-cmyk")).doesNotContain("PDFX_FONTS_NOT_EMBEDDED");
        noNewErrors(in, out, "gwg2022-sheetcmyk-cmyk");
        List<float[]> before = glyphs(in);
        List<float[]> after = glyphs(out);
        assertThat(after).hasSameSizeAs(before);
        for (int i = 0; i < before.size(); i++) {
            assertThat(after.get(i)[0]).as("glyph %d x", i).isCloseTo(before.get(i)[0], within(0.05f));
            assertThat(after.get(i)[1]).as("glyph %d y", i).isCloseTo(before.get(i)[1], within(0.05f));
            assertThat(after.get(i)[2]).as("glyph %d width", i).isCloseTo(before.get(i)[2], within(0.05f));
        }
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getVersion()).isEqualTo(1.4f);
            assertThat(doc.getPage(0).getTrimBox().getLowerLeftX()).isEqualTo(10f);
        }
    }

    @Test
    void substitutionsAreReadFromGhostscriptsOwnWords() {
        assertThat(EmbedFontsFixup.substitutions("""
                Page 1
                Loading font Times-Bold (or substitute) from /usr/share/ghostscript/Resource/Font/NimbusRoman-Bold
                Substituting font Courier for FancyScript.
                Loading font Courier (or substitute) from /usr/share/ghostscript/Resource/Font/NimbusMonoPS-Regular
                """)).containsExactly(
                "font Times-Bold was not in the file; embedded Ghostscript's NimbusRoman-Bold in its place",
                "font FancyScript was not in the file; embedded Ghostscript's Courier in its place (not "
                        + "metric-compatible: check the text)",
                "font Courier was not in the file; embedded Ghostscript's NimbusMonoPS-Regular in its place");
    }

    /** x, y and width of every glyph of the first page, in reading order. */
    private static List<float[]> glyphs(Path pdf) throws Exception {
        List<float[]> out = new ArrayList<>();
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            PDFTextStripper s = new PDFTextStripper() {
                @Override
                protected void processTextPosition(TextPosition t) {
                    out.add(new float[] {t.getXDirAdj(), t.getYDirAdj(), t.getWidthDirAdj()});
                }
            };
            s.getText(doc);
        }
        return out;
    }
}
