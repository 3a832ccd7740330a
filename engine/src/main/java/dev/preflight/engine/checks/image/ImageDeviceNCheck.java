package dev.preflight.engine.checks.image;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ImageFact;

/** DeviceN image: The image is in a DeviceN colour space (duotone, multichannel). */
public final class ImageDeviceNCheck extends ImageAttributeCheck {

    public static final String ID = "IMG_DEVICEN";

    public ImageDeviceNCheck() {
        super(ID, "DeviceN image",
                "The image is in a DeviceN colour space (duotone, multichannel).",
                Severity.INFO);
    }

    @Override
    boolean matches(ImageFact img) {
        return img.color() != null && img.color().space().equals("DeviceN");
    }

    @Override
    String message(ImageFact img) {
        return "Image is DeviceN (" + String.join("+", img.color().colorants()) + ")";
    }
}
