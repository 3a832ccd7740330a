package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.ContentFacts;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static org.assertj.core.api.Assertions.assertThat;

/** What the spot checks say: the names in their messages, the pages each name is used on, where first. */
class SpotFindingTests {

    private static ContentFacts.El spot(String name) {
        return fill().fill(sep(name, 1));
    }

    /** Gold on pages 1 and 3, Silver on page 2. */
    private static final dev.preflight.engine.facts.DocumentFacts THREE_PAGES = doc().page(spot("Gold"))
            .page(spot("Silver").at(300, 300, 400, 400)).page(spot("Gold")).build();

    @Test
    void aUsedSpotNamesItsPagesAndUses() {
        assertThat(run(new SpotUsedCheck(), THREE_PAGES)).first().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Spot colour \"Gold\" is used");
            assertThat(f.details()).containsEntry("uses", 2).containsEntry("pages", List.of(1, 3));
        });
    }

    @Test
    void aSpotNotAllowedNamesItsPages() {
        Finding f = run(new SpotNotAllowedCheck(), THREE_PAGES, params("allowed_names", List.of("Silver")))
                .getFirst();
        assertThat(f.message()).isEqualTo("Spot colour \"Gold\" is not allowed");
        assertThat(f.details()).containsEntry("pages", List.of(1, 3));
    }

    @Test
    void aProcessLikeNameSaysSoWithItsPages() {
        var facts = doc().page(spot("cyan ")).page(spot("cyan ")).build();
        assertThat(run(new SpotProcessLikeNameCheck(), facts)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Spot colour \"cyan \" is named like a process colour");
            assertThat(f.details()).containsEntry("pages", List.of(1, 2));
        });
    }

    @Test
    void groupMessagesQuoteEveryNameAndLocateEachFirstUse() {
        var facts = doc().page(spot("PANTONE 185 C")).page(spot("PANTONE 185 U").at(300, 300, 400, 400),
                spot("PANTONE 185 C")).build();
        Finding f = run(new SpotSuffixVariantsCheck(), facts).getFirst();
        assertThat(f.message()).isEqualTo("Spot colours differ only by suffix: \"PANTONE 185 C\", \"PANTONE 185 U\"");
        assertThat(f.pageNum()).isEqualTo(2);
        assertThat(f.bbox()).isEqualTo(List.of(300.0, 300.0, 400.0, 400.0));
        assertThat(f.details()).containsEntry("locations", List.of(
                Map.of("name", "PANTONE 185 C", "page", 1, "bbox", List.of(100.0, 100.0, 200.0, 120.0),
                        "pages", List.of(1, 2)),
                Map.of("name", "PANTONE 185 U", "page", 2, "bbox", List.of(300.0, 300.0, 400.0, 400.0),
                        "pages", List.of(2))));
        assertThat(run(new SpotCaseVariantsCheck(), page(spot("Gold"), spot("GOLD"))).getFirst().message())
                .isEqualTo("Spot colour names differ only by case or Unicode form: \"Gold\", \"GOLD\"");
    }

    @Test
    void ambiguousNamesSayTheyMayMeanTheSameInk() {
        assertThat(run(new SpotAmbiguousNamesCheck(), page(spot("PANTONE 185 C"), spot("PMS 185 C"))))
                .isNotEmpty().allSatisfy(f -> assertThat(f.message()).startsWith("Spot colour names may mean the same ink: \""));
    }

    @Test
    void theAlternateIsReportedFromTheFirstUseThatHasOne() {
        var facts = page(fill().fill(sep("Gold", 1, null, "k0")), fill().fill(sep("Gold", 1, "DeviceRGB", "k1"))
                .at(300, 300, 400, 400));
        assertThat(run(new SpotAlternateRgbCheck(), facts)).singleElement().satisfies(f -> {
            assertThat(f.details()).containsEntry("alternate", "DeviceRGB");
            assertThat(f.bbox()).isEqualTo(List.of(300.0, 300.0, 400.0, 400.0));
        });
    }
}
