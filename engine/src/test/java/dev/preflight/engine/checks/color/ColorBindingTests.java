package dev.preflight.engine.checks.color;

import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.ContentFacts;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.icc;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.space;
import static org.assertj.core.api.Assertions.assertThat;

class ColorBindingTests {

    private static PaintColor color(String what) {
        return switch (what) {
            case "DeviceCMYK" -> space("DeviceCMYK", 0, 0, 0, 1);
            case "DeviceGray" -> space("DeviceGray", 0.5);
            case "DeviceRGB" -> space("DeviceRGB", 1, 0, 0);
            case "CalRGB" -> space("CalRGB", 1, 0, 0);
            case "CalGray" -> space("CalGray", 0.5);
            case "Lab" -> space("Lab", 50, 10, 10);
            case "ICC_RGB" -> icc("RGB", 1, 0, 0);
            case "ICC_CMYK" -> icc("CMYK", 0, 0, 0, 1);
            case "ICC_GRAY" -> icc("GRAY", 0.5);
            case "SpotLab" -> sep("Gold", 1, "Lab", "k1");
            case "SpotRGB" -> sep("Gold", 1, "DeviceRGB", "k1");
            case "SpotICC" -> sep("Gold", 1, "ICCBased", "k1");
            case "SpotCalGray" -> sep("Gold", 1, "CalGray", "k1");
            default -> throw new IllegalArgumentException(what);
        };
    }

    private static int hits(Check check, String what, boolean asImage) {
        PaintColor c = color(what);
        var facts = asImage
                ? doc().page(image("5 0 R", 300)).images(img("5 0 R").color(c)).build()
                : ContentFacts.page(fill().fill(c));
        return run(check, facts).size();
    }

    @ParameterizedTest(name = "{0}: vector {1}, image {2} (early/intermediate/late)")
    @CsvSource({
            // space, early vec, early img, interm vec, interm img, late vec, late img
            "DeviceCMYK, 0,0, 0,0, 0,0",
            "DeviceGray, 0,0, 0,0, 0,0",
            "DeviceRGB,  1,1, 1,1, 1,1",
            "CalRGB,     1,1, 1,1, 0,0",
            "CalGray,    1,1, 1,1, 1,1",
            "Lab,        1,1, 1,0, 0,0",
            "ICC_RGB,    1,1, 1,0, 0,0",
            "ICC_CMYK,   1,1, 0,0, 0,0",
            "ICC_GRAY,   1,1, 0,0, 0,1",
            "SpotLab,    0,0, 0,0, 0,0",
            "SpotRGB,    1,1, 1,1, 1,1",
            "SpotICC,    1,1, 0,0, 0,0",
            "SpotCalGray,1,1, 1,1, 1,1"})
    void bindingModesForbidTheirColourSpaces(String what, int ev, int ei, int iv, int ii, int lv, int li) {
        assertThat(hits(new ColorBindingEarlyCheck(), what, false)).as("early vector").isEqualTo(ev);
        assertThat(hits(new ColorBindingEarlyCheck(), what, true)).as("early image").isEqualTo(ei);
        assertThat(hits(new ColorBindingIntermediateCheck(), what, false)).as("intermediate vector").isEqualTo(iv);
        assertThat(hits(new ColorBindingIntermediateCheck(), what, true)).as("intermediate image").isEqualTo(ii);
        assertThat(hits(new ColorBindingLateCheck(), what, false)).as("late vector").isEqualTo(lv);
        assertThat(hits(new ColorBindingLateCheck(), what, true)).as("late image").isEqualTo(li);
    }
}
