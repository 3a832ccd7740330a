package dev.preflight.engine.checks;

import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The metadata checks: Info first and XMP as fallback, blank counted as missing, and what each finding says. */
class MetadataCheckTests {

    private static List<Finding> run(String id, DocFacts d) {
        return DocumentCheckCasesTests.run(id, d, Map.of());
    }

    @Test
    void theCreatorComesFromInfoElseFromXmp() {
        DocFacts d = DocFacts.clean();
        assertThat(run("META_CREATOR", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Created with Designer 5, produced by Exporter 2");
            assertThat(f.details()).containsEntry("creator", "Designer 5").containsEntry("producer", "Exporter 2");
        });
        d.infoCreator = " ";
        d.infoProducer = null;
        d.xmpCreatorTool = "Layout 9";
        d.xmpProducer = "Distiller 3";
        assertThat(run("META_CREATOR", d).getFirst().message())
                .isEqualTo("Created with Layout 9, produced by Distiller 3");
    }

    @Test
    void aMissingCreatorOrProducerIsAQuestionMark() {
        DocFacts creatorOnly = DocFacts.clean();
        creatorOnly.infoProducer = null;
        creatorOnly.xmpProducer = "";
        assertThat(run("META_CREATOR", creatorOnly).getFirst().message())
                .isEqualTo("Created with Designer 5, produced by ?");
        DocFacts producerOnly = DocFacts.clean();
        producerOnly.infoCreator = null;
        producerOnly.xmpCreatorTool = null;
        assertThat(run("META_CREATOR", producerOnly).getFirst().message())
                .isEqualTo("Created with ?, produced by Exporter 2");
        DocFacts neither = DocFacts.clean();
        neither.infoCreator = null;
        neither.xmpCreatorTool = null;
        neither.infoProducer = null;
        neither.xmpProducer = null;
        assertThat(run("META_CREATOR", neither)).isEmpty();
    }

    @Test
    void aFieldIsMissingOnlyWhenBlankInBothInfoAndXmp() {
        DocFacts xmpOnly = DocFacts.clean();
        xmpOnly.infoTitle = "  ";
        assertThat(run("META_TITLE_MISSING", xmpOnly)).isEmpty();
        DocFacts infoOnly = DocFacts.clean();
        infoOnly.xmpTitle = null;
        assertThat(run("META_TITLE_MISSING", infoOnly)).isEmpty();
        DocFacts neither = DocFacts.clean();
        neither.infoTitle = "";
        neither.xmpTitle = " ";
        assertThat(run("META_TITLE_MISSING", neither)).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("The document has no title"));
        DocFacts noDates = DocFacts.clean();
        noDates.infoCreationDate = null;
        noDates.xmpCreateDate = null;
        noDates.infoModDate = null;
        noDates.xmpModifyDate = null;
        assertThat(run("META_CREATION_DATE_MISSING", noDates).getFirst().message())
                .isEqualTo("The document has no creation date");
        assertThat(run("META_MOD_DATE_MISSING", noDates).getFirst().message())
                .isEqualTo("The document has no modification date");
    }

    @Test
    void titlesDifferingOnlyInSurroundingSpaceAreTheSame() {
        DocFacts d = DocFacts.clean();
        d.xmpTitle = " Brochure ";
        assertThat(run("META_TITLE_MISMATCH", d)).isEmpty();
        d.xmpTitle = "Flyer";
        assertThat(run("META_TITLE_MISMATCH", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Info title \"Brochure\" differs from XMP title \"Flyer\"");
            assertThat(f.details()).containsEntry("info_title", "Brochure").containsEntry("xmp_title", "Flyer");
        });
        d.infoTitle = null;
        assertThat(run("META_TITLE_MISMATCH", d)).as("nothing to compare").isEmpty();
        DocFacts noXmpTitle = DocFacts.clean();
        noXmpTitle.xmpTitle = "";
        assertThat(run("META_TITLE_MISMATCH", noXmpTitle)).isEmpty();
    }

    @Test
    void trappedStatesAreComparedAsNamesWithoutCase() {
        DocFacts d = DocFacts.clean();
        d.infoTrapped = "/True";
        d.xmpTrapped = "true";
        assertThat(run("META_TRAPPED_MISMATCH", d)).isEmpty();
        assertThat(run("META_TRAPPED_UNDEFINED", d)).isEmpty();
        d.xmpTrapped = "False";
        assertThat(run("META_TRAPPED_MISMATCH", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Info /Trapped /True differs from XMP pdf:Trapped False");
            assertThat(f.details()).containsEntry("info_trapped", "/True").containsEntry("xmp_trapped", "False");
        });
        d.xmpTrapped = null;
        assertThat(run("META_TRAPPED_MISMATCH", d)).isEmpty();
        DocFacts noInfo = DocFacts.clean();
        noInfo.infoTrapped = " ";
        assertThat(run("META_TRAPPED_MISMATCH", noInfo)).isEmpty();
    }

    @Test
    void trappedIsUndefinedUnlessOneSideSaysTrueOrFalse() {
        DocFacts d = DocFacts.clean();
        d.infoTrapped = "Unknown";
        d.xmpTrapped = "Unknown";
        assertThat(run("META_TRAPPED_UNDEFINED", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The trapped state is not declared as True or False");
            assertThat(f.details()).containsEntry("info_trapped", "Unknown").containsEntry("xmp_trapped", "Unknown");
        });
        d.xmpTrapped = " False ";
        assertThat(run("META_TRAPPED_UNDEFINED", d)).isEmpty();
        d.xmpTrapped = null;
        d.infoTrapped = "/false";
        assertThat(run("META_TRAPPED_UNDEFINED", d)).isEmpty();
    }

    @Test
    void xmpMissingOrUnreadableSaySo() {
        DocFacts missing = DocFacts.clean();
        missing.xmpPresent = false;
        assertThat(run("META_XMP_MISSING", missing)).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("The document has no XMP metadata"));
        assertThat(run("META_XMP_UNPARSEABLE", missing)).isEmpty();
        DocFacts broken = DocFacts.clean();
        broken.xmpProblem = "unexpected end of stream";
        assertThat(run("META_XMP_UNPARSEABLE", broken)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The XMP metadata cannot be parsed: unexpected end of stream");
            assertThat(f.details()).containsEntry("problem", "unexpected end of stream");
        });
        assertThat(run("META_XMP_UNPARSEABLE", DocFacts.clean())).isEmpty();
        assertThat(run("META_XMP_MISSING", DocFacts.clean())).isEmpty();
    }
}
