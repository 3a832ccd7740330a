package dev.preflight.engine.checks.epm;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** EPM 013: RGB content is separated straight to CMY, without black generation. */
public final class EpmRgbContentCheck extends EpmElementCheck {

    public EpmRgbContentCheck() {
        super("RGB_CONTENT", "EPM: RGB content",
                "Content in an RGB colour space is separated straight to cyan, magenta and yellow; shadows and "
                        + "neutrals come out without black generation: tier C advisory.",
                "C", "013", List.of());
    }

    @Override
    String problem(DocumentFacts facts, PageElements.Placed pl, CheckContext ctx) {
        for (PageElements.Paint p : ctx.content(facts).paints(pl.element())) {
            if (p.color().isRgb()) {
                return "RGB " + p.role() + " (" + Colorants.describeSpace(p.color()) + ") is separated to CMY";
            }
        }
        return null;
    }
}
