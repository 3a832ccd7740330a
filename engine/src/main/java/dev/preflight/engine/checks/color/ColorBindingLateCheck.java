package dev.preflight.engine.checks.color;

import java.util.Set;

/** GWG R0029 late binding: colour-managed RGB and Lab are fine; untagged RGB and calibrated grey are not. */
public final class ColorBindingLateCheck extends ColorBindingCheck {

    public static final String ID = "COLOR_BINDING_LATE";

    public ColorBindingLateCheck() {
        super(ID, "late",
                "Late binding (GWG R0029): the output device converts colour-managed content, but DeviceRGB and "
                        + "CalGray must not be used, images must not be ICCBased Gray, and spot colours must not have "
                        + "a DeviceRGB or CalGray alternate.",
                Set.of("DeviceRGB", "CalGray", "ICCBasedGRAY"),
                Set.of("DeviceRGB", "CalGray"),
                Set.of("DeviceRGB", "CalGray"));
    }
}
