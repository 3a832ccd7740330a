package dev.preflight.engine.conformance;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.AnalysisResult;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.Severity;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 60 files of veraPDF's test corpus in {@code shared/conformance} (CC BY 4.0, the veraPDF Consortium and
 * contributors; read in place, never copied): each gets the verdict its corpus name expects under its built-in
 * profile, and each failing file a finding whose id names the clause and test it exercises.
 */
class ConformanceCorpusTests {

    private static final Engine ENGINE = new Engine(EngineSettings.defaults());
    /** PDF_A-2b__6-1-12-t01-fail-a.pdf, PDF_UA-1__7.18.1-t02-fail-c.pdf */
    private static final Pattern NAME = Pattern.compile("PDF_(A|UA)-(\\d)[a-z]?__([0-9.-]+?)-t(\\d+)-(pass|fail)-.*");

    /**
     * Corpus files whose failure veraPDF 1.30 judges under another clause than the one the corpus filed them under:
     * the PDF/A-1 document information dictionary files fail the rules on the Info dictionary agreeing with the XMP
     * metadata, which the library's PDF/A-1 profile files under 6.7.3.
     */
    private static final Map<String, String> LIBRARY_CLAUSE = Map.of(
            "PDF_A-1b__6-1-5-t01-fail-c.pdf", "6.7.3",
            "PDF_A-1b__6-1-5-t01-fail-h.pdf", "6.7.3");

    record Case(String file, String profile, String expected) {
        @Override
        public String toString() {
            return file + " under " + profile;
        }
    }

    static Path folder() {
        Path dir = Path.of("").toAbsolutePath();
        for (int i = 0; i < 5 && dir != null; i++, dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("conformance");
            if (Files.isRegularFile(candidate.resolve("files.tsv"))) {
                return candidate;
            }
        }
        return Path.of("..", "..", "shared", "conformance");
    }

    static Stream<Case> cases() throws IOException {
        Path tsv = folder().resolve("files.tsv");
        Assumptions.assumeTrue(Files.isRegularFile(tsv), "shared/conformance is not beside the repository");
        return Files.readAllLines(tsv).stream().filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(l -> l.split("\t")).map(c -> new Case(c[0], c[1], c[2]));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void corpusFileGetsItsExpectedVerdict(Case c) throws Exception {
        AnalysisResult result = ENGINE.analyze(folder().resolve("pdfs").resolve(c.file()),
                new AnalysisRequest(Profiles.builtin(c.profile()), false));
        List<Finding> errors = result.findings().stream()
                .filter(f -> "conformance".equals(f.category()) && f.severity() == Severity.ERROR).toList();
        assertThat(errors).noneMatch(f -> f.inspectionId().equals(ConformanceNotices.NOT_VALIDATED));
        if (c.expected().equals("pass")) {
            assertThat(errors).as("errors on a file the corpus expects to pass").isEmpty();
            return;
        }
        Matcher m = NAME.matcher(c.file());
        assertThat(m.matches()).as("corpus name").isTrue();
        // the corpus numbers its test files on its own; the library numbers the tests of a clause, so the id is
        // matched on the standard and clause
        String clause = LIBRARY_CLAUSE.getOrDefault(c.file(), m.group(3).replace('-', '.'));
        String idPrefix = "PDF" + m.group(1) + m.group(2) + "_" + clause.replace('.', '_') + "_T";
        assertThat(errors).extracting(Finding::inspectionId).anyMatch(id -> id.startsWith(idPrefix));
        Finding f = errors.stream().filter(e -> e.inspectionId().startsWith(idPrefix)).findFirst().orElseThrow();
        assertThat(f.isoClause()).endsWith(" " + clause);
        assertThat(f.details()).containsKey("occurrences").containsEntry("clause", clause);
    }
}
