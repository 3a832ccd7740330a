package dev.preflight.engine.checks.image;

import dev.preflight.engine.facts.ImageFact;

/** GWG R0032: 1-bit images (and image masks) must exceed the effective resolution. */
public final class ImageResolutionLowOneBitCheck extends ImageResolutionLowCheck {

    public static final String ID = "IMG_RES_LOW_1BIT";

    public ImageResolutionLowOneBitCheck() {
        super(ID, "Low resolution 1-bit image",
                "A 1-bit image or image mask (line art) whose effective resolution is at or below the limit shows "
                        + "jagged edges. Images of min_pixels or fewer pixels in width or height are exempt unless they "
                        + "are touching slices of one larger picture at the same resolution.",
                549.0, 799.0);
    }

    @Override
    boolean applies(ImageFact img) {
        return img.oneBit();
    }
}
