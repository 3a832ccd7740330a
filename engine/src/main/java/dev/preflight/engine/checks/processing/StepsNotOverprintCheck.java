package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Locale;

/** PROC_STEPS_NOT_OVERPRINT: a processing-step object on the printed surface that knocks out the artwork below. */
public final class StepsNotOverprintCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PROC_STEPS_NOT_OVERPRINT",
            "Processing-step object knocks out",
            "ISO 19593-1 6.3: an object of a processing-step layer that lies on the printed surface (inside the "
                    + "BleedBox, else the CropBox) must be set to overprint; a knockout cuts the die line, crease "
                    + "or varnish shape out of the artwork below when the layer is printed or flattened. Objects "
                    + "wholly outside, in the slug, are not judged. One finding per object.",
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
                boolean overprint = p.role().equals("stroke") ? o.element().overprintStroke()
                        : o.element().overprintFill();
                if (overprint) {
                    continue;
                }
                ctx.finding("Processing-step object (" + o.describe() + ") knocks out: its " + p.role()
                                + " does not overprint")
                        .page(o.pageNum()).bbox(o.box())
                        .object(PageElements.objectId(o.element()), o.element().kind().objectType())
                        .detail("layer", o.layer().name())
                        .detail("group", o.layer().procStepGroup())
                        .detail("type", o.layer().procStepType())
                        .detail("role", p.role())
                        .detail("color", Colorants.describe(p.color()))
                        .detail("element", o.element().kind().name().toLowerCase(Locale.ROOT))
                        .report();
                break;
            }
        }
    }
}
