package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.checks.Check;

import java.util.List;

/** The barcode checks, in catalogue order. Ids are stable; never renumber or reuse them. */
public final class BarcodeChecks {

    private BarcodeChecks() {
    }

    /** Every barcode check. */
    public static List<Check> all() {
        return List.of(
                new BarcodeFoundCheck(),
                new BarcodeUnreadableCheck(),
                new BarcodeMagnificationCheck(),
                new BarcodeQuietZoneCheck(),
                new BarcodeHeightTruncatedCheck(),
                new BarcodeColorCheck(),
                new BarcodeRasterLowResCheck(),
                new BarcodeNearTrimCheck(),
                new BarcodeGs1SyntaxCheck(),
                new BarcodeDataMismatchCheck());
    }

    /** True for a check that reads the barcode scan (the engine renders pages for it). */
    public static boolean isBarcodeCheck(Check check) {
        return check instanceof BarcodeCheck;
    }
}
