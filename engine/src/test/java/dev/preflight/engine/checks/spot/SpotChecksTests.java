package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.ContentFacts;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.deviceN;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

class SpotChecksTests {

    private static ContentFacts.El spot(String name) {
        return fill().fill(sep(name, 1));
    }

    @Test
    void spotCountCountsOnlyActiveRealSpots() {
        var facts = page(spot("PANTONE 185 C"), spot("Cyan"), spot("All"), spot("None"), spot("Black"),
                fill().fill(deviceN(List.of("Magenta", "Gold"), List.of(0.5, 0.5))), spot("PANTONE 185 C"));
        List<Finding> f = run(new SpotCountCheck(), facts, params("max_spots", 1));
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.details()).containsEntry("spot_count", 2).containsEntry("max_spots", 1)
                    .containsEntry("spot_names", List.of("PANTONE 185 C", "Gold"));
            assertThat(x.pageNum()).isEqualTo(1);
        });
        assertThat(run(new SpotCountCheck(), facts, params("max_spots", 2))).isEmpty();
        assertThat(run(new SpotCountCheck(), page(spot("Cyan"), spot("All")))).isEmpty();
    }

    @Test
    void hiddenLayerSpotsAreNotActive() {
        assertThat(run(new SpotCountCheck(), page(spot("Gold").hiddenLayer("Old")))).isEmpty();
        assertThat(run(new SpotCountCheck(), page(spot("Gold")))).hasSize(1);
    }

    @Test
    void suffixVariantsFollowGwgR0021() {
        assertThat(run(new SpotSuffixVariantsCheck(), page(spot("PANTONE 185 C"), spot("PANTONE 185 U"))))
                .singleElement().satisfies(f -> assertThat(f.details()).containsEntry("key", "pantone 185"));
        assertThat(run(new SpotSuffixVariantsCheck(), page(spot("PANTONE 185 TCX"), spot("pantone 185 CVC"))))
                .hasSize(1);
        assertThat(run(new SpotSuffixVariantsCheck(), page(spot("PANTONE 185 C"), spot("PANTONE 186 C"))))
                .isEmpty();
        assertThat(run(new SpotSuffixVariantsCheck(), page(spot("PANTONE 185 C"), spot("Pantone 185 C"))))
                .as("case-only differences are R0022").isEmpty();
        assertThat(run(new SpotSuffixVariantsCheck(), page(spot("Orange X"), spot("Orange Y")))).isEmpty();
    }

    @Test
    void caseAndUnicodeVariantsFollowGwgR0022() {
        assertThat(run(new SpotCaseVariantsCheck(), page(spot("PANTONE 185 C"), spot("Pantone 185 C"))))
                .hasSize(1);
        String composed = "Caf\u00e9 Red";
        String decomposed = "Cafe\u0301 Red";
        assertThat(run(new SpotCaseVariantsCheck(), page(spot(composed), spot(decomposed)))).hasSize(1);
        assertThat(run(new SpotCaseVariantsCheck(), page(spot("\uFF27old"), spot("Gold")))).as("NFKC").hasSize(1);
        assertThat(run(new SpotCaseVariantsCheck(), page(spot("Gold"), spot("Silver")))).isEmpty();
    }

    @Test
    void identicalTintTransformsWithDifferentNamesFollowGwgR0023() {
        var a = fill().fill(sep("Gold", 1, "DeviceCMYK", "tt1"));
        var b = fill().fill(sep("Yellowish", 0.5, "DeviceCMYK", "tt1"));
        var c = fill().fill(sep("Other", 1, "DeviceCMYK", "tt2"));
        assertThat(run(new SpotIdenticalDifferentNamesCheck(), page(a, b, c))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("spot_names", List.of("Gold", "Yellowish")));
        assertThat(run(new SpotIdenticalDifferentNamesCheck(), page(a, c))).isEmpty();
    }

    @Test
    void registrationColourFollowsGwgR0024() {
        assertThat(run(new RegistrationColorCheck(), page(stroke(0.5).stroke(sep("All", 1)), spot("Gold"))))
                .singleElement().satisfies(f -> assertThat(f.bbox()).isNotNull());
        assertThat(run(new RegistrationColorCheck(), page(spot("Gold")))).isEmpty();
    }

    @Test
    void spotUsedAndNotAllowed() {
        var facts = page(spot("Gold"), spot("Silver"), text(10).fill(sep("Gold", 0.5)));
        assertThat(run(new SpotUsedCheck(), facts)).extracting(f -> f.details().get("spot_name"))
                .containsExactly("Gold", "Silver");
        assertThat(run(new SpotNotAllowedCheck(), facts, params("allowed_names", List.of("Gold"))))
                .singleElement().satisfies(f -> assertThat(f.details()).containsEntry("spot_name", "Silver"));
        assertThat(run(new SpotNotAllowedCheck(), facts, params("allowed_names", List.of("gold", "silver"),
                "ignore_case", true))).isEmpty();
        assertThat(run(new SpotNotAllowedCheck(), facts)).hasSize(2);
        assertThat(run(new SpotUsedCheck(), page(fill(), spot("Cyan"), spot("All")))).isEmpty();
        assertThat(run(new SpotNotAllowedCheck(), page(fill()))).isEmpty();
    }

    @Test
    void ambiguousNames() {
        assertThat(run(new SpotAmbiguousNamesCheck(), page(spot("PANTONE 185 C"), spot("Pantone 185 C"),
                spot("185"), spot("PMS 185")))).singleElement()
                .satisfies(f -> assertThat((List<?>) f.details().get("spot_names")).hasSize(4));
        assertThat(run(new SpotAmbiguousNamesCheck(), page(spot("PANTONE 185 C"), spot("PANTONE 186 C"))))
                .isEmpty();
    }

    @Test
    void alternatesAndProcessLikeNames() {
        var rgbAlt = fill().fill(sep("Gold", 1, "DeviceRGB", "k"));
        var labAlt = fill().fill(sep("Silver", 1, "Lab", "l"));
        assertThat(run(new SpotAlternateRgbCheck(), page(rgbAlt, labAlt))).hasSize(1);
        assertThat(run(new SpotAlternateLabCheck(), page(rgbAlt, labAlt))).hasSize(1);
        assertThat(run(new SpotProcessLikeNameCheck(), page(spot("black"), spot("Process Cyan"), spot("K"),
                spot("Black"), spot("Gold")))).hasSize(3);
    }
}
