package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in DeviceGray. */
public final class DeviceGrayUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_DEVICEGRAY_USED";

    public DeviceGrayUsedCheck() {
        super(ID, "DeviceGray used",
                "Content is painted in DeviceGray; it prints on the black plate (and cannot overprint reliably).",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        boolean gray = c.space().equals("DeviceGray") || (c.space().equals("Indexed") && "DeviceGray".equals(c.base()));
        return gray ? what(role, e) + " uses DeviceGray" : null;
    }
}
