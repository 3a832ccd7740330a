package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/**
 * Image with soft mask: The image has a soft mask (/SMask or /SMaskInData), which is transparency and is not allowed in
 * PDF/X-1a or PDF/X-3.
 */
public final class ImageSoftMaskCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_SOFT_MASK";

    public ImageSoftMaskCheck() {
        super(ID, "Image with soft mask",
                "The image has a soft mask (/SMask or /SMaskInData), which is transparency and is not "
                        + "allowed in PDF/X-1a or PDF/X-3.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.hasSoftMask();
    }

    @Override
    String message(ImageFact img) {
        return "Image has a soft mask";
    }
}
