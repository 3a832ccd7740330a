package dev.preflight.engine.checks.color;

import dev.preflight.engine.Finding;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.ContentFacts;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.cmyk;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.gray;
import static dev.preflight.engine.checks.ContentFacts.icc;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.rgb;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.shading;
import static dev.preflight.engine.checks.ContentFacts.space;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static dev.preflight.engine.checks.ContentFacts.text;
import static org.assertj.core.api.Assertions.assertThat;

class ColorUseTests {

    private record Case(Check check, ContentFacts.El failing, ContentFacts.El passing) {
    }

    private static final List<Case> CASES = List.of(
            new Case(new RgbUsedCheck(), fill().fill(rgb(1, 0, 0)), fill()),
            new Case(new LabUsedCheck(), fill().fill(space("Lab", 50, 0, 0)), fill()),
            new Case(new IccUsedCheck(), fill().fill(icc("CMYK", 0, 0, 0, 1)), fill()),
            new Case(new IccRgbUsedCheck(), fill().fill(icc("RGB", 1, 0, 0)), fill().fill(icc("CMYK", 0, 0, 0, 1))),
            new Case(new IccCmykUsedCheck(), fill().fill(icc("CMYK", 0, 0, 0, 1)), fill().fill(icc("RGB", 1, 0, 0))),
            new Case(new IccGrayUsedCheck(), fill().fill(icc("GRAY", 0.5)), fill().fill(gray(0.5))),
            new Case(new CalRgbUsedCheck(), fill().fill(space("CalRGB", 1, 0, 0)), fill().fill(rgb(1, 0, 0))),
            new Case(new CalGrayUsedCheck(), fill().fill(space("CalGray", 0.5)), fill().fill(gray(0.5))),
            new Case(new DeviceNUsedCheck(), fill().fill(ContentFacts.deviceN(List.of("Cyan", "Orange"),
                    List.of(0.5, 0.5))), fill().fill(ContentFacts.sep("Orange", 1))),
            new Case(new IndexedUsedCheck(), fill().fill(ContentFacts.indexed("DeviceCMYK")), fill()),
            new Case(new DeviceGrayUsedCheck(), fill().fill(gray(0)), fill()),
            new Case(new RgbTextCheck(), text(10).fill(rgb(0, 0, 0)), fill().fill(rgb(0, 0, 0))),
            new Case(new RgbVectorCheck(), stroke(1).stroke(rgb(0, 0, 0)), text(10).fill(rgb(0, 0, 0))),
            new Case(new RgbShadingCheck(), shading(space("DeviceRGB")), shading(space("DeviceCMYK"))),
            new Case(new PatternUsedCheck(), fill().fill(space("Pattern")), fill()),
            new Case(new FourColorBlackCheck(), fill().fill(cmyk(1, 1, 1, 1)), fill().fill(cmyk(0.6, 0.5, 0.5, 1))));

    @Test
    void everyColourCheckFlagsItsSpaceAndPassesOthers() {
        for (Case c : CASES) {
            assertThat(run(c.check(), page(c.passing()))).as(c.check().info().id() + " pass").isEmpty();
            List<Finding> f = run(c.check(), page(c.failing()));
            assertThat(f).as(c.check().info().id() + " fail").hasSize(1);
            assertThat(f.get(0).bbox()).containsExactly(100.0, 100.0, 200.0, 120.0);
            assertThat(f.get(0).details()).containsKey("color_space");
        }
    }

    @Test
    void rgbUsedCoversImagesTextVectorsAndShadings() {
        var facts = doc().page(image("5 0 R", 300), text(10).fill(rgb(0, 0, 0)), fill().fill(icc("RGB", 1, 1, 0)),
                shading(space("CalRGB"))).images(img("5 0 R").color(PaintColor.device("DeviceRGB"))).build();
        assertThat(run(new RgbUsedCheck(), facts)).extracting(Finding::objectType)
                .containsExactly("image", "text", "path", "path");
    }

    @Test
    void hiddenRgbContentIsSkipped() {
        assertThat(run(new RgbUsedCheck(), page(fill().fill(rgb(1, 0, 0)).hiddenLayer("Old"),
                fill().fill(rgb(1, 0, 0)).hidden("clipped")))).isEmpty();
    }

    @Test
    void processingStepLayersAndNonPrintingAnnotationsAreNotPageElements() {
        var facts = doc().page(fill().fill(rgb(1, 0, 0)).layer("Cut"),
                        fill().fill(rgb(1, 0, 0)).context("annotation:9 0 R"))
                .processingStepLayer("Cut").annotation("9 0 R", false).build();
        assertThat(run(new RgbUsedCheck(), facts)).isEmpty();
        var printing = doc().page(fill().fill(rgb(1, 0, 0)).context("annotation:9 0 R"))
                .annotation("9 0 R", true).build();
        assertThat(run(new RgbUsedCheck(), printing)).hasSize(1);
    }

    @Test
    void invisibleTextPaintsNothing() {
        assertThat(run(new RgbTextCheck(), page(text(10).fill(rgb(0, 0, 0)).renderMode(3)))).isEmpty();
    }

    @Test
    void fourColorBlackThreshold() {
        assertThat(run(new FourColorBlackCheck(), page(fill().fill(cmyk(0.9, 0.9, 0.9, 0.9))))).hasSize(1);
        assertThat(run(new FourColorBlackCheck(), page(fill().fill(cmyk(0.89, 0.9, 0.9, 0.9))))).isEmpty();
        assertThat(run(new FourColorBlackCheck(), page(fill().fill(cmyk(0.89, 0.9, 0.9, 0.9))),
                params("min_each_percent", 85.0))).hasSize(1);
    }
}
