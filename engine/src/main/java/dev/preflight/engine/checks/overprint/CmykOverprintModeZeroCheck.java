package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/**
 * DeviceCMYK overprint under OPM 0: zero components still knock out, so the overprint the designer set has no
 * effect on those plates.
 */
public final class CmykOverprintModeZeroCheck extends OverprintCheck {

    public static final String ID = "OP_CMYK_OPM0";

    public CmykOverprintModeZeroCheck() {
        super(ID, "CMYK overprint with overprint mode 0",
                "A DeviceCMYK colour with some components at 0 % is set to overprint while /OPM is 0: the 0 % "
                        + "components knock out what is below, so the object does not really overprint "
                        + "(set /OPM 1 for the nonzero overprint behaviour).",
                Severity.WARNING, "path", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.overprintMode() == 0;
    }

    @Override
    String problem(Candidate c, CheckContext ctx) {
        if (!c.overprint() || !c.color().space().equals("DeviceCMYK") || c.role().equals("image")) {
            return null;
        }
        boolean someZero = c.color().values().stream().anyMatch(v -> Math.abs(v) <= 1e-6);
        boolean allZero = c.color().values().stream().allMatch(v -> Math.abs(v) <= 1e-6);
        return someZero && !allZero ? "CMYK overprint has no effect on the 0 % plates because /OPM is 0" : null;
    }
}
