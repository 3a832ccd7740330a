package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.barcodes.PageBarcodes;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** BARCODE_FOUND: every code decoded, with symbology, data, page and bbox. */
public final class BarcodeFoundCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_FOUND";

    public BarcodeFoundCheck() {
        super(ID, "Barcode found",
                "Lists every barcode decoded on the pages rendered at print resolution (300 dpi): EAN-13, EAN-8, "
                        + "UPC-A, UPC-E, ITF-14, Code 128 and GS1-128, Code 39, QR Code and Data Matrix, drawn as "
                        + "vectors or placed as images, with its data, X-dimension and direction, so the operator "
                        + "can confirm each code is the one the job should carry.",
                Severity.INFO, List.of());
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        super.run(facts, ctx);
        for (PageBarcodes page : facts.barcodes().pages().values()) {
            if (page.problem() != null) {
                ctx.finding("Page " + page.pageNum() + " was not searched for barcodes: " + page.problem())
                        .page(page.pageNum()).detail("reason", page.problem()).note();
            }
        }
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        var f = finding(ctx, code, code.symbologyName() + " " + printable(code.data()))
                .detail("x_dimension_mm", code.xDimensionMm())
                .detail("modules", code.modules())
                .detail("angle_degrees", code.angleDegrees())
                .detail("gs1", code.gs1());
        if (code.magnificationPercent() != null) {
            f.detail("magnification_percent", tenth(code.magnificationPercent()));
        }
        f.report();
    }
}
