package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** ICC-based image: The image is in an ICCBased colour space (directly or as the base of an indexed space). */
public final class ImageIccCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_ICC";

    public ImageIccCheck() {
        super(ID, "ICC-based image",
                "The image is in an ICCBased colour space (directly or as the base of an indexed space); it "
                        + "is converted with its embedded profile.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.color() != null && img.color().iccSpace() != null;
    }

    @Override
    String message(ImageFact img) {
        return "Image uses an ICC-based colour space (" + img.color().iccSpace() + ")";
    }
}
