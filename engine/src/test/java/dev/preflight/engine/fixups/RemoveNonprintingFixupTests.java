package dev.preflight.engine.fixups;

import dev.preflight.engine.Profile;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.noNewErrors;
import static dev.preflight.engine.fixups.FixupChecks.profileOf;
import static dev.preflight.engine.fixups.FixupChecks.samePixels;
import static org.assertj.core.api.Assertions.assertThat;

class RemoveNonprintingFixupTests {

    private final Fixups fixups = new Fixups(FixupSettings.defaults());

    @TempDir
    Path dir;

    @Test
    void hiddenLayersAndTheirContentGoAndEverythingElseStaysWhereItWas() throws Exception {
        Path in = Pdfs.document().layer("Hidden", false).layer("Shown", true).page(600, 800)
                .fill(Pdfs.cmyk(0.2, 0, 0, 0)).rect(0, 0, 600, 800)
                .font(Pdfs.Font.EMBEDDED_SANS).raw("BT /F1 12 Tf 72 700 Td").raw("ET")
                .layer("Hidden", c -> c.fill(Pdfs.cmyk(0, 1, 0, 0)).rect(100, 100, 200, 200)
                        .text(72, 650, 12, "secret").lineWidth(5))
                .fill(Pdfs.cmyk(0, 0, 0, 1)).strokeRect(300, 300, 50, 50)
                .layer("Shown", c -> c.rect(400, 400, 50, 50))
                .form(200, 200, f -> f.layer("Hidden", g -> g.fill(Pdfs.cmyk(0, 0, 1, 0)).rect(0, 0, 150, 150))
                        .fill(Pdfs.cmyk(0, 0, 0, 0.5)).rect(160, 160, 20, 20))
                .done().write(dir.resolve("in.pdf"));
        Profile oc = profileOf(Map.of("OC_HIDDEN_CONTENT", Map.of(), "OC_HIDDEN_LAYERS", Map.of()));
        assertThat(ids(in, oc)).contains("OC_HIDDEN_CONTENT", "OC_HIDDEN_LAYERS");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("REMOVE_NONPRINTING", Map.of())))
                .applied().get(0);
        assertThat(a.pages()).containsExactly(1);
        assertThat(a.notes()).containsExactly("removed 2 hidden-layer objects", "removed hidden layers: Hidden");
        assertThat(ids(out, oc)).doesNotContain("OC_HIDDEN_CONTENT", "OC_HIDDEN_LAYERS");
        assertThat(ids(out, "service-default")).doesNotContain("OC_HIDDEN_LAYERS");
        noNewErrors(in, out, "service-default");
        // PDFBox draws neither the hidden content before nor anything in its place after: every pixel is the same,
        // and the stroke drawn after the hidden block still has its width of 1 (the hidden "5 w" was kept)
        samePixels(in, out);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            COSDictionary props = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.OCPROPERTIES);
            COSArray ocgs = props.getCOSArray(COSName.OCGS);
            assertThat(ocgs.size()).isEqualTo(1);
            assertThat(((COSDictionary) ocgs.getObject(0)).getString(COSName.NAME)).isEqualTo("Shown");
            String content = new String(doc.getPage(0).getContents().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(content).doesNotContain("100 100 200 200 re").contains("5 w").contains("3 Tr");
        }
    }

    @Test
    void javascriptEmbeddedFilesNonPrintingAnnotationsAndFieldsGo() throws Exception {
        Path in = Pdfs.document().openActionJavaScript("app.alert('hi')").namedJavaScript("init", "var x = 1;")
                .embeddedFile("data.csv", "a,b\n1,2\n".getBytes(StandardCharsets.US_ASCII), "text/csv")
                .page(600, 800)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).rect(10, 10, 50, 50)
                .annotation("Text", 100, 700, 20, 20, false, false, null)
                .link(100, 600, 100, 20, "https://example.com")
                .annotation("Square", 300, 300, 40, 40, true, false, Pdfs.gray(0.5))
                .textField("name", 100, 400, 200, 30, "AFNumber_Keystroke(2)")
                .openJavaScript("app.beep()")
                .done().write(dir.resolve("in.pdf"));
        Profile doc = profileOf(Map.of("DOC_JAVASCRIPT", Map.of(), "DOC_EMBEDDED_FILES", Map.of(),
                "ANNOT_FORM_FIELD_PRINTS", Map.of()));
        assertThat(ids(in, doc)).containsExactlyInAnyOrder("DOC_JAVASCRIPT", "DOC_EMBEDDED_FILES",
                "ANNOT_FORM_FIELD_PRINTS");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("REMOVE_NONPRINTING", Map.of())))
                .applied().get(0);
        assertThat(a.notes()).containsExactly("removed 4 JavaScript entries",
                "removed 1 embedded files and file attachments", "removed 1 form fields",
                "removed 2 non-printing annotations");
        assertThat(ids(out, doc)).isEmpty();
        noNewErrors(in, out, "service-default");
        samePixels(in, out);
        try (PDDocument d = Loader.loadPDF(out.toFile())) {
            assertThat(d.getPage(0).getAnnotations()).extracting(PDAnnotation::getSubtype).containsExactly("Square");
            assertThat(d.getDocumentCatalog().getAcroForm(null)).isNull();
            assertThat(d.getDocumentCatalog().getCOSObject().containsKey(COSName.OPEN_ACTION)).isFalse();
        }
    }

    @Test
    void eachPartCanBeSwitchedOff() throws Exception {
        Path in = Pdfs.document().openActionJavaScript("app.alert('hi')").page(600, 800)
                .annotation("Text", 100, 700, 20, 20, false, false, null).rect(1, 1, 5, 5)
                .done().write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("REMOVE_NONPRINTING",
                Map.of("javascript", false)))).applied().get(0);
        assertThat(a.notes()).containsExactly("removed 1 non-printing annotations");
        assertThat(ids(out, "service-default")).contains("DOC_JAVASCRIPT");
    }
}
