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
 * Small white text: White text (GWG D0010) smaller than min_size_pt that overlaps other content is a knockout from the
 * plates below.
 */
public final class WhiteSmallTextCheck extends TextCheck {

    public static final String ID = "TEXT_WHITE_SMALL";

    public WhiteSmallTextCheck() {
        super(ID, "Small white text",
                "White text (GWG D0010) smaller than min_size_pt that overlaps other content is a knockout "
                        + "from the plates below; slight misregistration fills it in. Text overlapping nothing is "
                        + "skipped (GWG D0031, I00006).",
                Severity.WARNING, List.of(
                        ParamSpec.number("min_size_pt", 8.0, 0, 10000, "smallest allowed white text size (pt)"),
                        Scale.scalingParam()));
    }

    @Override
    boolean overlappingOnly() {
        return true;
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        double limit = scaled(ctx, pl, "min_size_pt");
        double size = pl.element().text().fontSize();
        if (!anyPaint(pl.element(), Colorants::isWhite) || !Scale.below(size, limit)) {
            return null;
        }
        return new Hit(String.format(Locale.ROOT, "White text of %.2f pt is smaller than %.2f pt", size, limit))
                .with("min_size_pt", limit);
    }
}
