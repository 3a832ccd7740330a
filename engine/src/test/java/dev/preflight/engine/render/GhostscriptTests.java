package dev.preflight.engine.render;

import dev.preflight.engine.RenderException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Tag("ghostscript")
class GhostscriptTests {

    @Test
    void reportsTheInstalledVersion() throws Exception {
        var gs = new Ghostscript("gs");

        assertThat(gs.available()).isTrue();
        assertThat(gs.version()).matches("\\d+\\.\\d+(\\.\\d+)?");
        assertThat(gs.resolve()).isNotNull();
    }

    @Test
    void missingExecutableIsNotAvailable() {
        var gs = new Ghostscript("/nonexistent/gs");

        assertThat(gs.available()).isFalse();
        assertThat(gs.resolve()).isNull();
        assertThatThrownBy(gs::version).isInstanceOf(RenderException.class).hasMessageContaining("could not be started");
    }

    @Test
    void failureCarriesGhostscriptsOwnErrorLine() {
        var gs = new Ghostscript("gs");

        assertThatThrownBy(() -> gs.run(List.of("-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=nullpage",
                "-c", "nosuchoperator"), null, Duration.ofSeconds(20)))
                .isInstanceOf(RenderException.class)
                .hasMessageContaining("exit status")
                .hasMessageContaining("undefined");
    }
}
