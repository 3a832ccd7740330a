package dev.preflight.engine.render;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.AnalysisResult;
import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.InkFacts;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The engine renders ink only when asked and needed, passes the profile's limits, and survives a failed render. */
@Tag("ghostscript")
class EngineInkTests {

    @TempDir
    Path dir;

    /** Reports each page's ink as a finding, so the test sees exactly what ink checks would see. */
    private static final class InkEcho implements Check {
        private final String id;
        private final List<ParamSpec> params;

        InkEcho(String id, ParamSpec... params) {
            this.id = id;
            this.params = List.of(params);
        }

        @Override
        public CheckInfo info() {
            return new CheckInfo(id, "echo", "reports the ink facts", "ink", Severity.WARNING, "page", params, true);
        }

        @Override
        public void run(DocumentFacts facts, CheckContext ctx) {
            for (Map.Entry<Integer, InkFacts> e : facts.ink().entrySet()) {
                ctx.finding("ink").page(e.getKey()).detail("max_tac", e.getValue().maxTacAll())
                        .detail("over_all", e.getValue().areaOverLimitAllPct())
                        .detail("over_cmyk", e.getValue().areaOverLimitCmykPct())
                        .detail("window_mm", e.getValue().windowMm()).report();
            }
        }
    }

    private Engine engine(String gs) {
        var settings = new EngineSettings(100, 64L * 1024 * 1024, 10_000, 36, gs, Duration.ofSeconds(60),
                dir.resolve("scratch"));
        return new Engine(settings, new CheckCatalog(List.of(new InkEcho("INK_TAC_ALL"), new InkEcho("INK_TAC_CMYK"))));
    }

    private static Profile profile(double allLimit) {
        return new Profile("p", "p", "", null, false, List.of(
                new ProfileCheck("INK_TAC_ALL", null, Map.of("max_percent", allLimit), null),
                new ProfileCheck("INK_TAC_CMYK", null, Map.of(), null)));
    }

    private Path fourColourPdf() {
        return InkPdfs.create().page(300, 300).cmyk(0, 0, 300, 300, 0.9f, 0.9f, 0.9f, 0.9f).spot("Silver", 0, 0, 20, 20, 1)
                .write(dir.resolve("in.pdf"));
    }

    @Test
    void rendersInkWhenAProfileCheckNeedsItAndUsesTheProfileLimits() throws Exception {
        AnalysisResult result = engine("gs").analyze(fourColourPdf(), new AnalysisRequest(profile(350), true));

        assertThat(result.inkRendered()).isTrue();
        assertThat(result.separations()).containsExactly("Cyan", "Magenta", "Yellow", "Black", "Silver");
        Finding all = result.findings().stream().filter(f -> f.inspectionId().equals("INK_TAC_ALL")).findFirst()
                .orElseThrow();
        // 90 % is stored as one of 256 levels: up to half a level (0.2 %) off per ink, four inks
        assertThat((double) all.details().get("max_tac")).isCloseTo(360, within(0.8));
        // 360 % everywhere except the corner where 100 % Silver knocks the process inks out: windows touching it
        // fall below both the profile's 350 % (all separations) and the default 300 % (CMYK); all others exceed them
        assertThat((double) all.details().get("over_all")).isBetween(90.0, 99.9);
        assertThat((double) all.details().get("over_cmyk")).isBetween(90.0, 99.9);
    }

    @Test
    void profileLimitAboveTheInkLeavesNoAreaOver() throws Exception {
        AnalysisResult result = engine("gs").analyze(fourColourPdf(), new AnalysisRequest(profile(380), true));

        Finding all = result.findings().stream().filter(f -> f.inspectionId().equals("INK_TAC_ALL")).findFirst()
                .orElseThrow();
        assertThat((double) all.details().get("over_all")).isZero();
    }

    @Test
    void checkDefaultsFillWhatTheProfileLeavesOutAndTheProfileWindowIsMeasured() throws Exception {
        var settings = new EngineSettings(100, 64L * 1024 * 1024, 10_000, 36, "gs", Duration.ofSeconds(60),
                dir.resolve("scratch"));
        var catalog = new CheckCatalog(List.of(
                new InkEcho("INK_TAC_ALL", ParamSpec.number("max_percent", 380.0, 0, 1000, "limit")),
                new InkEcho("INK_TAC_CMYK", ParamSpec.number("max_percent", 250.0, 0, 1000, "limit"))));
        var profile = new Profile("p", "p", "", null, false, List.of(
                new ProfileCheck("INK_TAC_ALL", null, Map.of("window_mm", 10.0), null),
                new ProfileCheck("INK_TAC_CMYK", null, Map.of(), null)));

        AnalysisResult result = new Engine(settings, catalog).analyze(fourColourPdf(),
                new AnalysisRequest(profile, true));

        Finding all = result.findings().stream().filter(f -> f.inspectionId().equals("INK_TAC_ALL")).findFirst()
                .orElseThrow();
        assertThat(all.details()).containsEntry("window_mm", 10.0);
        // 360 % never exceeds the check's default of 380 %, but nearly everywhere exceeds the CMYK default of 250 %
        assertThat((double) all.details().get("over_all")).isZero();
        assertThat((double) all.details().get("over_cmyk")).isGreaterThan(90);
    }

    @Test
    void doesNotRenderWhenNotAsked() throws Exception {
        AnalysisResult result = engine("gs").analyze(fourColourPdf(), new AnalysisRequest(profile(300), false));

        assertThat(result.inkRendered()).isFalse();
        assertThat(result.separations()).isEmpty();
        assertThat(result.findings()).isEmpty();
    }

    @Test
    void ghostscriptFailureBecomesAWarningAndSkipsInkChecks() throws Exception {
        AnalysisResult result = engine(dir.resolve("missing-gs").toString())
                .analyze(fourColourPdf(), new AnalysisRequest(profile(300), true));

        assertThat(result.inkRendered()).isFalse();
        assertThat(result.findings()).singleElement().satisfies(f -> {
            assertThat(f.inspectionId()).isEqualTo(Engine.INK_RENDER_FAILED);
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.message()).contains("could not be started");
            assertThat(f.details()).containsEntry("timed_out", false);
        });
    }
}
