package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** Image with mask: The image has a /Mask (stencil or colour-key masking). */
public final class ImageMaskedCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_MASKED";

    public ImageMaskedCheck() {
        super(ID, "Image with mask",
                "The image has a /Mask (stencil or colour-key masking); some workflows flatten masks with "
                        + "visible edges.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.hasMask();
    }

    @Override
    String message(ImageFact img) {
        return "Image has a /Mask";
    }
}
