package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** Lab image: The image is in a Lab colour space (Lab or ICC Lab) and is converted at output time. */
public final class ImageLabCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_LAB";

    public ImageLabCheck() {
        super(ID, "Lab image",
                "The image is in a Lab colour space (Lab or ICC Lab) and is converted at output time.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.color() != null && (img.color().effectiveFamily().equals("Lab")
                || img.color().effectiveFamily().equals("ICCLAB"));
    }

    @Override
    String message(ImageFact img) {
        return "Image is Lab";
    }
}
