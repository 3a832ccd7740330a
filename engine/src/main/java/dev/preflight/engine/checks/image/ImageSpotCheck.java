package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** Spot colour image: The image is in a Separation colour space and prints on a spot plate. */
public final class ImageSpotCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_SPOT";

    public ImageSpotCheck() {
        super(ID, "Spot colour image",
                "The image is in a Separation colour space and prints on a spot plate.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.color() != null && img.color().space().equals("Separation");
    }

    @Override
    String message(ImageFact img) {
        return "Image is a Separation image (" + String.join("+", img.color().colorants()) + ")";
    }
}
