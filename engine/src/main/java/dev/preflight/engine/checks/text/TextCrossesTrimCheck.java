package dev.preflight.engine.checks.text;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;

import java.util.List;
import java.util.Locale;

/** Text that runs across the trim edge and will be cut through. */
public final class TextCrossesTrimCheck extends TextCheck {

    public static final String ID = "TEXT_CROSSES_TRIM";

    public TextCrossesTrimCheck() {
        super(ID, "Text crosses the trim",
                "Visible text extends across the edge of the trim box by more than tolerance_pt, so the cut goes "
                        + "through it.",
                Severity.WARNING, List.of(ParamSpec.number("tolerance_pt", 0.5, 0, 72,
                        "how far text may reach past the trim without being reported (pt)")));
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        Box trim = pl.page().geometry().effectiveTrim();
        Box t = pl.box();
        Box inside = trim.intersection(t);
        if (inside == null) {
            return null;
        }
        double over = Math.max(Math.max(trim.x0() - t.x0(), t.x1() - trim.x1()),
                Math.max(trim.y0() - t.y0(), t.y1() - trim.y1()));
        if (over <= ctx.number("tolerance_pt")) {
            return null;
        }
        return new Hit(String.format(Locale.ROOT, "Text extends %.2f pt beyond the trim edge", over))
                .with("beyond_trim_pt", over).with("trim_box", trim.toList());
    }
}
