package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** Image with OPI comments: The image carries /OPI information, i.e. */
public final class ImageOpiCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_OPI";

    public ImageOpiCheck() {
        super(ID, "Image with OPI comments",
                "The image carries /OPI information, i.e. it is a low-resolution proxy for an image to be "
                        + "swapped in later; PDF/X forbids OPI.",
                Severity.ERROR);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.hasOpi();
    }

    @Override
    String message(ImageFact img) {
        return "Image carries OPI information (proxy image)";
    }
}
