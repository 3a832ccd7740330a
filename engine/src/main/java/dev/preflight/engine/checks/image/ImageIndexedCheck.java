package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** Indexed colour image: The image uses an Indexed (palette) colour space. */
public final class ImageIndexedCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_INDEXED";

    public ImageIndexedCheck() {
        super(ID, "Indexed colour image",
                "The image uses an Indexed (palette) colour space; its colours are limited to the palette.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.color() != null && img.color().space().equals("Indexed");
    }

    @Override
    String message(ImageFact img) {
        return "Image uses an indexed colour space";
    }
}
