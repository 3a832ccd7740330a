package dev.preflight.engine.checks.text;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;

import java.util.List;
import java.util.Locale;

/** Text inside the trim but closer to the trim edge than the safety margin: cutting tolerance can clip it. */
public final class TextNearTrimCheck extends TextCheck {

    public static final String ID = "TEXT_NEAR_TRIM";

    static final double PT_PER_MM = 72.0 / 25.4;

    public TextNearTrimCheck() {
        super(ID, "Text too close to the trim",
                "Text lies inside the trim box but closer than margin_mm to its edge; cutting tolerances may trim "
                        + "or crowd it. The trim box is the TrimBox, else ArtBox, else CropBox.",
                Severity.WARNING, List.of(ParamSpec.number("margin_mm", 3.0, 0, 1000,
                        "safety margin inside the trim (mm)")));
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        Box trim = pl.page().geometry().effectiveTrim();
        Box t = pl.box();
        if (!trim.contains(t)) {
            return null;
        }
        double gap = Math.min(Math.min(t.x0() - trim.x0(), trim.x1() - t.x1()),
                Math.min(t.y0() - trim.y0(), trim.y1() - t.y1()));
        double margin = ctx.number("margin_mm") * PT_PER_MM;
        if (gap >= margin) {
            return null;
        }
        return new Hit(String.format(Locale.ROOT, "Text is %.2f mm from the trim edge (safety margin %.2f mm)",
                gap / PT_PER_MM, ctx.number("margin_mm")))
                .with("distance_mm", gap / PT_PER_MM).with("margin_mm", ctx.number("margin_mm"));
    }
}
