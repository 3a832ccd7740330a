package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/**
 * Image with 2 or 4 bits per component: A continuous-tone image with only 2 or 4 bits per component shows banding
 * (posterisation).
 */
public final class ImageLowBitDepthCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_BIT_DEPTH_LOW";

    public ImageLowBitDepthCheck() {
        super(ID, "Image with 2 or 4 bits per component",
                "A continuous-tone image with only 2 or 4 bits per component shows banding (posterisation).",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return !img.imageMask() && (img.bitsPerComponent() == 2 || img.bitsPerComponent() == 4);
    }

    @Override
    String message(ImageFact img) {
        return "Image has only " + img.bitsPerComponent() + " bits per component";
    }
}
