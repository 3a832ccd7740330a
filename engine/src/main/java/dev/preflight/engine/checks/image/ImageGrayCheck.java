package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** Greyscale image: The image is greyscale (DeviceGray, CalGray or ICC Gray) and prints on the black plate only. */
public final class ImageGrayCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_GRAY";

    public ImageGrayCheck() {
        super(ID, "Greyscale image",
                "The image is greyscale (DeviceGray, CalGray or ICC Gray) and prints on the black plate only.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return !img.imageMask() && img.color() != null && img.color().isGray();
    }

    @Override
    String message(ImageFact img) {
        return "Image is greyscale (" + dev.preflight.engine.checks.Colorants.describeSpace(img.color()) + ")";
    }
}
