package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/**
 * 16-bit image: The image has 16 bits per component, which PDF/X-1a and PDF/X-3 (PDF 1.3/1.4) do not allow and which
 * doubles the data without visible gain in print.
 */
public final class ImageSixteenBitCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_16BIT";

    public ImageSixteenBitCheck() {
        super(ID, "16-bit image",
                "The image has 16 bits per component, which PDF/X-1a and PDF/X-3 (PDF 1.3/1.4) do not allow "
                        + "and which doubles the data without visible gain in print.",
                Severity.WARNING);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.bitsPerComponent() == 16;
    }

    @Override
    String message(ImageFact img) {
        return "Image has 16 bits per component";
    }
}
