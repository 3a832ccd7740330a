package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.facts.EmbeddedFileFact;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The document-structure checks: exact size and version limits, permissions, and what each finding says. */
class StructureCheckTests {

    private static List<Finding> run(String id, DocFacts d, Map<String, Object> params) {
        return DocumentCheckCasesTests.run(id, d, params);
    }

    private static List<Finding> run(String id, DocFacts d) {
        return run(id, d, Map.of());
    }

    @Test
    void aFileExactlyAtTheSizeLimitIsAccepted() {
        DocFacts d = DocFacts.clean();
        d.fileSize = 2_000_000;
        assertThat(run("DOC_FILE_SIZE_LARGE", d, Map.of("max_megabytes", 2.0))).isEmpty();
        d.fileSize = 2_500_000;
        Finding f = run("DOC_FILE_SIZE_LARGE", d, Map.of("max_megabytes", 2.0)).getFirst();
        assertThat(f.message()).isEqualTo("The file is 2.5 MB, more than 2.0 MB");
        assertThat(f.details()).containsEntry("file_size_bytes", 2_500_000L).containsEntry("megabytes", 2.5)
                .containsEntry("max_megabytes", 2.0);
    }

    @Test
    void pdfVersionsAreComparedByMajorAndMinor() {
        DocFacts d = DocFacts.clean();
        d.pdfVersion = "1.7";
        assertThat(run("DOC_PDF_VERSION_TOO_NEW", d, Map.of("max_version", "1.7"))).isEmpty();
        assertThat(run("DOC_PDF_VERSION_TOO_OLD", d, Map.of("min_version", "1.7"))).isEmpty();
        d.pdfVersion = "2.0";
        assertThat(run("DOC_PDF_VERSION_TOO_NEW", d, Map.of("max_version", "1.7"))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("PDF version 2.0 is newer than 1.7");
            assertThat(f.details()).containsEntry("pdf_version", "2.0").containsEntry("max_version", "1.7");
        });
        d.pdfVersion = "1.3";
        assertThat(run("DOC_PDF_VERSION_TOO_OLD", d, Map.of("min_version", "1.4"))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("PDF version 1.3 is older than 1.4"));
        assertThat(run("DOC_PDF_VERSION_TOO_NEW", d, Map.of("max_version", "1.4"))).isEmpty();
        d.pdfVersion = "1.45";
        assertThat(run("DOC_PDF_VERSION_TOO_NEW", d, Map.of("max_version", "1.4"))).as("one digit of minor")
                .isEmpty();
        d.pdfVersion = "2";
        assertThat(run("DOC_PDF_VERSION_TOO_NEW", d, Map.of("max_version", "1.7"))).hasSize(1);
        assertThat(run("DOC_PDF_VERSION_TOO_OLD", d, Map.of("min_version", "2.0"))).isEmpty();
    }

    @Test
    void anUnreadableVersionIsNeverTakenAsRecentEnough() {
        DocFacts d = DocFacts.clean();
        d.pdfVersion = "x.y";
        assertThat(run("DOC_PDF_VERSION_TOO_OLD", d, Map.of("min_version", "1.0"))).hasSize(1);
        d.pdfVersion = null;
        assertThat(run("DOC_PDF_VERSION_TOO_OLD", d, Map.of("min_version", "1.0"))).hasSize(1);
    }

    @Test
    void printRestrictionsSayWhatIsForbidden() {
        DocFacts noPrint = DocFacts.clean();
        noPrint.canPrint = false;
        assertThat(run("DOC_PRINT_RESTRICTED", noPrint)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The permissions do not allow printing");
            assertThat(f.details()).containsEntry("can_print", false).containsEntry("can_print_high_res", true);
        });
        DocFacts lowRes = DocFacts.clean();
        lowRes.canPrintHighRes = false;
        assertThat(run("DOC_PRINT_RESTRICTED", lowRes)).singleElement().satisfies(f -> assertThat(f.message())
                .isEqualTo("The permissions allow only low-resolution printing"));
        assertThat(run("DOC_PRINT_RESTRICTED", DocFacts.clean())).isEmpty();
    }

    @Test
    void encryptionNamesItsFilterAndPermissions() {
        DocFacts d = DocFacts.clean();
        d.encrypted = true;
        d.encryptionFilter = "Standard";
        d.canModify = false;
        assertThat(run("DOC_ENCRYPTED", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The document is encrypted (filter Standard)");
            assertThat(f.details()).containsEntry("filter", "Standard").containsEntry("can_print", true)
                    .containsEntry("can_print_high_res", true).containsEntry("can_modify", false);
        });
    }

    @Test
    void taggedAndUntaggedAreEachOthersOpposite() {
        DocFacts tagged = DocFacts.clean();
        tagged.hasStructTree = true;
        assertThat(run("DOC_TAGGED", tagged)).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("The document is tagged (has a structure tree)"));
        assertThat(run("DOC_UNTAGGED", tagged)).isEmpty();
        assertThat(run("DOC_UNTAGGED", DocFacts.clean())).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("The document is not tagged"));
        assertThat(run("DOC_TAGGED", DocFacts.clean())).isEmpty();
    }

    @Test
    void damageSaysTheFirstProblemOrThatItWasRepaired() {
        DocFacts repaired = DocFacts.clean();
        repaired.repaired = true;
        assertThat(run("DOC_DAMAGED", repaired)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The document structure had to be repaired");
            assertThat(f.details()).containsEntry("repaired", true).containsEntry("problems", List.of());
        });
        DocFacts notes = DocFacts.clean();
        notes.repaired = true;
        notes.repairNotes.add("xref rebuilt");
        notes.problems.add("object 12 0 unreadable");
        assertThat(run("DOC_DAMAGED", notes)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The document structure is damaged: xref rebuilt");
            assertThat(f.details()).containsEntry("problems", List.of("xref rebuilt", "object 12 0 unreadable"));
        });
        assertThat(run("DOC_DAMAGED", DocFacts.clean())).isEmpty();
    }

    @Test
    void anEmbeddedFileIsNamedWithItsSize() {
        DocFacts d = DocFacts.clean();
        d.embeddedFiles.add(new EmbeddedFileFact("notes.txt", 1234, "text/plain", 1, "60 0 R"));
        assertThat(run("DOC_EMBEDDED_FILES", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Embedded file 'notes.txt' (1234 bytes)");
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.objectId()).isEqualTo("60 0 R");
            assertThat(f.details()).containsEntry("name", "notes.txt").containsEntry("size", 1234L)
                    .containsEntry("mime_type", "text/plain");
        });
    }

    @Test
    void anAnnotationPrintsWhereverTheBleedReachesOnTheSheet() {
        DocFacts d = DocFacts.clean();
        d.page().crop = d.page().trim;
        d.page().annotations.add(DocFacts.annotation(1, "Stamp", new Box(1, 1, 5, 5), true));
        assertThat(run("ANNOT_PRINTS", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Stamp annotation prints on page 1");
            assertThat(f.details()).containsEntry("subtype", "Stamp");
        });
        DocFacts noBleed = DocFacts.clean();
        noBleed.page().crop = noBleed.page().trim;
        noBleed.page().bleed = null;
        noBleed.page().annotations.add(DocFacts.annotation(1, "Stamp", new Box(1, 1, 5, 5), true));
        assertThat(run("ANNOT_PRINTS", noBleed)).as("outside the CropBox").isEmpty();
    }

    @Test
    void aFormCountsItsWidgets() {
        DocFacts d = DocFacts.clean();
        d.hasAcroForm = true;
        d.page().annotations.add(DocFacts.annotation(1, "Widget", new Box(10, 10, 50, 20), false));
        d.page().annotations.add(DocFacts.annotation(1, "Stamp", new Box(10, 10, 50, 20), false));
        assertThat(run("DOC_ACROFORM", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The document has an interactive form with 1 widget(s)");
            assertThat(f.details()).containsEntry("widgets", 1L);
        });
    }
}
