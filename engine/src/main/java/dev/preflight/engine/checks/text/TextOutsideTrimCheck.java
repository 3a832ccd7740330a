package dev.preflight.engine.checks.text;

import dev.preflight.engine.Box;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;

import java.util.List;

/** Text entirely outside the trim (in the bleed or slug): it is cut away, which is fine for slug notes only. */
public final class TextOutsideTrimCheck extends TextCheck {

    public static final String ID = "TEXT_OUTSIDE_TRIM";

    public TextOutsideTrimCheck() {
        super(ID, "Text outside the trim",
                "Visible text lies completely outside the trim box (in the bleed or slug area) and is cut away; "
                        + "expected for slug information, a mistake for content.",
                Severity.INFO, List.of());
    }

    @Override
    Hit judge(PageElements.Placed pl, CheckContext ctx) {
        Box trim = pl.page().geometry().effectiveTrim();
        if (pl.box().intersects(trim)) {
            return null;
        }
        return new Hit("Text lies entirely outside the trim box").with("trim_box", trim.toList());
    }
}
