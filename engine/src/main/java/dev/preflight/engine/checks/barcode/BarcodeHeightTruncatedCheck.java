package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Locale;

/** BARCODE_HEIGHT_TRUNCATED: EAN/UPC bars shorter than the nominal height at the code's magnification. */
public final class BarcodeHeightTruncatedCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_HEIGHT_TRUNCATED";

    public BarcodeHeightTruncatedCheck() {
        super(ID, "Barcode height truncated",
                "An EAN/UPC whose bars are shorter than the symbology's nominal bar height times the code's "
                        + "magnification (EAN-13, UPC-A and UPC-E 22.85 mm, EAN-8 18.23 mm at 100 %; GS1 General "
                        + "Specifications 5.2). A truncated symbol can no longer be scanned at an angle, which "
                        + "omnidirectional till scanners rely on; GS1 advises against truncation.",
                Severity.WARNING, List.of(ParamSpec.number("min_percent", 100.0, 1, 100,
                        "shortest bar height allowed, percent of the nominal height at the code's magnification")));
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        Double nominal = code.symbology().nominalHeightMm();
        Double mag = code.magnificationPercent();
        if (nominal == null || mag == null || code.barHeightMm() == null) {
            return;
        }
        double expected = nominal * tenth(mag) / 100.0;
        double percent = tenth(100.0 * code.barHeightMm() / expected);
        double min = ctx.number("min_percent");
        if (percent < min) {
            finding(ctx, code, String.format(Locale.ROOT,
                    "%s bars are %.2f mm high, %.1f %% of the %.2f mm its %.1f %% magnification calls for",
                    code.symbologyName(), code.barHeightMm(), percent, expected, tenth(mag)))
                    .detail("bar_height_mm", code.barHeightMm())
                    .detail("nominal_height_mm", expected)
                    .detail("height_percent", percent)
                    .detail("min_percent", min)
                    .report();
        }
    }
}
