package dev.preflight.engine.checks.ink;

import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.ink;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static org.assertj.core.api.Assertions.assertThat;

class InkChecksTests {

    private static final Map<String, Double> CMYK = Map.of("Cyan", 20.0, "Magenta", 10.0, "Yellow", 5.0,
            "Black", 30.0);

    @Test
    void emptyPageFollowsGwgR0005() {
        var facts = doc().page().page(fill())
                .ink(1, ink(Map.of("Cyan", 0.0, "Magenta", 0.0, "Yellow", 0.0, "Black", 0.0)))
                .ink(2, ink(CMYK)).build();
        assertThat(run(new EmptyPageCheck(), facts)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.inspectionId()).isEqualTo("PAGE_EMPTY");
        });
        assertThat(new EmptyPageCheck().info().needsInk()).isTrue();
    }

    @Test
    void pagesWithoutRenderedInkAreNotJudged() {
        assertThat(run(new EmptyPageCheck(), doc().page().build())).isEmpty();
    }

    @ParameterizedTest(name = "GWG R0025/R0026 TAC {0} % against {1} % -> {2}")
    @CsvSource({"305,305,0", "305.01,305,1", "304.99,305,0", "320.5,320,1", "245.1,245,1"})
    void tacMustNotExceedLimit(double tac, double limit, int expected) {
        var facts = doc().page(fill()).ink(1, ink(CMYK).tac(tac, tac)).build();
        List<Finding> all = run(new TacAllCheck(), facts, params("max_percent", limit));
        List<Finding> cmyk = run(new TacCmykCheck(), facts, params("max_percent", limit));
        assertThat(all).hasSize(expected);
        assertThat(cmyk).hasSize(expected);
        if (expected == 1) {
            assertThat(cmyk.get(0).bbox()).containsExactly(50.0, 50.0, 92.52, 92.52);
            assertThat(cmyk.get(0).details()).containsEntry("tac_percent", tac).containsEntry("max_percent", limit)
                    .containsEntry("window_mm", 15.0);
        }
    }

    @Test
    void allSeparationsAndCmykAreSeparateTotals() {
        var facts = doc().page(fill()).ink(1, ink(CMYK).tac(330, 290)).build();
        assertThat(run(new TacAllCheck(), facts, params("max_percent", 320.0))).hasSize(1);
        assertThat(run(new TacCmykCheck(), facts, params("max_percent", 320.0))).isEmpty();
    }

    @Test
    void heavySeparationAreaPixelAndEmptySpotPlate() {
        var coverage = Map.of("Cyan", 80.0, "Magenta", 10.0, "Yellow", 0.0, "Black", 5.0, "Gold", 0.0);
        var facts = doc().page(fill()).ink(1, ink(coverage).area(6, 4).pixel(390).tac(300, 300)).build();
        assertThat(run(new SeparationCoverageCheck(), facts)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("separation", "Cyan"));
        assertThat(run(new SeparationCoverageCheck(), facts, params("separations", List.of("Black")))).isEmpty();
        assertThat(run(new AreaOverLimitCheck(), facts)).hasSize(1);
        assertThat(run(new AreaOverLimitCheck(), facts, params("separations", "cmyk"))).isEmpty();
        assertThat(run(new PixelTacCheck(), facts)).hasSize(1);
        assertThat(run(new PixelTacCheck(), facts, params("max_percent", 390.0))).isEmpty();
        assertThat(run(new EmptySpotPlateCheck(), facts)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("separation", "Gold"));
        var inked = doc().page(fill()).ink(1, ink(Map.of("Cyan", 10.0, "Yellow", 0.0, "Gold", 4.0))).build();
        assertThat(run(new EmptySpotPlateCheck(), inked)).as("empty process plates are not spot plates").isEmpty();
    }
}
