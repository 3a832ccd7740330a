package dev.preflight.engine.fixups;

import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.graphics.color.PDOutputIntent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.noNewErrors;
import static dev.preflight.engine.fixups.FixupChecks.samePixels;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SetOutputIntentFixupTests {

    private static final String GWG = "gwg2022-sheetcmyk-cmyk";

    @TempDir
    Path dir;

    private Fixups fixups;

    @BeforeEach
    void catalogue() throws Exception {
        Path icc = Files.write(dir.resolve("cmyk.icc"), Pdfs.cmykProfile());
        OutputCondition fogra39 = new OutputCondition("fogra39", "FOGRA39", "Offset, coated paper",
                "http://www.color.org", "CMYK", icc);
        OutputCondition bare = new OutputCondition("bare", "BARE", "no profile", "http://www.color.org", "CMYK",
                null);
        fixups = new Fixups(new FixupSettings("gs", Duration.ofMinutes(1), dir, 64L << 20,
                id -> Optional.ofNullable(Map.of("fogra39", fogra39, "bare", bare).get(id))));
    }

    private Path conforming() {
        return Pdfs.document().classicXref().page(600, 800).trimBox(10, 10, 590, 790).bleedBox(5, 5, 595, 795)
                .fill(Pdfs.cmyk(0, 1, 0, 0)).rect(10, 10, 100, 100)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).font(Pdfs.Font.EMBEDDED_SANS).text(72, 700, 14, "Hello")
                .done().write(dir.resolve("in.pdf"));
    }

    @Test
    void attachesTheIntentAndIdentifiesAConformingFileAsPdfx4() throws Exception {
        Path in = conforming();
        assertThat(ids(in, "service-default")).contains("OI_MISSING");
        assertThat(ids(in, GWG)).contains("PDFX_OI_MISSING", "PDFX_VERSION_KEY_MISSING");
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SET_OUTPUT_INTENT", Map.of("title",
                "Flyer")))).applied().get(0);
        assertThat(a.notes()).contains("the file had no title; set to 'Flyer'",
                "the trapped state was not declared; declared False (not trapped)");
        assertThat(ids(out, "service-default")).doesNotContain("OI_MISSING");
        assertThat(ids(out, GWG)).doesNotContain("PDFX_OI_MISSING", "PDFX_VERSION_KEY_MISSING",
                "PDFX_TITLE_MISSING", "PDFX_TRAPPED_INVALID", "PDFX_DATES_MISSING", "PDFX_XMP_MISSING");
        assertThat(ids(out, "pdfx-4")).isEmpty();
        noNewErrors(in, out, GWG);
        samePixels(in, out);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            List<PDOutputIntent> intents = doc.getDocumentCatalog().getOutputIntents();
            assertThat(intents).hasSize(1);
            assertThat(intents.get(0).getOutputConditionIdentifier()).isEqualTo("FOGRA39");
            assertThat(intents.get(0).getCOSObject().getNameAsString(COSName.S)).isEqualTo("GTS_PDFX");
            assertThat(intents.get(0).getDestOutputIntent().createInputStream().readAllBytes()).isEqualTo(Pdfs.cmykProfile());
            assertThat(doc.getDocumentInformation().getCOSObject().getString("GTS_PDFXVersion"))
                    .isEqualTo("PDF/X-4");
            assertThat(new String(doc.getDocumentCatalog().getMetadata().toByteArray()))
                    .contains("http://www.npes.org/pdfx/ns/id/").contains("PDF/X-4");
            assertThat(doc.getVersion()).isEqualTo(1.6f);
        }
    }

    @Test
    void aFileThatDoesNotConformGetsTheIntentOnlyAndTheReason() throws Exception {
        Path in = Pdfs.document().page(600, 800).trimBox(10, 10, 590, 790)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).font(Pdfs.Font.HELVETICA).text(72, 700, 14, "Not embedded")
                .done().write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SET_OUTPUT_INTENT", Map.of())))
                .applied().get(0);
        assertThat(a.notes()).singleElement().asString().startsWith("not identified as PDF/X-4")
                .contains("PDFX_FONTS_NOT_EMBEDDED").endsWith("only the output intent was attached");
        assertThat(ids(out, GWG)).doesNotContain("PDFX_OI_MISSING").contains("PDFX_VERSION_KEY_MISSING");
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getDocumentCatalog().getOutputIntents()).hasSize(1);
            assertThat(doc.getDocumentInformation().getCOSObject().getString("GTS_PDFXVersion")).isNull();
        }
    }

    @Test
    void pdfx1aIsDeclaredInTheInfoDictionary() throws Exception {
        Path in = conforming();
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SET_OUTPUT_INTENT",
                Map.of("pdfx", "PDF/X-1a:2003")))).applied().get(0);
        assertThat(a.notes()).containsExactly("the file had no title; set to 'Untitled'",
                "the file had no creation date; set to now",
                "the trapped state was not declared; declared False (not trapped)");
        assertThat(ids(out, "pdfx-1a")).isEmpty();
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getDocumentInformation().getCOSObject().getString("GTS_PDFXVersion"))
                    .isEqualTo("PDF/X-1a:2003");
            assertThat(doc.getDocumentInformation().getTitle()).isEqualTo("Untitled");
            assertThat(doc.getVersion()).as("PDF/X-1a:2003 allows at most PDF 1.4").isEqualTo(1.4f);
        }
    }

    @Test
    void anExistingIntentStaysUnlessReplaceIsAsked() throws Exception {
        Path in = Pdfs.document().outputIntent("CGATS TR 001", true).page(600, 800).rect(1, 1, 5, 5).done()
                .write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup kept = fixups.apply(in, out, List.of(new FixupRequest("SET_OUTPUT_INTENT",
                Map.of("pdfx", "none")))).applied().get(0);
        assertThat(kept.objectsChanged()).isZero();
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getDocumentCatalog().getOutputIntents()).singleElement()
                    .extracting(PDOutputIntent::getOutputConditionIdentifier).isEqualTo("CGATS TR 001");
        }
        fixups.apply(in, out, List.of(new FixupRequest("SET_OUTPUT_INTENT", Map.of("pdfx", "none",
                "replace", true))));
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(doc.getDocumentCatalog().getOutputIntents()).singleElement()
                    .extracting(PDOutputIntent::getOutputConditionIdentifier).isEqualTo("FOGRA39");
        }
    }

    @Test
    void anUnknownConditionOrOneWithoutProfileFailsWithAReason() throws Exception {
        Path in = conforming();
        assertThatThrownBy(() -> fixups.apply(in, dir.resolve("o.pdf"), List.of(new FixupRequest(
                "SET_OUTPUT_INTENT", Map.of("condition", "fogra99"))))).isInstanceOf(FixupException.class)
                .hasMessageContaining("no printing condition 'fogra99'");
        assertThatThrownBy(() -> fixups.apply(in, dir.resolve("o.pdf"), List.of(new FixupRequest(
                "SET_OUTPUT_INTENT", Map.of("condition", "bare"))))).isInstanceOf(FixupException.class)
                .hasMessageContaining("without an ICC profile");
        assertThat(dir.resolve("o.pdf")).doesNotExist();
    }
}
