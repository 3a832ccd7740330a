package dev.preflight.engine.checks.brand;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/**
 * Rich blacks built differently from the customer's specified rich black: two blacks with different C, M and Y
 * under the K print as visibly different blacks side by side. A CMYK paint is a rich black when its black is at least
 * {@code min_k_percent} and C+M+Y at least {@code min_cmy_percent}; it is off spec when any ink differs from the
 * target by more than {@code tolerance_percent}. Without a target (all four null) the check reports nothing; the
 * server sets it from the job's BrandSpec.
 */
public final class BrandRichBlackCheck implements Check {

    public static final String ID = "BRAND_RICH_BLACK_OFF_SPEC";

    private final CheckInfo info = new CheckInfo(ID, "Rich black differs from the brand's rich black",
            "A rich black (black ink at or above min_k_percent with cyan+magenta+yellow at or above min_cmy_percent) "
                    + "is built with inks that differ from the customer's specified rich black by more than "
                    + "tolerance_percent: areas in different rich blacks print as visibly different blacks.",
            "color", Severity.ADVISORY, "path", List.of(
                    ParamSpec.number("target_c", null, 0, 100, "cyan of the specified rich black (%); null = no target"),
                    ParamSpec.number("target_m", null, 0, 100, "magenta of the specified rich black (%)"),
                    ParamSpec.number("target_y", null, 0, 100, "yellow of the specified rich black (%)"),
                    ParamSpec.number("target_k", null, 0, 100, "black of the specified rich black (%)"),
                    ParamSpec.number("tolerance_percent", 3.0, 0, 100,
                            "largest ink difference (percentage points) that still matches the target"),
                    ParamSpec.number("min_k_percent", 85.0, 0, 100, "black ink from which a colour is a black (%)"),
                    ParamSpec.number("min_cmy_percent", 10.0, 0, 300,
                            "cyan+magenta+yellow from which a black is a rich black (%)")),
            false);

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Double tc = ctx.number("target_c");
        Double tm = ctx.number("target_m");
        Double ty = ctx.number("target_y");
        Double tk = ctx.number("target_k");
        if (tc == null || tm == null || ty == null || tk == null) {
            return;
        }
        double[] target = {tc / 100, tm / 100, ty / 100, tk / 100};
        double minK = ctx.number("min_k_percent") / 100;
        double minCmy = ctx.number("min_cmy_percent") / 100;
        double tolerance = ctx.number("tolerance_percent");
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            PaintedElement e = pl.element();
            for (PageElements.Paint p : ctx.content(facts).paints(e)) {
                PaintColor c = p.color();
                if (p.role().equals("image") || !c.isCmyk() || c.values().size() != 4) {
                    continue;
                }
                List<Double> v = c.values();
                double cmy = v.get(0) + v.get(1) + v.get(2);
                if (v.get(3) < minK - 1e-9 || cmy < minCmy - 1e-9) {
                    continue;
                }
                double diff = 0;
                for (int i = 0; i < 4; i++) {
                    diff = Math.max(diff, Math.abs(v.get(i) - target[i]) * 100);
                }
                if (diff <= tolerance + 1e-9) {
                    continue;
                }
                String spec = String.format(Locale.ROOT, "C%.0f M%.0f Y%.0f K%.0f", tc, tm, ty, tk);
                ctx.finding(String.format(Locale.ROOT,
                                "Rich black C%.0f M%.0f Y%.0f K%.0f differs from the specified rich black %s by %.0f %%",
                                v.get(0) * 100, v.get(1) * 100, v.get(2) * 100, v.get(3) * 100, spec, diff))
                        .page(pl.pageNum()).bbox(pl.box())
                        .object(PageElements.objectId(e), e.kind().objectType())
                        .detail("color", Colorants.describe(c))
                        .detail("role", p.role())
                        .detail("rich_black_spec", spec)
                        .detail("ink_difference_percent", diff)
                        .report();
                break;
            }
        }
    }
}
