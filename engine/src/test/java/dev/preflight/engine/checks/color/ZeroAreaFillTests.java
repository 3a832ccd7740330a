package dev.preflight.engine.checks.color;

import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.PdfFacts;
import dev.preflight.engine.checks.compliance.PdfxColorSpaceCheck;
import dev.preflight.engine.checks.spot.SpotUsedCheck;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintedElement;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A fill whose path encloses no area ({@code 0 0 m f}, written by some exporters before real content) paints nothing:
 * no colour-space check reports it, while a fill a hundredth of a point high still paints and still counts.
 */
class ZeroAreaFillTests {

    private static final Pdfs.Colour RGB = Pdfs.rgb(1, 0, 0);

    private static Pdfs.Page page(Pdfs.Colour c, String path) {
        return Pdfs.document().page(400, 400).fill(Pdfs.cmyk(0, 0, 0, 1)).rect(300, 300, 10, 10).fill(c)
                .stroke(Pdfs.cmyk(0, 0, 0, 1)).raw(path);
    }

    @ParameterizedTest(name = "{0} in RGB: {1} findings of every colour check")
    @CsvSource(delimiter = '|', value = {
            "0 0 m f                  | 0",
            "100 100 m f              | 0",
            "100 100 m h f            | 0",
            "100 100 m 200 100 l f    | 0",
            "100 100 m 200 200 l f    | 0",
            "100 100 0 50 re f        | 0",
            "100 100 m 150 100 l 200 100 l f | 0",
            "100 100 m 120 100 150 100 200 100 c f | 0",
            "100 100 100 0.01 re f    | 1",
            "100 100 m 200 100 l 150 100.01 l f | 1"})
    void fillsEnclosingNoAreaPaintNothing(String path, int expected) {
        for (Supplier<Check> check : java.util.List.<Supplier<Check>>of(ColorBindingEarlyCheck::new,
                RgbUsedCheck::new, RgbVectorCheck::new, PdfxColorSpaceCheck::new)) {
            var params = check.get() instanceof PdfxColorSpaceCheck ? new Object[] {"standard", "PDF/X-1a:2003"}
                    : new Object[0];
            assertThat(PdfFacts.run(check.get(), page(RGB, path), params)).as(check.get().info().id())
                    .hasSize(expected);
        }
    }

    @Test
    void spotColourOnAZeroAreaFillIsNoActiveSpot() {
        Pdfs.Colour gold = Pdfs.spot("Gold", 1, 0, 0.2, 0.6, 0.1);
        assertThat(PdfFacts.run(new SpotUsedCheck(), page(gold, "100 100 m f"))).isEmpty();
        assertThat(PdfFacts.run(new SpotUsedCheck(), page(gold, "100 100 1 1 re f"))).hasSize(1);
    }

    @Test
    void greyOnAZeroAreaFillIsNotReported() {
        assertThat(PdfFacts.run(new DeviceGrayUsedCheck(), page(Pdfs.gray(0.5), "100 100 m f"))).isEmpty();
        assertThat(PdfFacts.run(new DeviceGrayUsedCheck(), page(Pdfs.gray(0.5), "100 100 1 1 re f"))).hasSize(1);
    }

    @Test
    void zeroAreaFillAndStrokeKeepsItsStrokeOnly() {
        // B on a straight line: the RGB fill paints nothing, the CMYK stroke paints the line
        assertThat(PdfFacts.run(new RgbUsedCheck(), page(RGB, "100 100 m 200 100 l B"))).isEmpty();
        Pdfs.Page rgbStroke = Pdfs.document().page(400, 400).fill(Pdfs.cmyk(0, 0, 0, 1)).stroke(RGB)
                .raw("100 100 m 200 100 l B");
        assertThat(PdfFacts.run(new RgbUsedCheck(), rgbStroke)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("role", "stroke"));
    }

    @Test
    void theFactsSayTheFillIsEmptyAndTheFillAndStrokeIsAStroke() {
        DocumentFacts f = PdfFacts.of(Pdfs.document().page(400, 400).fill(RGB).stroke(Pdfs.cmyk(0, 0, 0, 1))
                .raw("100 100 m f 100 100 m 200 100 l B"));
        var elements = f.pages().getFirst().elements();
        assertThat(elements).hasSize(2);
        PaintedElement point = elements.get(0);
        assertThat(point.kind()).isEqualTo(ElementKind.FILL);
        assertThat(point.visible()).isFalse();
        assertThat(point.notVisibleReason()).isEqualTo("empty");
        assertThat(point.exactCover()).isFalse();
        PaintedElement line = elements.get(1);
        assertThat(line.kind()).isEqualTo(ElementKind.STROKE);
        assertThat(line.fill()).isNull();
        assertThat(line.visible()).isTrue();
    }
}
