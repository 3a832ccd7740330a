package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** Image with Interpolate: The image asks the renderer to smooth it (/Interpolate true). */
public final class ImageInterpolateCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_INTERPOLATE";

    public ImageInterpolateCheck() {
        super(ID, "Image with Interpolate",
                "The image asks the renderer to smooth it (/Interpolate true); PDF/X forbids it because "
                        + "output differs between RIPs.",
                Severity.WARNING);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.interpolate();
    }

    @Override
    String message(ImageFact img) {
        return "Image has /Interpolate true";
    }
}
