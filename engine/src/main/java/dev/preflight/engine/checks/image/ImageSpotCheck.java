package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.ImageFact;

/**
 * Spot colour image: the image prints on spot plates: a Separation or DeviceN image with a spot colorant, or an
 * Indexed image over such a space whose lookup table inks one.
 */
public final class ImageSpotCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_SPOT";

    public ImageSpotCheck() {
        super(ID, "Spot colour image",
                "The image prints on a spot plate: it is in a Separation or DeviceN colour space with a spot "
                        + "colorant, or Indexed over one whose lookup table gives that colorant a non-zero tint.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.color() != null && !Colorants.spotNames(img.color()).isEmpty();
    }

    @Override
    String message(ImageFact img) {
        String space = img.color().space().equals("Indexed") ? "an Indexed " + img.color().base()
                : "a " + img.color().space();
        return "Image is " + space + " image on spot plate(s) " + String.join("+", Colorants.spotNames(img.color()));
    }
}
