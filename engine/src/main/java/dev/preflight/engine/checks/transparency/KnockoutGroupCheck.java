package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;

import java.util.List;

/** Knockout transparency groups, which some RIPs and flatteners render differently. */
public final class KnockoutGroupCheck extends TransparencyGroupCheck {

    public static final String ID = "TRANSP_KNOCKOUT_GROUP";

    public KnockoutGroupCheck() {
        super(new CheckInfo(ID, "Knockout transparency group",
                "A transparency group is a knockout group (/K true): its elements knock each other out instead of "
                        + "compositing; flatteners and older RIPs often get this wrong.",
                "transparency", Severity.WARNING, "document", List.<ParamSpec>of(), false), true);
    }
}
