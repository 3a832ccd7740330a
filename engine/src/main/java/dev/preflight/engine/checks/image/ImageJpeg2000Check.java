package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/**
 * JPEG 2000 compressed image: The image uses JPXDecode (JPEG 2000), which PDF/X-1a and PDF/X-3 (PDF 1.3/1.4) do not
 * allow and older RIPs cannot decode.
 */
public final class ImageJpeg2000Check extends ImageAttributeCheck {

    public static final String ID = "IMG_JPEG2000";

    public ImageJpeg2000Check() {
        super(ID, "JPEG 2000 compressed image",
                "The image uses JPXDecode (JPEG 2000), which PDF/X-1a and PDF/X-3 (PDF 1.3/1.4) do not allow "
                        + "and older RIPs cannot decode.",
                Severity.WARNING);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.jpeg2000();
    }

    @Override
    String message(ImageFact img) {
        return "Image uses JPEG 2000 compression";
    }
}
