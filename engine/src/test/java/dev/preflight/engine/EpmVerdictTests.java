package dev.preflight.engine;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class EpmVerdictTests {

    private static Finding epm(String name, String tier, String code) {
        return new Finding("SVC_EPM_" + name + "_REJECT", Severity.WARNING, "m", 1, null, null, "path", "epm", null,
                Map.of("epm_tier", tier, "legacy_code", code), Finding.SOURCE_ENGINE);
    }

    private static Finding other() {
        return new Finding("IMG_RES_LOW", Severity.ERROR, "m", 1, null, null, "image", "image", null, Map.of(),
                Finding.SOURCE_ENGINE);
    }

    @Test
    void passWithoutEpmFindings() {
        EpmVerdict v = EpmVerdict.from(List.of(other()));
        assertThat(v.tier()).isEqualTo("pass");
        assertThat(v.epmFindingsCount()).isZero();
        assertThat(v.rejectionDrivers()).isEmpty();
        assertThat(v.legacyCodesFired()).isEmpty();
    }

    @Test
    void onlyAdvisoriesPassWithAdvisory() {
        EpmVerdict v = EpmVerdict.from(List.of(epm("RGB_CONTENT", "C", "013"), epm("SMALL_BLACK_TEXT", "C", "017"),
                other()));
        assertThat(v.tier()).isEqualTo("pass_with_advisory");
        assertThat(v.advisories()).containsExactly("SVC_EPM_RGB_CONTENT_REJECT", "SVC_EPM_SMALL_BLACK_TEXT_REJECT");
        assertThat(v.legacyCodesFired()).containsExactly("013", "017");
        assertThat(v.epmFindingsCount()).isEqualTo(2);
    }

    @Test
    void exactlyOneTierBCheckIsMarginalEvenAtSeveralLocations() {
        EpmVerdict v = EpmVerdict.from(List.of(epm("GRAY_IMAGE", "B", "014"), epm("GRAY_IMAGE", "B", "014"),
                epm("RGB_CONTENT", "C", "013")));
        assertThat(v.tier()).isEqualTo("marginal");
        assertThat(v.rejectionDrivers()).containsExactly("SVC_EPM_GRAY_IMAGE_REJECT");
        assertThat(v.recommendsSpecialSubstrate()).isFalse();
    }

    @Test
    void twoTierBChecksOrAnyTierAReject() {
        assertThat(EpmVerdict.from(List.of(epm("GRAY_IMAGE", "B", "014"), epm("NEUTRAL_GREY", "B", "005"))).tier())
                .isEqualTo("reject");
        EpmVerdict a = EpmVerdict.from(List.of(epm("CMY_TAC", "A", "004")));
        assertThat(a.tier()).isEqualTo("reject");
        assertThat(a.recommendsSpecialSubstrate()).isTrue();
        assertThat(a.legacyCodesFired()).containsExactly("004");
    }

    @Test
    void missingTierCountsAsTierB() {
        var f = new Finding("SVC_EPM_GRAY_IMAGE_REJECT", Severity.WARNING, "m", 1, null, null, "image", "epm", null,
                Map.of(), "external:x");
        assertThat(EpmVerdict.from(List.of(f)).tier()).isEqualTo("marginal");
    }
}
