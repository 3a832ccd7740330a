package dev.preflight.engine.profiles;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.Severity;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** The GWG 2022 Large Format Print variant run end to end on pages with and without a /UserUnit. */
class LargeFormatVariantTests {

    @TempDir
    Path tmp;

    private List<Finding> analyse(Consumer<Pdfs.Page> content) throws Exception {
        var doc = Pdfs.document();
        Pdfs.Page page = doc.page(400, 400);
        content.accept(page);
        Path file = page.done().write(tmp.resolve("lf-" + System.nanoTime() + ".pdf"));
        return new Engine(EngineSettings.defaults())
                .analyze(file, new AnalysisRequest(Profiles.builtin("gwg2022-large-format-print"), false))
                .findings();
    }

    @Test
    void userUnitTenIsAnInfoNoteNotAnR0037Violation() throws Exception {
        List<Finding> findings = analyse(p -> p.userUnit(10).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(100, 100, 50, 50));
        assertThat(findings).filteredOn(f -> f.inspectionId().equals("LARGE_FORMAT_SCALING")).singleElement()
                .satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.INFO);
                    assertThat(f.isoClause()).isNull();
                    assertThat(((Number) f.details().get("scaling_factor")).doubleValue()).isEqualTo(10.0);
                });
        assertThat(findings).noneMatch(f -> "GWG2022 R0037".equals(f.isoClause()));
    }

    @Test
    void userUnitOneGivesNoScalingNote() throws Exception {
        List<Finding> findings = analyse(p -> p.fill(Pdfs.cmyk(0, 0, 0, 1)).rect(100, 100, 50, 50));
        assertThat(findings).noneMatch(f -> f.inspectionId().equals("LARGE_FORMAT_SCALING"));
    }
}
