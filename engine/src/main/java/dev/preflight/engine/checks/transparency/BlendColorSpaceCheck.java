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

/** GWG R0030: the blending colour space of transparency groups must be CMYK (grey for luminosity soft masks). */
public final class BlendColorSpaceCheck implements Check {

    public static final String ID = "TRANSP_BLEND_CS";

    private static final CheckInfo INFO = new CheckInfo(ID, "Transparency blend colour space not CMYK",
            "A transparency group's blending colour space (/Group /CS) is not DeviceCMYK (GWG R0030); blending in RGB "
                    + "or grey changes colours when the page is flattened. DeviceGray is allowed for the group of a "
                    + "luminosity soft mask.",
            "transparency", Severity.ERROR, "document", List.of(
                    ParamSpec.bool("allow_icc_cmyk", true, "an ICCBased CMYK blending space also counts as CMYK")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts page : facts.pages()) {
            for (TransparencyGroupFact g : page.groups()) {
                String cs = g.colorSpace();
                if (cs == null || cs.equals("DeviceCMYK")) {
                    continue;
                }
                if (ctx.bool("allow_icc_cmyk") && cs.equals("ICCBased(CMYK)")) {
                    continue;
                }
                if (g.luminosity() && (cs.equals("DeviceGray") || cs.equals("ICCBased(GRAY)"))) {
                    continue;
                }
                ctx.finding("Transparency group (" + g.where() + ") blends in " + cs + ", not DeviceCMYK")
                        .page(g.pageNum() > 0 ? g.pageNum() : page.pageNum())
                        .object(g.objectId(), g.where().equals("page") ? "page" : "document")
                        .detail("blend_color_space", cs).detail("group", g.where())
                        .detail("luminosity_soft_mask", g.luminosity())
                        .detail("isolated", g.isolated()).detail("knockout", g.knockout())
                        .report();
            }
        }
    }
}
