package dev.preflight.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BrandColorChecksTests {

    @Test
    void theIdsNameTheBrandChecksOfTheCatalogue() {
        assertThat(BrandColorChecks.COLOR_CHECK_ID).isEqualTo("BRAND_COLOR_OFF_SPEC");
        assertThat(BrandColorChecks.RICH_BLACK_CHECK_ID).isEqualTo("BRAND_RICH_BLACK_OFF_SPEC");
        assertThat(CheckCatalog.builtin().info(BrandColorChecks.COLOR_CHECK_ID)).isNotNull();
        assertThat(CheckCatalog.builtin().info(BrandColorChecks.RICH_BLACK_CHECK_ID)).isNotNull();
    }

    @Test
    void acceptsTheNotationsABrandGuideUses() {
        for (String v : new String[] {"#E30613", "#e31", "navy", "rgb(227, 6, 19)", "cmyk(0, 100, 100, 0)"}) {
            assertThat(BrandColorChecks.problem(v)).as(v).isEmpty();
        }
    }

    @Test
    void saysWhatIsWrongWithAValueItCannotMeasureAgainst() {
        assertThat(BrandColorChecks.problem("cmyk(0, 100, 100)")).contains("'cmyk(0, 100, 100)': cmyk() takes 4"
                + " components");
        assertThat(BrandColorChecks.problem(" ")).contains("a colour value is required");
    }
}
