package dev.preflight.engine.checks.text;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.PaintColor;

import java.util.List;
import java.util.Locale;

/** GWG R0015: rich black text (K at or above A with a CMYK sum above B) misregisters and fills in. */
public final class RichBlackTextCheck extends TextCheck {

    public static final String ID = "TEXT_RICH_BLACK";

    private static final double TOLERANCE = 1e-9;

    public RichBlackTextCheck() {
        super(ID, "Rich black text",
                "Text in a CMYK colour whose black is at or above min_k and whose C+M+Y+K sum is above max_sum "
                        + "(as fractions, 1 = 100 %) is built from several plates; fine strokes misregister and the "
                        + "ink load fills in.",
                Severity.WARNING, List.of(
                        ParamSpec.number("min_k", 0.85, 0, 1, "black at or above this fraction makes the text black"),
                        ParamSpec.number("max_sum", 2.8, 0, 4, "CMYK sum (fractions) above which it is rich black")));
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        double minK = ctx.number("min_k");
        double maxSum = ctx.number("max_sum");
        for (PaintColor c : new PaintColor[] {pl.element().fill(), pl.element().stroke()}) {
            if (c == null || !c.isCmyk() || c.values().size() != 4) {
                continue;
            }
            double k = c.values().get(3);
            double sum = c.values().stream().mapToDouble(Double::doubleValue).sum();
            // Decimal tints such as 0.65 add up with binary rounding errors; compare with a tolerance far below
            // any meaningful tint difference (GWG I00005 still holds for the reported values).
            if (k >= minK - TOLERANCE && sum > maxSum + TOLERANCE) {
                return new Hit(String.format(Locale.ROOT,
                        "Rich black text: K %.0f %% with a total of %.0f %% (above %.0f %%)", k * 100, sum * 100,
                        maxSum * 100))
                        .with("k", k).with("cmyk_sum", sum).with("min_k", minK).with("max_sum", maxSum);
            }
        }
        return null;
    }
}
