package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/**
 * RGB image: The image is in an RGB colour space (DeviceRGB, CalRGB or ICC RGB) and must be converted before it can be
 * printed with process inks.
 */
public final class ImageRgbCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_RGB";

    public ImageRgbCheck() {
        super(ID, "RGB image",
                "The image is in an RGB colour space (DeviceRGB, CalRGB or ICC RGB) and must be converted "
                        + "before it can be printed with process inks.",
                Severity.WARNING);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.color() != null && img.color().isRgb();
    }

    @Override
    String message(ImageFact img) {
        return "Image is RGB (" + dev.preflight.engine.checks.Colorants.describeSpace(img.color()) + ")";
    }
}
