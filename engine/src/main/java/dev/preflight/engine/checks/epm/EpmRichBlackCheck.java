package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;

import java.util.List;
import java.util.Locale;

/** EPM 009 (derived from GWG R0015): rich black collapses to a capped C+M+Y build; its tone changes. */
public final class EpmRichBlackCheck extends EpmElementCheck {

    public EpmRichBlackCheck() {
        super("RICH_BLACK", "EPM: rich black",
                "A CMYK colour with black at or above min_k and cyan+magenta+yellow of at least min_cmy is a rich "
                        + "black; with black converted to C=M=Y each ink caps at 100 % and the designed tone of the "
                        + "black is lost: tier C advisory.",
                "C", "009", List.of(
                        ParamSpec.number("min_k", 0.85, 0, 1, "black fraction from which a colour is black"),
                        ParamSpec.number("min_cmy", 0.3, 0, 3, "C+M+Y (fractions) from which a black is rich")));
    }

    @Override
    String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx) {
        for (PageElements.Paint p : ctx.content(facts).paints(pl.element())) {
            PaintColor c = p.color();
            if (p.role().equals("image") || !c.isCmyk() || c.values().size() != 4) {
                continue;
            }
            double cmy = c.values().get(0) + c.values().get(1) + c.values().get(2);
            if (c.values().get(3) >= ctx.number("min_k") && cmy >= ctx.number("min_cmy")) {
                return String.format(Locale.ROOT, "Rich black (K %.0f %%, C+M+Y %.0f %%) loses its tone without "
                        + "a black plate", c.values().get(3) * 100, cmy * 100);
            }
        }
        return null;
    }
}
