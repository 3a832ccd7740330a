package dev.preflight.engine.checks.color;

import java.util.Set;

/** GWG R0027 early binding: only device CMYK, grey and spots (with Lab or device alternates) may be used. */
public final class ColorBindingEarlyCheck extends ColorBindingCheck {

    public static final String ID = "COLOR_BINDING_EARLY";

    public ColorBindingEarlyCheck() {
        super(ID, "early",
                "Early binding (GWG R0027): the file must already be in output colours. DeviceRGB, CalRGB, CalGray, "
                        + "any ICCBased space and Lab must not be used as intended colour space, and Separation or "
                        + "DeviceN colours must not have a DeviceRGB, CalRGB, CalGray or ICCBased alternate.",
                Set.of("DeviceRGB", "CalRGB", "CalGray", "ICCBased", "Lab"),
                Set.of("DeviceRGB", "CalRGB", "CalGray", "ICCBased", "Lab"),
                Set.of("DeviceRGB", "CalRGB", "CalGray", "ICCBased"));
    }
}
