package dev.preflight.engine.checks.overprint;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** GWG R0013: DeviceGray elements must not use overprint (RIPs disagree on what it does). */
public final class DeviceGrayOverprintCheck extends OverprintCheck {

    public static final String ID = "OP_DEVICEGRAY";

    public DeviceGrayOverprintCheck() {
        super(ID, "DeviceGray set to overprint",
                "A page element painted in DeviceGray is set to overprint. DeviceGray is mapped to the black plate "
                        + "with the other plates set to zero, so whether it really overprints depends on the RIP.",
                Severity.WARNING, "path", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return true;
    }

    @Override
    String problem(Candidate c, CheckContext ctx) {
        if (!c.overprint() || !c.color().space().equals("DeviceGray")) {
            return null;
        }
        return "DeviceGray " + (c.role().equals("stroke") ? "stroke" : c.role().equals("image") ? "image" : "fill")
                + " is set to overprint";
    }
}
