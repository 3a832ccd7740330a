package dev.preflight.engine.checks.color;

import java.util.Set;

/** GWG R0028 intermediate binding: ICC RGB and Lab images allowed; vectors and text stay in output colours. */
public final class ColorBindingIntermediateCheck extends ColorBindingCheck {

    public static final String ID = "COLOR_BINDING_INTERMEDIATE";

    public ColorBindingIntermediateCheck() {
        super(ID, "intermediate",
                "Intermediate binding (GWG R0028): images may be ICC-tagged RGB or Lab, but DeviceRGB, CalRGB and "
                        + "CalGray must not be used anywhere, text and vector graphics must not use ICCBased RGB or "
                        + "Lab, and spot colours must not have a DeviceRGB, CalRGB or CalGray alternate.",
                Set.of("DeviceRGB", "CalRGB", "CalGray"),
                Set.of("DeviceRGB", "CalRGB", "CalGray", "ICCBasedRGB", "ICCBasedLAB", "Lab"),
                Set.of("DeviceRGB", "CalRGB", "CalGray"));
    }
}
