package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.barcodes.Gs1ElementStrings;
import dev.preflight.engine.barcodes.Symbology;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** BARCODE_DATA_MISMATCH: a decoded code whose data is not among the expected values. */
public final class BarcodeDataMismatchCheck extends BarcodeCheck {

    public static final String ID = "BARCODE_DATA_MISMATCH";

    private static final Set<Symbology> GTIN_CARRIERS = Set.of(Symbology.EAN_13, Symbology.EAN_8,
            Symbology.UPC_A, Symbology.UPC_E, Symbology.ITF_14);

    public BarcodeDataMismatchCheck() {
        super(ID, "Barcode data not as expected",
                "A decoded code whose data is not in the job's list of expected data: the wrong product's "
                        + "code, or last season's. GTINs compare as GTIN-14 (an EAN-13 5901234123457 matches "
                        + "05901234123457), and a GS1 code matches by its AI (01) GTIN too. Silent when the list is "
                        + "empty.",
                Severity.ERROR, List.of(ParamSpec.strings("expected", List.of(),
                        "data or GTINs the job's codes may carry; empty: not checked")));
    }

    @Override
    void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx) {
        List<String> expected = ctx.strings("expected");
        if (expected.isEmpty()) {
            return;
        }
        var allowed = new HashSet<String>();
        expected.forEach(e -> allowed.add(normalise(e)));
        var candidates = new HashSet<String>();
        candidates.add(code.data());
        if (GTIN_CARRIERS.contains(code.symbology())) {
            candidates.add(normalise(code.data()));
        }
        if (code.gs1()) {
            String gtin = Gs1ElementStrings.read(code.data()).value("01");
            if (gtin != null) {
                candidates.add(normalise(gtin));
            }
        }
        if (candidates.stream().noneMatch(allowed::contains)) {
            finding(ctx, code, code.symbologyName() + " carries " + printable(code.data())
                    + ", which is not among the expected data")
                    .detail("expected", expected)
                    .report();
        }
    }

    /** A GTIN-8, -12, -13 or -14 as GTIN-14; anything else as given. */
    static String normalise(String s) {
        String t = s.strip();
        if (t.chars().allMatch(Character::isDigit) && (t.length() == 8 || t.length() == 12 || t.length() == 13
                || t.length() == 14)) {
            return "0".repeat(14 - t.length()) + t;
        }
        return t;
    }
}
