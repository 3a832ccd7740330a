package dev.preflight.engine.checks.ink;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.ContentFacts;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.ink;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static org.assertj.core.api.Assertions.assertThat;

/** The ink checks' limits met and passed, each total with its own window, and what each finding says. */
class InkLimitsTests {

    private static final Map<String, Double> CMYK = Map.of("Cyan", 20.0, "Magenta", 10.0, "Yellow", 5.0,
            "Black", 30.0);
    private static final Box ALL_WINDOW = new Box(10, 20, 52.52, 62.52);
    private static final Box CMYK_WINDOW = new Box(300, 400, 342.52, 442.52);

    private static ContentFacts.Ink apart() {
        return ink(CMYK).windows(ALL_WINDOW, CMYK_WINDOW);
    }

    @Test
    void areaOverTheLimitOfCmykAloneIsReportedWithItsOwnWindowAndTotal() {
        var facts = doc().page(fill()).ink(1, apart().area(2, 7).tac(330, 310)).build();
        assertThat(run(new AreaOverLimitCheck(), facts)).isEmpty();
        Finding f = run(new AreaOverLimitCheck(), facts, params("separations", "cmyk")).getFirst();
        assertThat(f.message()).isEqualTo("7.0 % of the page is over the ink limit (above 5.0 %)");
        assertThat(f.bbox()).isEqualTo(CMYK_WINDOW.toList());
        assertThat(f.pageNum()).isEqualTo(1);
        assertThat(f.details()).containsEntry("area_percent", 7.0).containsEntry("max_area_percent", 5.0)
                .containsEntry("tac_percent", 310.0).containsEntry("separations", "cmyk");
    }

    @Test
    void areaOverTheLimitOfAllSeparationsUsesTheirWindowAndTotal() {
        var facts = doc().page(fill()).ink(1, apart().area(7, 2).tac(330, 310)).build();
        Finding f = run(new AreaOverLimitCheck(), facts).getFirst();
        assertThat(f.bbox()).isEqualTo(ALL_WINDOW.toList());
        assertThat(f.details()).containsEntry("area_percent", 7.0).containsEntry("tac_percent", 330.0)
                .containsEntry("separations", "all");
        assertThat(run(new AreaOverLimitCheck(), facts, params("separations", "cmyk"))).isEmpty();
    }

    @Test
    void anAreaAtTheLimitPasses() {
        var facts = doc().page(fill()).ink(1, apart().area(5, 5)).build();
        assertThat(run(new AreaOverLimitCheck(), facts)).isEmpty();
        assertThat(run(new AreaOverLimitCheck(), facts, params("separations", "cmyk"))).isEmpty();
        assertThat(run(new AreaOverLimitCheck(), facts, params("max_area_percent", 4.9))).hasSize(1);
    }

    @Test
    void eachTotalInkCheckReportsItsOwnTotalWindowAndScope() {
        var facts = doc().page(fill()).ink(1, apart().tac(340, 330).pixel(395)).build();
        Finding all = run(new TacAllCheck(), facts).getFirst();
        assertThat(all.message()).isEqualTo("Total ink coverage (all separations) 340.0 % exceeds 320 %");
        assertThat(all.bbox()).isEqualTo(ALL_WINDOW.toList());
        assertThat(all.details()).containsEntry("tac_percent", 340.0).containsEntry("separations", "all separations")
                .containsEntry("max_pixel_tac_percent", 395.0).containsEntry("render_dpi", 72)
                .containsEntry("window_mm_requested", 15.0);
        Finding cmyk = run(new TacCmykCheck(), facts, params("window_mm", 10.0)).getFirst();
        assertThat(cmyk.message()).isEqualTo("Total ink coverage (CMYK) 330.0 % exceeds 320 %");
        assertThat(cmyk.bbox()).isEqualTo(CMYK_WINDOW.toList());
        assertThat(cmyk.details()).containsEntry("tac_percent", 330.0).containsEntry("separations", "CMYK")
                .containsEntry("window_mm_requested", 10.0);
    }

    @Test
    void peakPixelTotalAtTheLimitPassesAndAboveItIsReported() {
        var at = doc().page(fill()).ink(1, apart().pixel(380)).build();
        assertThat(run(new PixelTacCheck(), at)).isEmpty();
        var above = doc().page(fill()).ink(1, apart().pixel(380.5)).build();
        Finding f = run(new PixelTacCheck(), above).getFirst();
        assertThat(f.message()).isEqualTo("Peak ink total 381 % exceeds 380 %");
        assertThat(f.bbox()).isNull();
        assertThat(f.details()).containsEntry("pixel_tac_percent", 380.5).containsEntry("max_percent", 380.0)
                .containsEntry("render_dpi", 72);
    }

    @Test
    void aSeparationAtTheLimitIsNotHeavyAndOnlyTheListedOnesAreJudged() {
        var coverage = new LinkedHashMap<String, Double>();
        coverage.put("Cyan", 75.0);
        coverage.put("Magenta", 75.5);
        coverage.put("Gold", 90.0);
        var facts = doc().page(fill()).ink(1, ink(coverage)).build();
        assertThat(run(new SeparationCoverageCheck(), facts)).extracting(f -> f.details().get("separation"))
                .containsExactlyInAnyOrder("Magenta", "Gold");
        List<Finding> gold = run(new SeparationCoverageCheck(), facts, params("separations", List.of("Gold")));
        assertThat(gold).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Separation Gold covers 90.0 % of the page (above 75 %)");
            assertThat(f.details()).containsEntry("coverage_percent", 90.0).containsEntry("max_percent", 75.0);
            assertThat(f.bbox()).isNotNull();
        });
    }

    @Test
    void anEmptyPageSaysSoWithItsTotalAndRenderResolution() {
        var facts = doc().page(fill()).ink(1, ink(Map.of("Cyan", 0.0, "Black", 0.0))).build();
        Finding f = run(new EmptyPageCheck(), facts).getFirst();
        assertThat(f.message()).isEqualTo("Page 1 is empty (no ink)");
        assertThat(f.bbox()).isEqualTo(ContentFacts.TRIM.toList());
        assertThat(f.details()).containsEntry("total_coverage_percent", 0.0).containsEntry("render_dpi", 72);
        var faint = doc().page(fill()).ink(1, ink(Map.of("Cyan", 0.001, "Black", 0.0))).build();
        assertThat(run(new EmptyPageCheck(), faint)).isEmpty();
    }

    @Test
    void aPageWhoseSeparationsAllMeasureZeroIsEmptyEvenWhenNotFlagged() {
        var facts = doc().page(fill()).ink(1, ink(Map.of("Cyan", 0.0, "Black", 0.0)).flaggedEmpty(false)).build();
        assertThat(run(new EmptyPageCheck(), facts)).hasSize(1);
    }

    @Test
    void anEmptySpotPlateIsNamedWithItsCoverage() {
        var coverage = new LinkedHashMap<String, Double>();
        coverage.put("Cyan", 50.0);
        coverage.put("Gold", 0.0);
        coverage.put("Silver", 0.5);
        var facts = doc().page(fill()).ink(1, ink(coverage)).build();
        assertThat(run(new EmptySpotPlateCheck(), facts)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Spot colour plate \"Gold\" is empty on page 1");
            assertThat(f.details()).containsEntry("separation", "Gold").containsEntry("coverage_percent", 0.0);
            assertThat(f.bbox()).isNotNull();
        });
    }
}
