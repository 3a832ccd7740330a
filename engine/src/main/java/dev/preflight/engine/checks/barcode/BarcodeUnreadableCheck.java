package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.barcodes.BarcodeScanner;
import dev.preflight.engine.barcodes.SuspectRegion;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** BARCODE_UNREADABLE: something that looks like a barcode that no decoder reads. */
public final class BarcodeUnreadableCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_UNREADABLE";

    public BarcodeUnreadableCheck() {
        super(ID, "Barcode not readable",
                "A region that looks like a barcode (a run of at least 12 parallel bars crossing scan lines 0.5 mm "
                        + "apart over 2.5 mm, or three QR Code finder patterns) that no decoder reads on the page "
                        + "rendered at " + BarcodeScanner.DPI + " dpi: a wrong check digit, bars too thin or too "
                        + "close, damage or a symbology the engine does not read. A scanner at the till will fail "
                        + "too (ISO/IEC 15416 grades such a symbol F).",
                Severity.ERROR, List.of());
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (SuspectRegion r : facts.barcodes().suspects()) {
            ctx.finding(r.kind().equals("bars")
                            ? "Parallel bars that look like a linear barcode, but no decoder reads them"
                            : "QR Code finder patterns, but no decoder reads the code")
                    .page(r.pageNum()).bbox(r.bbox()).detail("looks_like", r.kind()).report();
        }
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        // decoded codes are readable by definition
    }
}
