package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Content is painted in an Indexed. */
public final class IndexedUsedCheck extends ColorUseCheck {

    public static final String ID = "COLOR_INDEXED_USED";

    public IndexedUsedCheck() {
        super(ID, "Indexed colour used",
                "Content is painted in an Indexed (palette) colour space.",
                Severity.INFO, "path", List.of());
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.space().equals("Indexed") ? what(role, e) + " uses an Indexed colour space over " + c.base() : null;
    }
}
