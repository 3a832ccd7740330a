package dev.preflight.engine.checks.color;

import dev.preflight.engine.Finding;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.indexed;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.shading;
import static dev.preflight.engine.checks.ContentFacts.space;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

/** What the colour checks say: which paint of which element, in which colour, and the exact limits. */
class ColorFindingTests {

    private static String message(List<Finding> findings) {
        assertThat(findings).hasSize(1);
        return findings.getFirst().message();
    }

    @Test
    void eachPaintIsNamedInTheMessage() {
        var gray = new DeviceGrayUsedCheck();
        assertThat(message(run(gray, page(fill().fill(gray(0)))))).isEqualTo("Fill uses DeviceGray");
        assertThat(message(run(gray, page(stroke(1).stroke(gray(0)))))).isEqualTo("Stroke uses DeviceGray");
        assertThat(message(run(gray, page(text(10).fill(gray(0)))))).isEqualTo("Text uses DeviceGray");
        assertThat(message(run(gray, page(text(10).renderMode(1).fill(null).stroke(gray(0))))))
                .isEqualTo("Text outline uses DeviceGray");
        assertThat(message(run(gray, page(shading(gray(0)))))).isEqualTo("Shading uses DeviceGray");
        assertThat(message(run(gray, page(image("6 0 R", 300).mask().fill(gray(0)))))).isEqualTo(
                "Image mask uses DeviceGray");
        var grayImage = doc().page(image("5 0 R", 300)).images(img("5 0 R").color(PaintColor.device("DeviceGray")))
                .build();
        assertThat(message(run(gray, grayImage))).isEqualTo("Image uses DeviceGray");
    }

    @Test
    void anIndexedSpaceCountsByItsBase() {
        assertThat(run(new DeviceGrayUsedCheck(), page(fill().fill(indexed("DeviceGray"))))).hasSize(1);
        assertThat(run(new DeviceGrayUsedCheck(), page(fill().fill(indexed("DeviceRGB"))))).isEmpty();
    }

    @Test
    void aFindingIsLocatedAtItsObjectWithItsColour() {
        var rgbImage = doc().page(image("5 0 R", 300)).images(img("5 0 R").color(PaintColor.device("DeviceRGB")))
                .build();
        assertThat(run(new RgbUsedCheck(), rgbImage)).singleElement().satisfies(f -> {
            assertThat(f.objectId()).isEqualTo("5 0 R");
            assertThat(f.objectType()).isEqualTo("image");
            assertThat(f.details()).containsEntry("role", "image").containsEntry("element", "image")
                    .containsEntry("color_space", "DeviceRGB").containsEntry("context", "page");
        });
        Finding spot = run(new ColorBindingLateCheck(), page(fill().fill(sep("Gold", 1, "DeviceRGB", "k1"))))
                .getFirst();
        assertThat(spot.details()).containsEntry("alternate", "DeviceRGB").containsEntry("role", "fill")
                .containsEntry("element", "fill");
    }

    @Test
    void rgbMessagesNameTheColour() {
        assertThat(message(run(new RgbVectorCheck(), page(stroke(1).stroke(rgb(1, 0, 0))))))
                .isEqualTo("Stroke uses RGB (DeviceRGB 1/0/0)");
        assertThat(message(run(new RgbTextCheck(), page(text(10).fill(rgb(0, 0, 1))))))
                .isEqualTo("Text uses RGB (DeviceRGB 0/0/1)");
        assertThat(message(run(new RgbShadingCheck(), page(shading(space("DeviceRGB"))))))
                .isEqualTo("Shading uses RGB (DeviceRGB)");
        assertThat(run(new RgbShadingCheck(), page(fill().fill(rgb(1, 0, 0))))).isEmpty();
    }

    @Test
    void bindingMessagesSayWhatIsNotAllowed() {
        assertThat(message(run(new ColorBindingLateCheck(), page(fill().fill(rgb(1, 0, 0))))))
                .isEqualTo("Fill uses DeviceRGB, not allowed as intended colour space for late binding");
        assertThat(message(run(new ColorBindingLateCheck(), page(fill().fill(sep("Gold", 1, "DeviceRGB", "k1"))))))
                .isEqualTo("Fill uses spot colour Gold with alternate DeviceRGB, not allowed for late binding");
        assertThat(run(new ColorBindingEarlyCheck(), page(fill().fill(space("Pattern"))))).isEmpty();
    }

    @Test
    void fourColourBlackSaysItsTotalAndOnlyJudgesCmyk() {
        assertThat(message(run(new FourColorBlackCheck(), page(fill().fill(cmyk(1, 1, 1, 1))))))
                .isEqualTo("Fill uses four-colour black (400 % total ink)");
        assertThat(run(new FourColorBlackCheck(), page(fill().fill(rgb(0, 0, 0))))).isEmpty();
        assertThat(run(new FourColorBlackCheck(), page(fill().fill(gray(0))))).isEmpty();
    }

    @Test
    void fourColourBlackAcceptsAChannelExactlyAtTheLimitLessItsTolerance() {
        // 0.899999999 is exactly 90 % less the 1e-9 tolerance in doubles
        assertThat(run(new FourColorBlackCheck(), page(fill().fill(cmyk(0.899999999, 0.9, 0.9, 0.9))),
                params("min_each_percent", 90.0))).hasSize(1);
        assertThat(run(new FourColorBlackCheck(), page(fill().fill(cmyk(0.8999999, 0.9, 0.9, 0.9))),
                params("min_each_percent", 90.0))).isEmpty();
    }
}
