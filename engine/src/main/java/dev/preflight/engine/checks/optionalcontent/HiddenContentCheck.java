package dev.preflight.engine.checks.optionalcontent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** OC_HIDDEN_CONTENT: a page paints content in layers that are hidden by default. */
public final class HiddenContentCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OC_HIDDEN_CONTENT", "Content in hidden layers",
            "A page paints content that belongs to a layer hidden in the default configuration; that content does "
                    + "not print by default. One finding per page, with the element count per layer.",
            "optional_content", Severity.WARNING, "page", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (PageFacts p : facts.pages()) {
            Map<String, Integer> perLayer = new TreeMap<>();
            for (PaintedElement e : p.elements()) {
                if (e.hiddenByOc()) {
                    perLayer.merge(String.valueOf(e.ocgName()), 1, Integer::sum);
                }
            }
            if (!perLayer.isEmpty()) {
                ctx.finding("Page " + p.pageNum() + " has content in hidden layers " + perLayer.keySet())
                        .page(p.pageNum())
                        .detail("elements_per_layer", perLayer)
                        .report();
            }
        }
    }
}
