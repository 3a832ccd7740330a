package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in a DeviceN colour space. */
public final class DeviceNUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_DEVICEN_USED";

    public DeviceNUsedCheck() {
        super(ID, "DeviceN colour used",
                "Content is painted in a DeviceN colour space (several colorants in one colour, e.g. "
                        + "duotones or spot mixes).",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.space().equals("DeviceN")
                ? what(role, e) + " uses DeviceN (" + String.join("+", c.colorants()) + ")" : null;
    }
}
