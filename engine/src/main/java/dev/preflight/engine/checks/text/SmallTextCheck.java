package dev.preflight.engine.checks.text;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.Scale;

import java.util.List;
import java.util.Locale;

/**
 * Small text: Text with an effective size (font size x text matrix x CTM, GWG D0019) below min_size_pt is hard to read
 * and may not reproduce on press.
 */
public final class SmallTextCheck extends TextCheck {

    public static final String ID = "TEXT_SMALL";

    public SmallTextCheck() {
        super(ID, "Small text",
                "Text with an effective size (font size x text matrix x CTM, GWG D0019) below min_size_pt is "
                        + "hard to read and may not reproduce on press.",
                Severity.WARNING, List.of(
                        ParamSpec.number("min_size_pt", 5.0, 0, 10000, "smallest allowed text size (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        double limit = scaled(ctx, pl, "min_size_pt");
        double size = pl.element().text().fontSize();
        if (!Scale.below(size, limit)) {
            return null;
        }
        return new Hit(String.format(Locale.ROOT, "Text of %.2f pt is smaller than %.2f pt", size, limit))
                .with("min_size_pt", limit);
    }
}
