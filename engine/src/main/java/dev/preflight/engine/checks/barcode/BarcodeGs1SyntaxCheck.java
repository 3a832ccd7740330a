package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.barcodes.Gs1ElementStrings;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** BARCODE_GS1_SYNTAX: GS1 element strings that break the Application Identifier rules. */
public final class BarcodeGs1SyntaxCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_GS1_SYNTAX";

    public BarcodeGs1SyntaxCheck() {
        super(ID, "GS1 element strings malformed",
                "A GS1-128, GS1 DataMatrix or GS1 QR Code (FNC1 in first position) whose element strings break "
                        + "the GS1 General Specifications' Application Identifier rules (section 3 and figure "
                        + "7.8.5-2): an unknown AI, data of the wrong length or character set, a wrong check digit "
                        + "in a GTIN, SSCC or GLN, or a date that is no date. Scanners pass such data on and the "
                        + "receiving system rejects it.",
                Severity.ERROR, List.of());
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        if (!code.gs1()) {
            return;
        }
        Gs1ElementStrings.Reading r = Gs1ElementStrings.read(code.data());
        if (r.problem() != null) {
            finding(ctx, code, code.symbologyName() + ": " + r.problem())
                    .detail("problem", r.problem())
                    .detail("read_so_far", r.hri())
                    .report();
        }
    }
}
