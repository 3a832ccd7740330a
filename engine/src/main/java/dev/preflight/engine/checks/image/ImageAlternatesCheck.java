package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** Image with alternate images: The image has /Alternates, so different devices may print different pictures. */
public final class ImageAlternatesCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_ALTERNATES";

    public ImageAlternatesCheck() {
        super(ID, "Image with alternate images",
                "The image has /Alternates, so different devices may print different pictures; PDF/X forbids "
                        + "alternate images.",
                Severity.ERROR);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.hasAlternates();
    }

    @Override
    String message(ImageFact img) {
        return "Image has alternate images (/Alternates)";
    }
}
