package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.ContentFacts;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.testpdf.ExchangePdfs;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** PDF/VT-1 (ISO 16612-2) on generated variable-data files: identification, PDF/X-4 base, document parts, records. */
class PdfvtTests {

    private static final String DATE = "2026-01-02T03:04:05Z";

    /** A document of {@code pages} pages with the given XMP (null: none). */
    private static Pdfs.Doc doc(int pages, String xmp) {
        Pdfs.Doc d = Pdfs.document();
        if (xmp != null) {
            d.xmp(xmp);
        }
        for (int i = 0; i < pages; i++) {
            d.page(400, 400);
        }
        return d;
    }

    private static List<Finding> run(Check check, Pdfs.Doc d) {
        return ContentFacts.run(check, PdfFacts.of(d.bytes()));
    }

    // ------------------------------------------------------------------------------------------ version key

    private final Check versionKey = new PdfvtVersionKeyCheck();

    @Test
    void aFileIdentifiedAsPdfvt1Passes() {
        assertThat(run(versionKey, doc(1, ExchangePdfs.xmp("PDF/X-4", "PDF/VT-1", DATE)))).isEmpty();
    }

    @Test
    void aMissingVersionOrDateFails() {
        assertThat(run(versionKey, doc(1, ExchangePdfs.xmp("PDF/X-4", null, DATE)))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("XMP pdfvtid:GTS_PDFVTVersion is missing (PDF/VT-1)");
            assertThat(f.details()).containsEntry("xmp_present", true).containsEntry("clause", "ISO 16612-2");
        });
        assertThat(run(versionKey, doc(1, ExchangePdfs.xmp("PDF/X-4", "PDF/VT-1", null)))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("XMP pdfvtid:GTS_PDFVTModDate is missing "
                        + "(PDF/VT-1)"));
        assertThat(run(versionKey, doc(1, null))).extracting(Finding::message).containsExactly(
                "XMP pdfvtid:GTS_PDFVTVersion is missing (PDF/VT-1)", "XMP pdfvtid:GTS_PDFVTModDate is missing "
                        + "(PDF/VT-1)");
    }

    @Test
    void anotherPdfvtVersionFails() {
        assertThat(run(versionKey, doc(1, ExchangePdfs.xmp("PDF/X-4", "PDF/VT-2", DATE)))).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).isEqualTo("The document declares PDF/VT-2, expected PDF/VT-1");
                    assertThat(f.details()).containsEntry("declared", "PDF/VT-2");
                });
    }

    // ------------------------------------------------------------------------------------------ PDF/X-4 base

    private final Check notX4 = new PdfvtNotPdfx4Check();

    @Test
    void pdfvt1IsPdfx4() {
        assertThat(run(notX4, doc(1, ExchangePdfs.xmp("PDF/X-4", "PDF/VT-1", DATE)))).isEmpty();
        assertThat(run(notX4, doc(1, ExchangePdfs.xmp("PDF/X-4p", "PDF/VT-1", DATE)))).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).isEqualTo("The document declares PDF/X-4p, but PDF/VT-1 requires PDF/X-4");
                    assertThat(f.details()).containsEntry("declared", "PDF/X-4p").containsEntry("clause",
                            "ISO 16612-2");
                });
        assertThat(run(notX4, doc(1, ExchangePdfs.xmp(null, "PDF/VT-1", DATE)))).singleElement().satisfies(f ->
                assertThat(f.message()).isEqualTo("The document does not declare PDF/X-4, which PDF/VT-1 requires"));
    }

    // ------------------------------------------------------------------------------------------ document parts

    private final Check parts = new PdfvtDocumentPartsCheck();

    @Test
    void documentPartsCoveringEveryPagePass() {
        Pdfs.Doc d = doc(5, null);
        ExchangePdfs.documentParts(d, 1, 2, 3);
        assertThat(run(parts, d)).isEmpty();
    }

    @Test
    void aFileWithoutDocumentPartsFails() {
        assertThat(run(parts, doc(2, null))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The catalog has no /DPartRoot: the pages are not divided into records "
                    + "(PDF/VT-1)");
            assertThat(f.details()).containsEntry("problem", "dpart_root_missing");
        });
        Pdfs.Doc noNode = doc(2, null);
        ExchangePdfs.documentParts(noNode, 1, 2).removeItem(COSName.getPDFName("DPartRootNode"));
        assertThat(run(parts, noNode)).singleElement().satisfies(f -> assertThat(f.details())
                .containsEntry("problem", "root_node_missing"));
    }

    @Test
    void pagesOutsideEveryPartFail() {
        Pdfs.Doc one = doc(3, null);
        ExchangePdfs.documentParts(one, 1, 2);
        assertThat(run(parts, one)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("1 page belongs to no document part (first: page 3)");
            assertThat(f.pageNum()).isEqualTo(3);
            assertThat(f.details()).containsEntry("pages_outside", 1).containsEntry("first_pages", List.of(3));
        });
        Pdfs.Doc many = doc(14, null);
        ExchangePdfs.documentParts(many, 1, 2);
        assertThat(run(parts, many)).singleElement().satisfies(f -> assertThat(f.message()).isEqualTo(
                "12 pages belong to no document part (first: pages 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)"));
    }

    @Test
    void aDamagedHierarchyFailsWithWhatIsWrong() {
        Pdfs.Doc d = doc(2, null);
        COSDictionary root = ExchangePdfs.documentParts(d, 1, 1, 1);
        COSArray records = (COSArray) ((COSArray) root.getCOSDictionary(COSName.getPDFName("DPartRootNode"))
                .getDictionaryObject(COSName.getPDFName("DParts"))).getObject(0);
        ((COSDictionary) records.getObject(1)).setItem(COSName.getPDFName("Start"),
                ExchangePdfs.pages(d).getObject(0));
        assertThat(run(parts, d)).extracting(Finding::message).containsExactly(
                "1 page belongs to no document part (first: page 2)",
                "The document part hierarchy is damaged: page 1 is in more than one document part");
    }

    // ------------------------------------------------------------------------------------------ records

    private final Check records = new PdfvtRecordInfoCheck();

    @Test
    void theRecordsAndTheirPagesAreReported() {
        Pdfs.Doc d = doc(7, null);
        ExchangePdfs.documentParts(d, 1, 2, 2, 3);
        assertThat(run(records, d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("3 records at level 1 (Recipient): 2 of 2 pages, 1 of 3 pages");
            assertThat(f.severity().wire()).isEqualTo("info");
            assertThat(f.details()).containsEntry("records", 3).containsEntry("record_level", 1)
                    .containsEntry("level_name", "Recipient")
                    .containsEntry("pages_per_record", Map.of("2", 2, "3", 1))
                    .containsEntry("parts", 4).containsEntry("leaves", 3).containsEntry("depth", 1);
        });
    }

    @Test
    void withoutARecordLevelThePartsHoldingPagesAreCounted() {
        Pdfs.Doc d = doc(3, null);
        ExchangePdfs.documentParts(d, null, 1, 2);
        assertThat(run(records, d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("2 document parts holding pages (no /RecordLevel): 1 of 1 page, 1 of 2 "
                    + "pages");
            assertThat(f.details()).doesNotContainKey("record_level").doesNotContainKey("level_name");
        });
    }

    @Test
    void aRecordLevelBeyondTheNamesHasNoName() {
        Pdfs.Doc d = doc(2, null);
        ExchangePdfs.documentParts(d, 1, 1, 1).removeItem(COSName.getPDFName("NodeNameList"));
        assertThat(run(records, d)).singleElement().satisfies(f -> assertThat(f.message()).isEqualTo(
                "2 records at level 1: 2 of 1 page"));
    }

    @Test
    void aFileWithoutDocumentPartsHasNoRecords() {
        assertThat(run(records, doc(2, null))).isEmpty();
        Pdfs.Doc noNode = doc(2, null);
        ExchangePdfs.documentParts(noNode, 1, 2).removeItem(COSName.getPDFName("DPartRootNode"));
        assertThat(run(records, noNode)).isEmpty();
    }
}
