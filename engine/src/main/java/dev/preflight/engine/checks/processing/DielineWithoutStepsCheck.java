package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** DIELINE_WITHOUT_PROC_STEPS: a legacy dieline, cut or crease spot used in a document with no ISO 19593-1 layers. */
public final class DielineWithoutStepsCheck implements Check {

    /** Names the trade gives die, cut, crease and perforation inks (English and German). */
    static final List<String> DEFAULT_NAMES = List.of("CutContour", "Cut Contour", "Cut", "Cutting", "Cutline",
            "Cut Line", "Thru-cut", "Kiss Cut", "Die", "Dieline", "Die Line", "Die Cut", "Diecut", "Crease",
            "Creasing", "Crease Line", "Perforation", "Perf", "Stanz", "Stanze", "Stanzkontur", "Stanzform",
            "Stanzlinie", "Rill", "Rillung", "Rilllinie", "Falz");

    private static final CheckInfo INFO = new CheckInfo("DIELINE_WITHOUT_PROC_STEPS",
            "Dieline spot colour without ISO 19593-1 processing steps",
            "The document draws its die, cut or crease lines in a spot colour named by the older conventions "
                    + "(CutContour, Die, Dieline, Crease, Stanz, Rill and the like; see names) but has no ISO "
                    + "19593-1 processing-step layer, so finishing has to guess which ink is structural and the "
                    + "line may print. Names compare without case, spaces, hyphens, underscores or a trailing "
                    + "number, as a whole name or one of its words. One finding per ink, at its first use.",
            "processing_steps", Severity.WARNING, "path", List.of(
                    ParamSpec.strings("names", DEFAULT_NAMES, "ink names taken for dieline, cut or crease inks")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        if (!ProcessingSteps.of(facts).isEmpty()) {
            return;
        }
        List<String> names = ctx.strings("names");
        Map<String, PageElements.Placed> first = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (PageFacts p : facts.pages()) {
            for (PaintedElement e : p.elements()) {
                if (PageElements.paintsNothing(e) || "outside_page".equals(e.notVisibleReason())) {
                    continue;
                }
                var inks = new java.util.LinkedHashSet<String>();
                for (PageElements.Paint paint : ctx.content(facts).paints(e)) {
                    PaintColor c = paint.color();
                    if (c.isSpot()) {
                        c.colorants().stream().filter(ink -> InkNames.matches(ink, names)).forEach(inks::add);
                    }
                }
                for (String ink : inks) {
                    first.putIfAbsent(ink, new PageElements.Placed(p, e));
                    counts.merge(ink, 1, Integer::sum);
                }
            }
        }
        for (var entry : first.entrySet()) {
            PaintedElement e = entry.getValue().element();
            ctx.finding("Spot colour \"" + entry.getKey() + "\" looks like a dieline, but the document has no ISO "
                            + "19593-1 processing-step layer")
                    .page(entry.getValue().pageNum())
                    .bbox(entry.getValue().box())
                    .object(PageElements.objectId(e), e.kind().objectType())
                    .detail("spot", entry.getKey())
                    .detail("uses", counts.get(entry.getKey()))
                    .detail("layer", e.ocgName())
                    .report();
        }
    }
}
