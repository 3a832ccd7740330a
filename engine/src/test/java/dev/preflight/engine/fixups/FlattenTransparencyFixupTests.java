package dev.preflight.engine.fixups;

import dev.preflight.engine.testpdf.Pdfs;
import dev.preflight.engine.view.PageComparison;
import dev.preflight.engine.view.PageDiff;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.render;
import static org.assertj.core.api.Assertions.assertThat;

/** Needs Ghostscript on the PATH. */
class FlattenTransparencyFixupTests {

    private final Fixups fixups = new Fixups(FixupSettings.defaults());

    @TempDir
    Path dir;

    @Test
    void transparencyIsFlattenedAndThePageLooksTheSame() throws Exception {
        Path in = Pdfs.document().page(300, 300).trimBox(0, 0, 300, 300)
                .fill(Pdfs.cmyk(0, 0, 1, 0)).rect(0, 0, 200, 200)
                .save().alpha(0.5, 0.5).fill(Pdfs.cmyk(1, 0, 0, 0)).rect(100, 100, 150, 150).restore()
                .save().blend("Multiply").fill(Pdfs.cmyk(0, 0.8, 0, 0)).rect(20, 150, 60, 120).restore()
                .done().write(dir.resolve("in.pdf"));
        Set<String> before = ids(in, "pdfx-1a");
        assertThat(before).contains("PDFX_TRANSPARENCY");
        Set<String> transp = ids(in, FixupChecks.profileOf(Map.of("TRANSP_USED", Map.of(), "TRANSP_ALPHA",
                Map.of(), "TRANSP_BLEND_MODE", Map.of())));
        assertThat(transp).containsExactlyInAnyOrder("TRANSP_USED", "TRANSP_ALPHA", "TRANSP_BLEND_MODE");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("FLATTEN_TRANSPARENCY", Map.of())))
                .applied().get(0);
        assertThat(a.notes()).containsExactly("pages with transparency were flattened to 300 ppi CMYK images");
        assertThat(ids(out, "pdfx-1a")).doesNotContain("PDFX_TRANSPARENCY");
        assertThat(ids(out, FixupChecks.profileOf(Map.of("TRANSP_USED", Map.of(), "TRANSP_ALPHA", Map.of(),
                "TRANSP_BLEND_MODE", Map.of())))).isEmpty();
        PageComparison c = PageDiff.compare(render(in, 0, 72), render(out, 0, 72));
        assertThat(c.ssim()).as("SSIM of the page before and after").isGreaterThanOrEqualTo(0.99);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getVersion()).isEqualTo(1.3f);
            assertThat(doc.getPage(0).getTrimBox().getWidth()).isEqualTo(300f);
        }
    }
}
