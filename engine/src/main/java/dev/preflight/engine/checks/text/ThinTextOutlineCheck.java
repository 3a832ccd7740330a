package dev.preflight.engine.checks.text;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;

import java.util.List;
import java.util.Locale;

/**
 * Text outline too thin: Text drawn with a stroke (render modes 1, 2, 5, 6) whose effective stroke width is below
 * min_width_pt breaks up on press.
 */
public final class ThinTextOutlineCheck extends TextCheck {

    public static final String ID = "TEXT_OUTLINE_THIN";

    public ThinTextOutlineCheck() {
        super(ID, "Text outline too thin",
                "Text drawn with a stroke (render modes 1, 2, 5, 6) whose effective stroke width is below "
                        + "min_width_pt breaks up on press.",
                Severity.WARNING, List.of(
                        ParamSpec.number("min_width_pt", 0.25, 0, 1000, "thinnest allowed text outline (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        var e = pl.element();
        if (e.stroke() == null || Colorants.isWhite(e.stroke()) && !e.overlapping()) {
            return null;
        }
        double limit = scaled(ctx, pl, "min_width_pt");
        if (!Scale.below(e.lineWidth(), limit)) {
            return null;
        }
        return new Hit(e.lineWidth() == 0 ? "Text outline is a hairline (width 0)"
                : String.format(Locale.ROOT, "Text outline of %.3f pt is thinner than %.3f pt", e.lineWidth(), limit))
                .with("line_width", e.lineWidth()).with("min_width_pt", limit);
    }
}
