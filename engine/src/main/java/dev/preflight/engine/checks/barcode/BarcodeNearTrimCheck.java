package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/** BARCODE_NEAR_TRIM: a code closer to the trim box edge, or to a fold, than the minimum. */
public final class BarcodeNearTrimCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_NEAR_TRIM";

    public BarcodeNearTrimCheck() {
        super(ID, "Barcode near the trim edge",
                "A code whose bars lie closer to an edge of the trim box (else the art or crop box), or to a "
                        + "fold (a line in an ISO 19593-1 processing-step layer of a folding type), than the "
                        + "minimum: cutting tolerance can clip its quiet zone or bars, and on a pack the code "
                        + "wraps round the edge or the fold. GS1 General Specifications' symbol placement rules "
                        + "keep a retail code at least 8 mm from the edge of the item.",
                Severity.WARNING, List.of(ParamSpec.number("min_distance_mm", 8.0, 0, 1000,
                        "smallest distance from the bars to the trim edge or a fold, mm"),
                        ParamSpec.strings("fold_step_types", List.of("Creasing", "ReverseCreasing", "Folding"),
                                "ISO 19593-1 processing-step types (GTS_ProcStepsType) whose lines are folds")));
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        Box trim = facts.pages().get(code.pageNum() - 1).geometry().effectiveTrim();
        Box b = code.bbox();
        double[] gaps = {b.x0() - trim.x0(), trim.x1() - b.x1(), b.y0() - trim.y0(), trim.y1() - b.y1()};
        String[] edges = {"left", "right", "bottom", "top"};
        int nearest = 0;
        for (int i = 1; i < 4; i++) {
            if (gaps[i] < gaps[nearest]) {
                nearest = i;
            }
        }
        double mm = gaps[nearest] / PT_PER_MM;
        double min = ctx.number("min_distance_mm");
        if (tenth(mm) < min) {
            finding(ctx, code, String.format(Locale.ROOT, "%s is %.1f mm from the %s trim edge (minimum %.1f mm)",
                    code.symbologyName(), mm, edges[nearest], min))
                    .detail("distance_mm", mm)
                    .detail("edge", edges[nearest])
                    .detail("min_distance_mm", min)
                    .report();
            return;
        }
        Double fold = nearestFold(facts, code, ctx.strings("fold_step_types"));
        if (fold != null && tenth(fold / PT_PER_MM) < min) {
            finding(ctx, code, String.format(Locale.ROOT, "%s is %.1f mm from a fold (minimum %.1f mm)",
                    code.symbologyName(), fold / PT_PER_MM, min))
                    .detail("distance_mm", fold / PT_PER_MM)
                    .detail("edge", "fold")
                    .detail("min_distance_mm", min)
                    .report();
        }
    }

    /** Points from the code's bars to the nearest mark in a folding processing-step layer, or null. */
    private static Double nearestFold(DocumentFacts facts, BarcodeFact code, List<String> types) {
        var foldLayers = new java.util.HashSet<String>();
        for (OptionalContentFact.Group g : facts.optionalContent().groups()) {
            if (g.processingStep() && g.name() != null && g.procStepType() != null
                    && types.stream().anyMatch(t -> t.equalsIgnoreCase(g.procStepType()))) {
                foldLayers.add(g.name());
            }
        }
        if (foldLayers.isEmpty()) {
            return null;
        }
        Double best = null;
        Box b = code.bbox();
        for (PaintedElement e : facts.pages().get(code.pageNum() - 1).elements()) {
            if (e.ocgName() == null || !foldLayers.contains(e.ocgName()) || e.bbox() == null) {
                continue;
            }
            for (Box part : e.parts().isEmpty() ? List.of(e.bbox()) : e.parts()) {
                double dx = Math.max(0, Math.max(part.x0() - b.x1(), b.x0() - part.x1()));
                double dy = Math.max(0, Math.max(part.y0() - b.y1(), b.y0() - part.y1()));
                double d = Math.hypot(dx, dy);
                best = best == null ? d : Math.min(best, d);
            }
        }
        return best;
    }
}
