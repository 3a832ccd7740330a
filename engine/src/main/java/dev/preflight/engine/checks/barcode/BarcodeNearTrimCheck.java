package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Locale;

/** BARCODE_NEAR_TRIM: a code closer to the trim box edge than the minimum. */
public final class BarcodeNearTrimCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_NEAR_TRIM";

    public BarcodeNearTrimCheck() {
        super(ID, "Barcode near the trim edge",
                "A code whose bars lie closer to an edge of the trim box (else the art or crop box) than the "
                        + "minimum: cutting tolerance can clip its quiet zone or bars, and on a pack the code "
                        + "wraps round the edge. GS1 General Specifications' symbol placement rules keep a retail "
                        + "code at least 8 mm from the edge of the item.",
                Severity.WARNING, List.of(ParamSpec.number("min_distance_mm", 8.0, 0, 1000,
                        "smallest distance from the bars to the trim edge, mm")));
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
        }
    }
}
