package dev.preflight.engine.checks.image;

import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.ContentFacts;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.UnaryOperator;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.icc;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ImageAttributeTests {

    private static DocumentFacts with(UnaryOperator<ContentFacts.Img> image) {
        return doc().page(image("5 0 R", 300)).images(image.apply(img("5 0 R"))).build();
    }

    private record Case(Check check, UnaryOperator<ContentFacts.Img> failing) {
    }

    private static final List<Case> CASES = List.of(
            new Case(new ImageJpegCheck(), i -> i.filters("DCTDecode")),
            new Case(new ImageJpeg2000Check(), i -> i.filters("JPXDecode")),
            new Case(new ImageJbig2Check(), i -> i.filters("JBIG2Decode").bpc(1)),
            new Case(new ImageSixteenBitCheck(), i -> i.bpc(16)),
            new Case(new ImageInterpolateCheck(), ContentFacts.Img::interpolate),
            new Case(new ImageOpiCheck(), ContentFacts.Img::opi),
            new Case(new ImageAlternatesCheck(), ContentFacts.Img::alternates),
            new Case(new ImageRgbCheck(), i -> i.color(PaintColor.device("DeviceRGB"))),
            new Case(new ImageLabCheck(), i -> i.color(PaintColor.device("Lab"))),
            new Case(new ImageIccCheck(), i -> i.color(icc("RGB"))),
            new Case(new ImageDeviceNCheck(), i -> i.color(ContentFacts.deviceN(List.of("Black", "PANTONE 300 C"),
                    List.of()))),
            new Case(new ImageSpotCheck(), i -> i.color(ContentFacts.sep("PANTONE 300 C", 0))),
            new Case(new ImageSoftMaskCheck(), ContentFacts.Img::softMask),
            new Case(new ImageGrayCheck(), i -> i.color(PaintColor.device("DeviceGray"))),
            new Case(new ImageIndexedCheck(), i -> i.color(ContentFacts.indexed("DeviceRGB"))),
            new Case(new ImageMaskedCheck(), ContentFacts.Img::masked),
            new Case(new ImageLowBitDepthCheck(), i -> i.bpc(4)),
            new Case(new ImageUpsampledCheck(), i -> i.upsampled(4)));

    @Test
    void everyAttributeCheckFlagsItsPropertyAndPassesAPlainCmykImage() {
        for (Case c : CASES) {
            assertThat(run(c.check(), with(UnaryOperator.identity())))
                    .as(c.check().info().id() + " on a plain 8-bit CMYK Flate image").isEmpty();
            assertThat(run(c.check(), with(c.failing()))).as(c.check().info().id()).singleElement()
                    .satisfies(f -> {
                        assertThat(f.inspectionId()).isEqualTo(c.check().info().id());
                        assertThat(f.objectId()).isEqualTo("5 0 R");
                        assertThat(f.bbox()).isNotNull();
                    });
        }
    }

    /** Each attribute check's message for its failing case. */
    private static final List<String> MESSAGES = List.of(
            "Image uses lossy JPEG compression",
            "Image uses JPEG 2000 compression",
            "Image uses JBIG2 compression",
            "Image has 16 bits per component",
            "Image has /Interpolate true",
            "Image carries OPI information (proxy image)",
            "Image has alternate images (/Alternates)",
            "Image is RGB (DeviceRGB)",
            "Image is Lab",
            "Image uses an ICC-based colour space (RGB)",
            "Image is DeviceN (Black+PANTONE 300 C)",
            "Image is a Separation image on spot plate(s) PANTONE 300 C",
            "Image has a soft mask",
            "Image is greyscale (DeviceGray)",
            "Image uses an indexed colour space",
            "Image has a /Mask",
            "Image has only 4 bits per component",
            "Image is upsampled: each pixel is repeated 4x4");

    @Test
    void everyAttributeCheckSaysWhatItFound() {
        for (int i = 0; i < CASES.size(); i++) {
            Case c = CASES.get(i);
            assertThat(run(c.check(), with(c.failing()))).singleElement().extracting(f -> f.message())
                    .as(c.check().info().id()).isEqualTo(MESSAGES.get(i));
        }
    }

    @Test
    void aFindingCarriesTheImagesPropertiesAndPlacement() {
        var facts = doc().page(image("5 0 R", 300).ppi(300, 280)).images(img("5 0 R").size(640, 480).bpc(16)
                .filters("FlateDecode", "DCTDecode")).build();
        assertThat(run(new ImageSixteenBitCheck(), facts)).singleElement().satisfies(f -> {
            assertThat(f.pageNum()).isEqualTo(1);
            assertThat(f.objectType()).isEqualTo("image");
            assertThat(f.category()).isEqualTo("image");
            assertThat(f.details()).containsEntry("width_px", 640).containsEntry("height_px", 480)
                    .containsEntry("bits_per_component", 16).containsEntry("color_space", "DeviceCMYK")
                    .containsEntry("filters", List.of("FlateDecode", "DCTDecode")).containsEntry("ppi_x", 300.0)
                    .containsEntry("ppi_y", 280.0).containsEntry("effective_ppi", 280.0)
                    .doesNotContainKey("inline");
        });
        var mask = doc().page(image("6 0 R", 300).mask()).images(img("6 0 R").imageMask().bpc(16)).build();
        assertThat(run(new ImageSixteenBitCheck(), mask)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("color_space", "ImageMask"));
        var inline = doc().page(image("inline:p1:0", 300)).images(img("inline:p1:0").bpc(16)).build();
        assertThat(run(new ImageSixteenBitCheck(), inline)).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("inline", true));
    }

    @Test
    void upsampledReportsRealResolutionAndRespectsMinimumFactor() {
        var facts = with(i -> i.upsampled(2));
        assertThat(run(new ImageUpsampledCheck(), facts).get(0).details()).containsEntry("real_ppi", 150.0);
        assertThat(run(new ImageUpsampledCheck(), facts, params("min_factor", 3))).isEmpty();
    }

    @Test
    void excessiveResolutionHasSeparateContoneAndOneBitLimits() {
        var high = doc().page(image("5 0 R", 600.5)).images(img("5 0 R")).build();
        var at = doc().page(image("5 0 R", 600)).images(img("5 0 R")).build();
        assertThat(run(new ImageResolutionExcessiveCheck(), high)).hasSize(1);
        assertThat(run(new ImageResolutionExcessiveCheck(), at)).isEmpty();
        var lineArt = doc().page(image("5 0 R", 1200)).images(img("5 0 R").bpc(1)).build();
        assertThat(run(new ImageResolutionExcessiveCheck(), lineArt)).isEmpty();
    }

    @Test
    void tinyImageNeedsBothSidesBelowLimit() {
        double mm = 72 / 25.4;
        var tiny = doc().page(image("5 0 R", 300).placedSize(1.9 * mm, 1.9 * mm)).images(img("5 0 R")).build();
        var strip = doc().page(image("5 0 R", 300).placedSize(1.9 * mm, 50)).images(img("5 0 R")).build();
        assertThat(run(new ImageTinyCheck(), tiny)).hasSize(1);
        assertThat(run(new ImageTinyCheck(), strip)).isEmpty();
    }

    @Test
    void tinyImageIsMeasuredInMillimetresAtAndBelowTheLimit() {
        double mm = 72 / 25.4;
        var tiny = doc().page(image("5 0 R", 300).placedSize(1.5 * mm, 1.0 * mm)).images(img("5 0 R")).build();
        assertThat(run(new ImageTinyCheck(), tiny)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Image is placed only 1.50 x 1.00 mm");
            assertThat((Double) f.details().get("placed_width_mm")).isCloseTo(1.5, within(1e-9));
            assertThat((Double) f.details().get("placed_height_mm")).isCloseTo(1.0, within(1e-9));
            assertThat(f.details()).containsEntry("min_size_mm", 2.0);
        });
        var atLimit = doc().page(image("5 0 R", 300).placedSize(2 * mm, 2 * mm)).images(img("5 0 R")).build();
        assertThat(run(new ImageTinyCheck(), atLimit)).isEmpty();
        var wideAtLimit = doc().page(image("5 0 R", 300).placedSize(2 * mm, 1 * mm)).images(img("5 0 R")).build();
        assertThat(run(new ImageTinyCheck(), wideAtLimit)).isEmpty();
        var highAtLimit = doc().page(image("5 0 R", 300).placedSize(1 * mm, 2 * mm)).images(img("5 0 R")).build();
        assertThat(run(new ImageTinyCheck(), highAtLimit)).isEmpty();
        var wideStrip = doc().page(image("5 0 R", 300).placedSize(50, 1.9 * mm)).images(img("5 0 R")).build();
        assertThat(run(new ImageTinyCheck(), wideStrip)).isEmpty();
        assertThat(run(new ImageTinyCheck(), tiny, params("min_size_mm", 1.2))).isEmpty();
        assertThat(run(new ImageTinyCheck(), tiny, params("min_size_mm", 1.6))).hasSize(1);
    }

    @Test
    void nonProportionalScalingExactlyAtTheToleranceIsAccepted() {
        // 250 / 200 ppi is exactly 25 % apart
        var apart = doc().page(image("5 0 R", 300).ppi(200, 250)).images(img("5 0 R")).build();
        assertThat(run(new ImageNonProportionalCheck(), apart, params("tolerance_percent", 25.0))).isEmpty();
        assertThat(run(new ImageNonProportionalCheck(), apart, params("tolerance_percent", 24.9))).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).isEqualTo(
                            "Image is scaled non-proportionally: 200 x 250 ppi (25.0 % apart)");
                    assertThat(f.details()).containsEntry("difference_percent", 25.0);
                });
    }

    @Test
    void aPlacementWithoutResolutionOnAnAxisIsNotJudged() {
        assertThat(run(new ImageNonProportionalCheck(), doc().page(image("5 0 R", 300).ppi(0, 300))
                .images(img("5 0 R")).build())).isEmpty();
        assertThat(run(new ImageNonProportionalCheck(), doc().page(image("5 0 R", 300).ppi(300, 0))
                .images(img("5 0 R")).build())).isEmpty();
    }

    @Test
    void upsampledImageNotesTheRealDetail() {
        assertThat(run(new ImageUpsampledCheck(), with(i -> i.upsampled(4)))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("real_ppi", 75.0)
                        .containsEntry("note", "real detail is 75 ppi").containsEntry("upsample_factor", 4));
    }

    @Test
    void nonProportionalScalingBeyondTolerance() {
        var stretched = doc().page(image("5 0 R", 300).ppi(300, 280)).images(img("5 0 R")).build();
        var nearly = doc().page(image("5 0 R", 300).ppi(300, 290)).images(img("5 0 R")).build();
        assertThat(run(new ImageNonProportionalCheck(), stretched)).hasSize(1);
        assertThat(run(new ImageNonProportionalCheck(), nearly)).isEmpty();
    }

    @Test
    void inlineAndDirectImagesHaveNoObjectId() {
        var inline = doc().page(image("inline:p1:0", 300)).images(img("inline:p1:0").filters("DCTDecode")).build();
        assertThat(run(new ImageJpegCheck(), inline).get(0).objectId()).isNull();
        var direct = doc().page(image("xobject:p1:Im0", 300)).images(img("xobject:p1:Im0").filters("DCTDecode"))
                .build();
        assertThat(run(new ImageJpegCheck(), direct).get(0).objectId()).isNull();
    }
}
