package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Locale;

/** BARCODE_MAGNIFICATION: an EAN/UPC X-dimension outside 80-200 % of nominal. */
public final class BarcodeMagnificationCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_MAGNIFICATION";

    public BarcodeMagnificationCheck() {
        super(ID, "Barcode magnification out of range",
                "An EAN-13, EAN-8, UPC-A or UPC-E whose X-dimension (module width, measured as the symbol's "
                        + "width over its modules) lies outside the allowed magnification of the nominal 0.330 mm: "
                        + "GS1 General Specifications 5.2 (and ISO/IEC 15420) allow 80 % to 200 %, i.e. 0.264 mm "
                        + "to 0.660 mm, compared to the thousandth of a millimetre. Smaller codes fail at the till; some retailers ask for a narrower range, "
                        + "set it in the profile.",
                Severity.ERROR, List.of(
                        ParamSpec.number("min_percent", 80.0, 1, 1000, "smallest magnification allowed, percent"),
                        ParamSpec.number("max_percent", 200.0, 1, 1000, "largest magnification allowed, percent")));
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        Double mag = code.magnificationPercent();
        if (mag == null) {
            return;
        }
        double shown = tenth(mag);
        double min = ctx.number("min_percent");
        double max = ctx.number("max_percent");
        // X-dimensions are specified to a thousandth of a millimetre: 80 % is 0.264 mm, 200 % 0.660 mm
        double nominal = code.symbology().nominalXmm();
        double x = thousandth(code.xDimensionMm());
        if (x < thousandth(nominal * min / 100) || x > thousandth(nominal * max / 100)) {
            finding(ctx, code, String.format(Locale.ROOT,
                    "%s at %.1f %% magnification (X-dimension %.3f mm); allowed %.0f-%.0f %%",
                    code.symbologyName(), shown, code.xDimensionMm(), min, max))
                    .detail("magnification_percent", shown)
                    .detail("x_dimension_mm", code.xDimensionMm())
                    .detail("min_x_dimension_mm", thousandth(nominal * min / 100))
                    .detail("max_x_dimension_mm", thousandth(nominal * max / 100))
                    .detail("min_percent", min)
                    .detail("max_percent", max)
                    .report();
        }
    }

    private static double thousandth(double mm) {
        return Math.round(mm * 1000.0) / 1000.0;
    }
}
