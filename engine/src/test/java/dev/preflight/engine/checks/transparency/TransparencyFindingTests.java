package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.Finding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.preflight.engine.checks.ContentFacts.MEDIA;
import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static dev.preflight.engine.checks.ContentFacts.stroke;
import static org.assertj.core.api.Assertions.assertThat;

/** Which paint's alpha counts, what the transparency findings say, and where they are located. */
class TransparencyFindingTests {

    @Test
    void onlyThePaintsAnElementUsesCountForItsAlpha() {
        assertThat(run(new AlphaCheck(), page(fill().strokeAlpha(0.5)))).as("a fill's stroke alpha").isEmpty();
        assertThat(run(new AlphaCheck(), page(stroke(1).fillAlpha(0.5)))).as("a stroke's fill alpha").isEmpty();
        assertThat(run(new AlphaCheck(), page(stroke(1).strokeAlpha(0.25)))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Element is painted at 25 % opacity"));
        var image = doc().page(image("5 0 R", 300).fillAlpha(0.5)).images(img("5 0 R")).build();
        assertThat(run(new AlphaCheck(), image)).hasSize(1);
    }

    @Test
    void transparencyUsedIsLocatedAtTheTransparentElementsOnly() {
        Finding f = run(new TransparencyUsedCheck(), page(fill().alpha(0.5).at(10, 10, 50, 50),
                fill().at(300, 300, 400, 400))).getFirst();
        assertThat(f.message()).isEqualTo("Page 1 uses transparency");
        assertThat(f.bbox()).isEqualTo(List.of(10.0, 10.0, 50.0, 50.0));
        assertThat(f.details()).containsEntry("alpha", 1).containsEntry("soft_masks", 0)
                .containsEntry("blended_elements", 0).containsEntry("groups", 0)
                .containsEntry("blend_modes", List.of());
    }

    @Test
    void anyMixOfTransparencyKindsIsReported() {
        assertThat(run(new TransparencyUsedCheck(), page(fill().softMask().alpha(0.5)))).hasSize(1);
        assertThat(run(new TransparencyUsedCheck(), page(fill().alpha(0.5).blend("Multiply")))).singleElement()
                .satisfies(f -> assertThat(f.details()).containsEntry("blend_modes", List.of("Multiply")));
        var alphaAndGroup = doc().page(fill().alpha(0.5)).group("form", "DeviceCMYK", false, false).build();
        assertThat(run(new TransparencyUsedCheck(), alphaAndGroup)).hasSize(1);
    }

    @Test
    void aPageWithOnlyGroupsIsLocatedAtItsVisibleArea() {
        var facts = doc().page(fill()).group("page", "DeviceCMYK", false, false).build();
        assertThat(run(new TransparencyUsedCheck(), facts)).singleElement()
                .satisfies(f -> assertThat(f.bbox()).isEqualTo(MEDIA.toList()));
    }

    @Test
    void aLuminositySoftMaskMayBlendInIccGray() {
        var facts = doc().page(fill()).group("softmask", "ICCBased(GRAY)", true, false)
                .group("form", "ICCBased(GRAY)", false, false).build();
        assertThat(run(new BlendColorSpaceCheck(), facts)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Transparency group (form) blends in ICCBased(GRAY), not DeviceCMYK");
            assertThat(f.objectType()).isEqualTo("document");
            assertThat(f.pageNum()).isEqualTo(1);
        });
        var pageGroup = doc().page(fill()).group("page", "DeviceRGB", false, false).build();
        assertThat(run(new BlendColorSpaceCheck(), pageGroup)).singleElement()
                .satisfies(f -> assertThat(f.objectType()).isEqualTo("page"));
    }

    @Test
    void groupFindingsSayWhichGroupAndWhere() {
        var facts = doc().page(fill()).group("page", "DeviceCMYK", false, false)
                .group("form", "DeviceCMYK", false, true).build();
        assertThat(run(new TransparencyGroupCheck(), facts)).extracting(Finding::message)
                .containsExactly("Transparency group on page", "Transparency group on form");
        assertThat(run(new TransparencyGroupCheck(), facts)).extracting(Finding::objectType)
                .containsExactly("page", "document");
        assertThat(run(new KnockoutGroupCheck(), facts)).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("Knockout transparency group on form");
            assertThat(f.pageNum()).isEqualTo(1);
        });
    }

    @Test
    void elementFindingsNameTheSpotTheMaskAndTheBlend() {
        assertThat(run(new SpotBlendCheck(), page(fill().fill(sep("Gold", 1)).blend("Luminosity"))))
                .singleElement().satisfies(f -> {
                    assertThat(f.message()).isEqualTo("Spot colour Gold uses blend mode Luminosity");
                    assertThat(f.details()).containsEntry("blend_mode", "Luminosity").containsEntry("element", "fill");
                });
        assertThat(run(new SpotBlendCheck(), page(stroke(1).stroke(sep("Gold", 1)).blend("Hue")))).hasSize(1);
        assertThat(run(new SoftMaskCheck(), page(fill().softMask()))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Element is painted through a soft mask"));
        var masked = doc().page(image("5 0 R", 300)).images(img("5 0 R").softMask()).build();
        assertThat(run(new SoftMaskCheck(), masked)).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("Image has a soft mask"));
    }
}
