package dev.preflight.engine.checks.color;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;

/** Text is filled or stroked in an RGB colour. */
public final class RgbTextCheck extends ColorUseCheck {

    public static final String ID = "COLOR_RGB_TEXT";

    public RgbTextCheck() {
        super(ID, "RGB text",
                "Text is filled or stroked in an RGB colour; black RGB text becomes a four-colour rich black "
                        + "that misregisters.",
                Severity.WARNING, "text", List.of());
    }

    @Override
    boolean appliesTo(PaintedElement e) {
        return e.kind() == ElementKind.TEXT;
    }

    @Override
    String problem(PaintColor c, String role, PaintedElement e, CheckContext ctx) {
        return c.isRgb() ? "Text uses RGB (" + Colorants.describe(c) + ")" : null;
    }
}
