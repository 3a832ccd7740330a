package dev.preflight.engine.checks;

import dev.preflight.engine.Finding;
import dev.preflight.engine.facts.OutputIntentFact;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** How output intents are named in findings, and that only document-level intents count as the document's. */
class OutputIntentCheckTests {

    private static List<Finding> run(String id, DocFacts d) {
        return DocumentCheckCasesTests.run(id, d, Map.of());
    }

    private static OutputIntentFact intent(String identifier, String profileDescription, int page) {
        return new OutputIntentFact("GTS_PDFX", identifier, null, null, null, "CMYK", profileDescription, null, page,
                "31 0 R");
    }

    @Test
    void anIntentIsNamedByItsIdentifierElseItsProfileElseUnnamed() {
        DocFacts d = DocFacts.clean();
        d.outputIntents.clear();
        d.outputIntents.add(intent("FOGRA39", "Coated FOGRA39", 0));
        d.outputIntents.add(intent(" ", "Coated FOGRA51", 0));
        d.outputIntents.add(intent(null, null, 0));
        assertThat(run("OI_PRESENT", d)).extracting(Finding::message).containsExactly(
                "GTS_PDFX output intent 'FOGRA39' (profile Coated FOGRA39)",
                "GTS_PDFX output intent 'Coated FOGRA51' (profile Coated FOGRA51)",
                "GTS_PDFX output intent (unnamed)");
        assertThat(run("OI_MULTIPLE_PDFX", d)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("The document has 3 GTS_PDFX output intents");
            assertThat(f.details()).containsEntry("count", 3)
                    .containsEntry("identifiers", List.of("'FOGRA39'", "'Coated FOGRA51'", "(unnamed)"));
        });
    }

    @Test
    void aPageLevelIntentIsNotTheDocumentsIntent() {
        DocFacts d = DocFacts.clean();
        d.outputIntents.clear();
        d.outputIntents.add(intent("FOGRA39", null, 1));
        assertThat(run("OI_MISSING", d)).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("The document has no output intent"));
        assertThat(run("OI_MISSING", DocFacts.clean())).isEmpty();
    }
}
