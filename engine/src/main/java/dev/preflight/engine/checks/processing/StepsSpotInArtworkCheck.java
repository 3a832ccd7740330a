package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** PROC_STEPS_SPOT_IN_ARTWORK: the spot ink of a processing step also paints artwork. */
public final class StepsSpotInArtworkCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PROC_STEPS_SPOT_IN_ARTWORK",
            "Processing-step ink also used in the artwork",
            "ISO 19593-1 6.3: the spot colour a processing step is painted in must be used by processing-step "
                    + "objects only. When artwork (any visible page element outside the processing-step layers, in "
                    + "the default layer state) uses the same ink, leaving the step's separation off the plates "
                    + "removes that artwork too, and printing it prints the die line. One finding per ink, at its "
                    + "first use in the artwork, with the number of artwork objects and their pages.",
            "processing_steps", Severity.ERROR, "path", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Map<String, ProcessingSteps.StepObject> stepInks = new LinkedHashMap<>();
        for (ProcessingSteps.StepObject o : ProcessingSteps.objects(facts)) {
            for (PageElements.Paint p : ctx.content(facts).paints(o.element())) {
                for (String ink : p.color().colorants()) {
                    if (!Colorants.NOT_SPOTS.contains(ink)) {
                        stepInks.putIfAbsent(ink, o);
                    }
                }
            }
        }
        if (stepInks.isEmpty()) {
            return;
        }
        Map<String, List<PageElements.Placed>> artwork = new LinkedHashMap<>();
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            for (PageElements.Paint p : ctx.content(facts).paints(pl.element())) {
                for (String ink : p.color().colorants()) {
                    if (stepInks.containsKey(ink)) {
                        List<PageElements.Placed> uses = artwork.computeIfAbsent(ink, k -> new ArrayList<>());
                        if (uses.isEmpty() || uses.getLast() != pl) {
                            uses.add(pl);
                        }
                    }
                }
            }
        }
        for (var e : artwork.entrySet()) {
            ProcessingSteps.StepObject step = stepInks.get(e.getKey());
            PageElements.Placed first = e.getValue().getFirst();
            int n = e.getValue().size();
            ctx.finding("Spot colour \"" + e.getKey() + "\" of processing step " + step.describe() + " also paints "
                            + n + " artwork object" + (n == 1 ? "" : "s"))
                    .page(first.pageNum()).bbox(first.box())
                    .object(PageElements.objectId(first.element()), first.element().kind().objectType())
                    .detail("spot", e.getKey())
                    .detail("layer", step.layer().name())
                    .detail("step", ProcessingSteps.label(step.layer()))
                    .detail("artwork_objects", n)
                    .detail("pages", e.getValue().stream().map(PageElements.Placed::pageNum).distinct().toList())
                    .report();
        }
    }
}
