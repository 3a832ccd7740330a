package dev.preflight.engine.checks.ink;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.AnalysisResult;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.EpmVerdict;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** The ink checks on generated PDFs rendered by the real Ghostscript separation render (needs gs). */
class InkChecksGhostscriptTests {

    @TempDir
    Path tmp;

    private static final Profile PROFILE = new Profile("ink-test", "ink", "", null, false, List.of(
            new ProfileCheck("PAGE_EMPTY", null, Map.of(), "GWG2022 R0005"),
            new ProfileCheck("INK_TAC_CMYK", null, Map.of("max_percent", 320.0), "GWG2022 R0026"),
            new ProfileCheck("INK_TAC_ALL", null, Map.of("max_percent", 320.0), "GWG2022 R0025"),
            new ProfileCheck("SVC_EPM_HEAVY_BLACK_REJECT", null, Map.of(), null),
            new ProfileCheck("SVC_EPM_CMY_TAC_REJECT", null, Map.of(), null),
            new ProfileCheck("SVC_EPM_BLACK_ONLY_PAGE_REJECT", null, Map.of(), null)));

    private AnalysisResult analyze(Consumer<Pdfs.Page> content) {
        var doc = Pdfs.document();
        Pdfs.Page page = doc.page(400, 400);
        content.accept(page);
        Path file = page.done().write(tmp.resolve("ink-" + System.nanoTime() + ".pdf"));
        try {
            return new Engine(EngineSettings.defaults()).analyze(file, new AnalysisRequest(PROFILE, true));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> ids(AnalysisResult r) {
        return r.findings().stream().map(Finding::inspectionId).toList();
    }

    @Test
    void emptyPageIsFoundAndInkedPageIsNot() {
        AnalysisResult empty = analyze(p -> { });
        assertThat(empty.inkRendered()).isTrue();
        assertThat(ids(empty)).containsExactly("PAGE_EMPTY");
        assertThat(empty.findings().get(0).isoClause()).isEqualTo("GWG2022 R0005");
        assertThat(ids(analyze(p -> p.fill(Pdfs.cmyk(0.3, 0, 0, 0)).rect(50, 50, 100, 100)))).isEmpty();
    }

    @Test
    void fourHundredPercentAreaExceedsTacAtItsPosition() {
        AnalysisResult r = analyze(p -> p.fill(Pdfs.cmyk(1, 1, 1, 1)).rect(100, 100, 200, 200));
        Finding tac = r.findings().stream().filter(f -> f.inspectionId().equals("INK_TAC_CMYK")).findFirst()
                .orElseThrow();
        assertThat((Double) tac.details().get("tac_percent")).isGreaterThan(390.0);
        assertThat(tac.bbox().get(0)).isGreaterThanOrEqualTo(95.0);
        assertThat(tac.bbox().get(2)).isLessThanOrEqualTo(305.0);
        assertThat(ids(r)).contains("INK_TAC_ALL", "SVC_EPM_CMY_TAC_REJECT", "SVC_EPM_HEAVY_BLACK_REJECT")
                .doesNotContain("PAGE_EMPTY", "SVC_EPM_BLACK_ONLY_PAGE_REJECT");
        assertThat(EpmVerdict.from(r.findings()).tier()).isEqualTo(EpmVerdict.REJECT);
    }

    @Test
    void blackOnlySolidIsHeavyForCmyOnlyPrinting() {
        AnalysisResult r = analyze(p -> p.fill(Pdfs.cmyk(0, 0, 0, 1)).rect(100, 100, 200, 200));
        assertThat(ids(r)).contains("SVC_EPM_HEAVY_BLACK_REJECT", "SVC_EPM_CMY_TAC_REJECT",
                "SVC_EPM_BLACK_ONLY_PAGE_REJECT").doesNotContain("INK_TAC_CMYK");
        EpmVerdict v = EpmVerdict.from(r.findings());
        assertThat(v.tier()).isEqualTo(EpmVerdict.REJECT);
        assertThat(v.recommendsSpecialSubstrate()).isTrue();
    }
}
