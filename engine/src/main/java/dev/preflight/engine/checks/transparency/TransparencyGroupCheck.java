package dev.preflight.engine.checks.transparency;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.TransparencyGroupFact;

import java.util.List;

/** Transparency groups on pages and forms (knockout groups on their own when only_knockout is set). */
public class TransparencyGroupCheck implements Check {

    public static final String ID = "TRANSP_GROUP";

    private final CheckInfo info;
    private final boolean onlyKnockout;

    public TransparencyGroupCheck() {
        this(new CheckInfo(ID, "Transparency group",
                "A page or form XObject defines a transparency group (/Group /S /Transparency); PDF/X-1a and "
                        + "PDF/X-3 forbid transparency groups.",
                "transparency", Severity.INFO, "document", List.<ParamSpec>of(), false), false);
    }

    TransparencyGroupCheck(CheckInfo info, boolean onlyKnockout) {
        this.info = info;
        this.onlyKnockout = onlyKnockout;
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts page : facts.pages()) {
            for (TransparencyGroupFact g : page.groups()) {
                if (onlyKnockout && !g.knockout()) {
                    continue;
                }
                ctx.finding((onlyKnockout ? "Knockout transparency group" : "Transparency group") + " on "
                                + g.where())
                        .page(g.pageNum() > 0 ? g.pageNum() : page.pageNum())
                        .object(g.objectId(), g.where().equals("page") ? "page" : null)
                        .detail("group", g.where()).detail("blend_color_space", g.colorSpace())
                        .detail("isolated", g.isolated()).detail("knockout", g.knockout())
                        .detail("luminosity_soft_mask", g.luminosity())
                        .report();
            }
        }
    }
}
