package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.barcodes.BarcodeFact;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/**
 * Base of the barcode checks: they judge the codes the engine's barcode scan decoded and measured (pages rendered
 * once for all of them, and only when a profile holds one), reading the painted objects from the facts where the
 * rule is about what was painted.
 */
abstract class BarcodeCheck implements Check {

    /** The category every barcode check has; the engine scans pages for codes when a profile holds one. */
    public static final String CATEGORY = "barcode";

    static final double PT_PER_MM = 72.0 / 25.4;

    private final CheckInfo info;

    BarcodeCheck(String id, String name, String description, Severity severity, List<ParamSpec> params) {
        this.info = new CheckInfo(id, name, description, CATEGORY, severity, "page", params, false);
    }

    @Override
    public final CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (BarcodeFact code : facts.barcodes().codes()) {
            inspect(facts, code, ctx);
        }
    }

    abstract void inspect(DocumentFacts facts, BarcodeFact code, CheckContext ctx);

    /** A finding located on the code, naming its symbology and data. */
    static CheckContext.Builder finding(CheckContext ctx, BarcodeFact code, String message) {
        return ctx.finding(message).page(code.pageNum()).bbox(code.bbox())
                .detail("symbology", code.symbologyName()).detail("data", printable(code.data()));
    }

    /** The data as shown: the GS1 group separator as {@code <GS>}. */
    static String printable(String data) {
        return data.replace("\u001D", "<GS>");
    }

    /** GS1 rounds magnifications and percentages to a tenth; measuring is about that precise. */
    static double tenth(double v) {
        return Math.round(v * 10.0) / 10.0;
    }
}
