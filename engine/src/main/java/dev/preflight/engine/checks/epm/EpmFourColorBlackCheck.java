package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;

import java.util.List;
import java.util.Locale;

/** EPM 016: four-colour (registration-style) black inside the trim collapses to a 300 % CMY solid. */
public final class EpmFourColorBlackCheck extends EpmElementCheck {

    public EpmFourColorBlackCheck() {
        super("FOUR_COLOR_BLACK", "EPM: four-colour black",
                "A CMYK colour with all four inks at or above min_each_percent inside the trim box becomes a 300 % "
                        + "C+M+Y solid after conversion: tier B.",
                "B", "016", List.of(ParamSpec.number("min_each_percent", 90.0, 0, 100,
                        "each process ink at or above this tint (%)")));
    }

    @Override
    String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx) {
        if (!pl.box().intersects(pl.page().geometry().effectiveTrim())) {
            return null;
        }
        double min = ctx.number("min_each_percent") / 100.0;
        for (PageElements.Paint p : ctx.content(facts).paints(pl.element())) {
            PaintColor c = p.color();
            if (p.role().equals("image") || !c.isCmyk() || c.values().size() != 4) {
                continue;
            }
            if (c.values().stream().allMatch(v -> v >= min - 1e-9)) {
                return String.format(Locale.ROOT, "Four-colour black (%.0f %% total) becomes a 300 %% CMY solid",
                        c.values().stream().mapToDouble(Double::doubleValue).sum() * 100);
            }
        }
        return null;
    }
}
