package dev.preflight.engine.checks.transparency;

import org.junit.jupiter.api.Test;

import static dev.preflight.engine.checks.ContentFacts.doc;
import static dev.preflight.engine.checks.ContentFacts.fill;
import static dev.preflight.engine.checks.ContentFacts.image;
import static dev.preflight.engine.checks.ContentFacts.img;
import static dev.preflight.engine.checks.ContentFacts.page;
import static dev.preflight.engine.checks.ContentFacts.params;
import static dev.preflight.engine.checks.ContentFacts.run;
import static dev.preflight.engine.checks.ContentFacts.sep;
import static org.assertj.core.api.Assertions.assertThat;

class TransparencyChecksTests {

    @Test
    void blendColourSpaceFollowsGwgR0030() {
        var facts = doc().page(fill())
                .group("page", "DeviceRGB", false, false)
                .group("form", "DeviceCMYK", false, false)
                .group("softmask", "DeviceGray", true, false)
                .group("form", "DeviceGray", false, false)
                .group("form", "ICCBased(CMYK)", false, false)
                .group("form", null, false, false).build();
        assertThat(run(new BlendColorSpaceCheck(), facts)).extracting(f -> f.details().get("blend_color_space"))
                .containsExactly("DeviceRGB", "DeviceGray");
        assertThat(run(new BlendColorSpaceCheck(), facts, params("allow_icc_cmyk", false))).hasSize(3);
    }

    @Test
    void elementTransparencyKinds() {
        var facts = doc().page(fill().softMask(), fill().alpha(0.5), fill().blend("Multiply"), fill(),
                image("5 0 R", 300)).images(img("5 0 R").softMask()).build();
        assertThat(run(new SoftMaskCheck(), facts)).hasSize(2);
        assertThat(run(new AlphaCheck(), facts)).hasSize(1);
        assertThat(run(new BlendModeCheck(), facts)).hasSize(1);
        assertThat(run(new TransparencyUsedCheck(), facts)).singleElement().satisfies(f -> assertThat(f.details())
                .containsEntry("soft_masks", 2).containsEntry("alpha", 1).containsEntry("blended_elements", 1));
        assertThat(run(new TransparencyUsedCheck(), page(fill()))).isEmpty();
        assertThat(run(new BlendModeCheck(), page(fill().blend("Compatible")))).isEmpty();
    }

    @Test
    void groupsAndKnockoutGroups() {
        var facts = doc().page(fill()).group("page", "DeviceCMYK", false, false)
                .group("form", "DeviceCMYK", false, true).build();
        assertThat(run(new TransparencyGroupCheck(), facts)).hasSize(2);
        assertThat(run(new KnockoutGroupCheck(), facts)).hasSize(1);
        assertThat(run(new TransparencyUsedCheck(), facts)).hasSize(1);
    }

    @Test
    void nonSeparableBlendOnSpot() {
        assertThat(run(new SpotBlendCheck(), page(fill().fill(sep("Gold", 1)).blend("Luminosity")))).hasSize(1);
        assertThat(run(new SpotBlendCheck(), page(fill().fill(sep("Gold", 1)).blend("Multiply")))).isEmpty();
        assertThat(run(new SpotBlendCheck(), page(fill().blend("Hue")))).isEmpty();
    }
}
