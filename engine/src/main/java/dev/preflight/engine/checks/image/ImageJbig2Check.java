package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** JBIG2 compressed image: The image uses JBIG2Decode. */
public final class ImageJbig2Check extends ImageAttributeCheck {

    public static final String ID = "IMG_JBIG2";

    public ImageJbig2Check() {
        super(ID, "JBIG2 compressed image",
                "The image uses JBIG2Decode; lossy JBIG2 can substitute similar-looking glyphs in scanned "
                        + "text and PDF/X-1a/3 RIPs may not support it.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.jbig2();
    }

    @Override
    String message(ImageFact img) {
        return "Image uses JBIG2 compression";
    }
}
