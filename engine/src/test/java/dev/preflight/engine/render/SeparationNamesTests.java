package dev.preflight.engine.render;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SeparationNamesTests {

    @Test
    void decodesGhostscriptsEscapesToTheUtf8Name() {
        assertThat(SeparationRenderer.decodeSeparationName("My Spot%2F%C3%84(x)")).isEqualTo("My Spot/Ä(x)");
        assertThat(SeparationRenderer.decodeSeparationName("100%25 Gold")).isEqualTo("100% Gold");
        assertThat(SeparationRenderer.decodeSeparationName("PANTONE 871 C")).isEqualTo("PANTONE 871 C");
    }

    @Test
    void bytesThatAreNotUtf8AreReadAsLatin1() {
        assertThat(SeparationRenderer.decodeSeparationName("Gr%FCn")).isEqualTo("Grün");
    }

    @Test
    void aLonePercentIsKept() {
        assertThat(SeparationRenderer.decodeSeparationName("50%")).isEqualTo("50%");
    }
}
