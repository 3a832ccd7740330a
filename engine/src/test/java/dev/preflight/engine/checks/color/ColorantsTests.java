package dev.preflight.engine.checks.color;

import dev.preflight.engine.checks.Colorants;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.deviceN;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static org.assertj.core.api.Assertions.assertThat;

class ColorantsTests {

    @Test
    void whiteFollowsGwgD0010() {
        assertThat(Colorants.isWhite(cmyk(0, 0, 0, 0))).isTrue();
        assertThat(Colorants.isWhite(gray(1))).isTrue();
        assertThat(Colorants.isWhite(sep("Gold", 0))).isTrue();
        assertThat(Colorants.isWhite(deviceN(List.of("Gold", "None"), List.of(0.0, 1.0)))).isTrue();
        assertThat(Colorants.isWhite(sep("None", 0))).isFalse();
        assertThat(Colorants.isWhite(cmyk(0, 0, 0, 0.01))).isFalse();
        assertThat(Colorants.isWhite(rgb(1, 1, 1))).isFalse();
    }

    @Test
    void blackFollowsGwgD0013() {
        assertThat(Colorants.isBlack(cmyk(0, 0, 0, 1))).isTrue();
        assertThat(Colorants.isBlack(gray(0))).isTrue();
        assertThat(Colorants.isBlack(sep("Black", 1))).isTrue();
        assertThat(Colorants.isBlack(deviceN(List.of("Black", "Cyan"), List.of(1.0, 0.0)))).isTrue();
        assertThat(Colorants.isBlack(deviceN(List.of("Black", "Cyan"), List.of(1.0, 0.1)))).isFalse();
        assertThat(Colorants.isBlack(cmyk(0.01, 0, 0, 1))).isFalse();
        assertThat(Colorants.isBlack(cmyk(0, 0, 0, 0.99))).isFalse();
    }

    @Test
    void channelsCountInkedSeparations() {
        assertThat(Colorants.channels(cmyk(0.5, 0, 0, 1))).isEqualTo(2);
        assertThat(Colorants.channels(cmyk(0, 0, 0, 1))).isEqualTo(1);
        assertThat(Colorants.channels(sep("All", 1))).isEqualTo(4);
        assertThat(Colorants.channels(rgb(0, 0, 0))).isEqualTo(3);
        assertThat(Colorants.channels(rgb(1, 1, 1))).isZero();
        assertThat(Colorants.isBlackOnly(gray(0.3))).isTrue();
        assertThat(Colorants.isBlackOnly(cmyk(0, 0, 0, 0.4))).isTrue();
        assertThat(Colorants.isBlackOnly(cmyk(0.1, 0, 0, 0.4))).isFalse();
    }
}
