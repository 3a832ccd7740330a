package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** JPEG compressed image: The image is stored with lossy JPEG (DCTDecode) compression. */
public final class ImageJpegCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_JPEG";

    public ImageJpegCheck() {
        super(ID, "JPEG compressed image",
                "The image is stored with lossy JPEG (DCTDecode) compression; repeated recompression and low "
                        + "quality settings show blocking artefacts.",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.jpeg();
    }

    @Override
    String message(ImageFact img) {
        return "Image uses lossy JPEG compression";
    }
}
