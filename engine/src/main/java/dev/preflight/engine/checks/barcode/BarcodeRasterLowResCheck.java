package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.Box;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/** BARCODE_RASTER_LOW_RES: a code inside an image whose resolution cannot hold its module width. */
public final class BarcodeRasterLowResCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_RASTER_LOW_RES";

    public BarcodeRasterLowResCheck() {
        super(ID, "Barcode in a low-resolution image",
                "A code that is part of an image (not vector bars) whose effective resolution is below the "
                        + "minimum for line art, or that gives a module fewer pixels than the minimum: every bar "
                        + "edge then moves by up to a pixel, which changes bar widths by more than the "
                        + "symbology's print tolerance. The default minimum resolution is the GWG 2022 limit for "
                        + "1-bit (line art) images, 550 ppi; GS1 General Specifications 5.2 recommend barcodes as "
                        + "vectors.",
                Severity.ERROR, List.of(
                        ParamSpec.number("min_ppi", 550.0, 1, 10000,
                                "lowest effective resolution of an image holding a barcode, ppi"),
                        ParamSpec.number("min_pixels_per_module", 3.0, 1, 100,
                                "fewest image pixels across one module (X-dimension)")));
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        Box box = code.bbox();
        for (PaintedElement e : facts.pages().get(code.pageNum() - 1).elements()) {
            if (e.kind() != ElementKind.IMAGE && e.kind() != ElementKind.IMAGE_MASK || e.image() == null
                    || e.visibleBox() == null) {
                continue;
            }
            Box overlap = e.visibleBox().intersection(box);
            if (overlap == null || overlap.area() < 0.9 * box.area()) {
                continue;
            }
            double ppi = e.image().effectivePpi();
            double perModule = ppi * code.xDimensionMm() / 25.4;
            double minPpi = ctx.number("min_ppi");
            double minPerModule = ctx.number("min_pixels_per_module");
            if (ppi < minPpi || tenth(perModule) < minPerModule) {
                finding(ctx, code, String.format(Locale.ROOT,
                        "%s is an image at %.0f ppi, %.1f pixels a module (minimum %.0f ppi and %.1f pixels)",
                        code.symbologyName(), ppi, perModule, minPpi, minPerModule))
                        .object(e.image().imageObjectId(), "image")
                        .detail("effective_ppi", ppi)
                        .detail("pixels_per_module", perModule)
                        .detail("x_dimension_mm", code.xDimensionMm())
                        .report();
            }
            return;
        }
    }
}
