package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;

import java.util.List;
import java.util.Locale;

/** PROC_STEPS_NOT_SPOT: a processing-step object on the printed surface not painted in a Separation colour. */
public final class StepsNotSpotCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PROC_STEPS_NOT_SPOT",
            "Processing-step object not in a spot colour",
            "ISO 19593-1 6.3: an object of a processing-step layer that lies on the printed surface (inside the "
                    + "BleedBox, else the CropBox) must be painted in a Separation colour whose colorant is not a "
                    + "process colour, All or None, so that finishing can read it and the plates leave it out. "
                    + "Objects wholly outside, in the slug, are not judged. One finding per object.",
            "processing_steps", Severity.ERROR, "path", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (ProcessingSteps.StepObject o : ProcessingSteps.objects(facts)) {
            if (!ProcessingSteps.onPrintedSurface(o)) {
                continue;
            }
            for (PageElements.Paint p : ctx.content(facts).paints(o.element())) {
                if (isStepSpot(p.color())) {
                    continue;
                }
                ctx.finding("Processing-step object (" + o.describe() + ") is painted in "
                                + Colorants.describeSpace(p.color()) + ", not a spot colour")
                        .page(o.pageNum()).bbox(o.box())
                        .object(PageElements.objectId(o.element()), o.element().kind().objectType())
                        .detail("layer", o.layer().name())
                        .detail("group", o.layer().procStepGroup())
                        .detail("type", o.layer().procStepType())
                        .detail("role", p.role())
                        .detail("color_space", Colorants.describeSpace(p.color()))
                        .detail("element", o.element().kind().name().toLowerCase(Locale.ROOT))
                        .report();
                break;
            }
        }
    }

    /** A Separation of one named ink that is no process colour, All or None. */
    static boolean isStepSpot(PaintColor c) {
        return c.space().equals("Separation") && c.colorants().size() == 1
                && !Colorants.NOT_SPOTS.contains(c.colorants().getFirst());
    }
}
