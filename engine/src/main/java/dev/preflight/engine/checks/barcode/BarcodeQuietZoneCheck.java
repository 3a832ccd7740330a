package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.barcodes.QuietZone;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Locale;

/** BARCODE_QUIET_ZONE: a mark inside a code's quiet zone. */
public final class BarcodeQuietZoneCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_QUIET_ZONE";

    public BarcodeQuietZoneCheck() {
        super(ID, "Barcode quiet zone not clear",
                "Another painted mark lies inside a code's quiet zone, the light margin a scanner needs to find "
                        + "where the symbol starts and ends. Quiet zones in modules (X): EAN-13 11 left and 7 "
                        + "right, EAN-8 7 and 7, UPC-A 9 and 9, UPC-E 9 and 7 (GS1 General Specifications 5.2, "
                        + "ISO/IEC 15420), ITF-14 and Code 128/GS1-128 10 (ISO/IEC 16390, ISO/IEC 15417), Code 39 "
                        + "10 (ISO/IEC 16388), QR Code 4 on every side (ISO/IEC 18004), Data Matrix 1 (ISO/IEC "
                        + "16022). Linear codes are judged beside their bars (EAN/UPC digits sit below them).",
                Severity.ERROR, List.of());
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        for (QuietZone z : code.quietZones()) {
            if (z.intruded()) {
                ctx.finding(String.format(Locale.ROOT,
                                "%s: a mark %.1f modules from the %s edge, inside the %.0f-module quiet zone",
                                code.symbologyName(), z.clearModules(), z.side(), z.requiredModules()))
                        .page(code.pageNum()).bbox(z.zone())
                        .detail("symbology", code.symbologyName())
                        .detail("data", printable(code.data()))
                        .detail("side", z.side())
                        .detail("required_modules", z.requiredModules())
                        .detail("clear_modules", z.clearModules())
                        .detail("clear_mm", z.clearModules() * code.xDimensionMm())
                        .report();
            }
        }
    }
}
