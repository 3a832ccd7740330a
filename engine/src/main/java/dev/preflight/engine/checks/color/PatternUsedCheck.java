package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted with a tiling or shading pattern. */
public final class PatternUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_PATTERN_USED";

    public PatternUsedCheck() {
        super(ID, "Pattern colour used",
                "Content is painted with a tiling or shading pattern; patterns are a frequent source of RIP "
                        + "problems and thin seams.",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.space().equals("Pattern") ? what(role, e) + " uses a pattern" : null;
    }
}
