package dev.preflight.engine.fixups;

import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.noNewErrors;
import static dev.preflight.engine.fixups.FixupChecks.paints;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Needs Ghostscript on the PATH. */
class ConvertToOutputIntentFixupTests {

    private static final String GWG = "gwg2022-sheetcmyk-cmyk";

    @TempDir
    Path dir;

    private Path icc;
    private Fixups fixups;

    @BeforeEach
    void catalogue() throws Exception {
        icc = Files.write(dir.resolve("press.icc"), Pdfs.cmykProfile());
        OutputCondition press = new OutputCondition("press", "CGATS TR 001", "Web offset", "http://www.color.org",
                "CMYK", icc);
        fixups = new Fixups(new FixupSettings("gs", Duration.ofMinutes(2), dir, 64L << 20,
                id -> Optional.ofNullable(Map.of("press", press).get(id))));
    }

    @Test
    void rgbBecomesTheConditionsCmykWhileBlackTextAndLinesStayPureK() throws Exception {
        Path in = Pdfs.document().page(300, 300).trimBox(5, 5, 295, 295)
                .fill(Pdfs.rgb(1, 0, 0)).rect(0, 0, 150, 300)
                .fill(Pdfs.rgb(0.2, 0.6, 0.3)).rect(150, 0, 150, 150)
                .image(Pdfs.image(30, 30).rgb(), 150, 150, 150, 150)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).font(Pdfs.Font.EMBEDDED_SANS).text(20, 100, 14, "Black text")
                .stroke(Pdfs.cmyk(0, 0, 0, 1)).lineWidth(1).line(0, 50, 300, 50)
                .done().write(dir.resolve("in.pdf"));
        dev.preflight.engine.Profile rgb = FixupChecks.profileOf(Map.of("IMG_RGB", Map.of(), "COLOR_RGB_USED",
                Map.of(), "COLOR_RGB_VECTOR", Map.of()));
        assertThat(ids(in, rgb)).containsExactlyInAnyOrder("COLOR_RGB_USED", "IMG_RGB", "COLOR_RGB_VECTOR");
        assertThat(ids(in, GWG)).contains("COLOR_BINDING_EARLY");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("CONVERT_TO_OUTPUT_INTENT",
                Map.of("condition", "press")))).applied().get(0);
        assertThat(a.notes()).containsExactly("converted to CGATS TR 001; the output intent now names it");
        assertThat(ids(out, rgb)).isEmpty();
        assertThat(ids(out, "service-default")).doesNotContain("OI_MISSING");
        assertThat(ids(out, GWG)).doesNotContain("COLOR_BINDING_EARLY", "PDFX_OI_MISSING");
        noNewErrors(in, out, GWG);

        List<ContentRewriter.Paint> p = paints(out);
        assertThat(p).filteredOn(ContentRewriter.Paint::text).singleElement().satisfies(t -> {
            assertThat(t.fill().space()).isEqualTo("DeviceCMYK");
            assertThat(t.fill().values()).containsExactly(0.0, 0.0, 0.0, 1.0);
        });
        assertThat(p).filteredOn(x -> x.strokes() && !x.text()).singleElement().satisfies(l -> {
            assertThat(l.stroke().space()).isEqualTo("DeviceCMYK");
            assertThat(l.stroke().values()).containsExactly(0.0, 0.0, 0.0, 1.0);
        });
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getPage(0).getTrimBox().getLowerLeftX()).isEqualTo(5f);
            assertThat(doc.getDocumentCatalog().getOutputIntents()).singleElement()
                    .satisfies(oi -> assertThat(oi.getOutputConditionIdentifier()).isEqualTo("CGATS TR 001"));
        }

        // within 1 % per ink of Ghostscript separating the original with the same profile
        int[][] before = cmyk(in, true);
        int[][] after = cmyk(out, true);
        for (int[] xy : new int[][] {{75, 150}, {225, 75}, {160, 160}, {280, 280}, {225, 225}}) {
            int i = (300 - 1 - xy[1]) * 300 + xy[0];
            for (int ink = 0; ink < 4; ink++) {
                assertThat(Math.abs(after[ink][i] - before[ink][i])).as("ink %d at %d,%d", ink, xy[0], xy[1])
                        .isLessThanOrEqualTo(2);
            }
        }
        // separated as DeviceCMYK is, without a CMYK-to-CMYK conversion: the line prints on the black plate only
        // (the 1 pt line at y = 50 covers image row 249 or 250, whichever the rasteriser picked)
        after = cmyk(out, false);
        int black = after[3][249 * 300 + 100] >= after[3][250 * 300 + 100] ? 249 * 300 + 100 : 250 * 300 + 100;
        assertThat(after[3][black]).isEqualTo(255);
        assertThat(new int[] {after[0][black], after[1][black], after[2][black]}).containsOnly(0);
    }

    @Test
    void withoutConditionTheFilesOwnIntentIsUsedAndWithoutEitherItFails() throws Exception {
        Path bare = Pdfs.document().page(100, 100).fill(Pdfs.rgb(0, 0, 1)).rect(0, 0, 50, 50).done()
                .write(dir.resolve("bare.pdf"));
        assertThatThrownBy(() -> fixups.apply(bare, dir.resolve("o.pdf"), List.of(new FixupRequest(
                "CONVERT_TO_OUTPUT_INTENT", Map.of())))).isInstanceOf(FixupException.class)
                .hasMessageContaining("no CMYK output intent");
        Path withIntent = Pdfs.document().outputIntent("CGATS TR 001", true).page(100, 100)
                .fill(Pdfs.rgb(0, 0, 1)).rect(0, 0, 50, 50).done().write(dir.resolve("oi.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(withIntent, out, List.of(new FixupRequest("CONVERT_TO_OUTPUT_INTENT",
                Map.of()))).applied().get(0);
        assertThat(a.notes()).containsExactly("converted to the file's own output intent profile");
        assertThat(ids(out, "service-default")).doesNotContain("COLOR_RGB_USED");
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getDocumentCatalog().getOutputIntents()).singleElement()
                    .satisfies(oi -> assertThat(oi.getOutputConditionIdentifier()).isEqualTo("CGATS TR 001"));
        }
    }

    @Test
    void damagedInputFailsWithAReason() throws Exception {
        Path junk = Files.writeString(dir.resolve("junk.pdf"), "%PDF-1.7\nnot really");
        assertThatThrownBy(() -> fixups.apply(junk, dir.resolve("o.pdf"), List.of(new FixupRequest(
                "CONVERT_TO_OUTPUT_INTENT", Map.of("condition", "press"))))).isInstanceOf(FixupException.class)
                .hasMessageContaining("damaged");
    }

    /** The page separated by Ghostscript at 72 dpi (through the test profile, or DeviceCMYK as it is): 0..255 ink. */
    private int[][] cmyk(Path pdf, boolean throughProfile) throws Exception {
        Path pam = dir.resolve(pdf.getFileName() + ".pam");
        List<String> cmd = new java.util.ArrayList<>(List.of("gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-q",
                "-sDEVICE=pamcmyk32", "-r72"));
        if (throughProfile) {
            cmd.addAll(List.of("--permit-file-read=" + icc.toAbsolutePath(),
                    "-sOutputICCProfile=" + icc.toAbsolutePath()));
        }
        cmd.addAll(List.of("-o", pam.toString(), pdf.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(log).isZero();
        return readPam(Files.readAllBytes(pam));
    }

    private static int[][] readPam(byte[] b) throws IOException {
        int pos = 0;
        int w = 0;
        int h = 0;
        while (true) {
            int end = pos;
            while (b[end] != '\n') {
                end++;
            }
            String line = new String(b, pos, end - pos, StandardCharsets.US_ASCII);
            pos = end + 1;
            if (line.startsWith("WIDTH")) {
                w = Integer.parseInt(line.substring(6).trim());
            } else if (line.startsWith("HEIGHT")) {
                h = Integer.parseInt(line.substring(7).trim());
            } else if (line.equals("ENDHDR")) {
                break;
            }
        }
        int[][] planes = new int[4][w * h];
        for (int i = 0; i < w * h; i++) {
            for (int c = 0; c < 4; c++) {
                planes[c][i] = b[pos + i * 4 + c] & 0xFF;
            }
        }
        return planes;
    }
}
