package dev.preflight.engine.imports;

import dev.preflight.engine.Finding;
import org.assertj.core.data.Offset;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Test reports from src/test/resources/imports and assertions shared by the importer tests. */
final class ReportFixtures {

    static final double MM = 72.0 / 25.4;

    private ReportFixtures() {
    }

    static byte[] bytes(String path) {
        try (InputStream in = ReportFixtures.class.getResourceAsStream("/imports/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no test report " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static void assertBox(Finding f, double x0, double y0, double x1, double y1) {
        assertThat(f.bbox()).as("bbox of %s", f.inspectionId()).hasSize(4);
        Offset<Double> eps = Offset.offset(1e-6);
        assertThat(f.bbox().get(0)).isCloseTo(x0, eps);
        assertThat(f.bbox().get(1)).isCloseTo(y0, eps);
        assertThat(f.bbox().get(2)).isCloseTo(x1, eps);
        assertThat(f.bbox().get(3)).isCloseTo(y1, eps);
    }
}
