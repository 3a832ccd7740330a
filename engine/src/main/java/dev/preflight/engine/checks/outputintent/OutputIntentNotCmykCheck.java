package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** OI_NOT_CMYK: Output intent profile is not CMYK. */
public final class OutputIntentNotCmykCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("OI_NOT_CMYK", "Output intent profile is not CMYK",
            "The destination profile of a PDF/X (GTS_PDFX) output intent is not a CMYK profile (GWG R0035). Intents without an embedded profile are judged by OI_PROFILE_MISSING.",
            "output_intent", Severity.ERROR, "document", List.<ParamSpec>of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (OutputIntentFact oi : facts.outputIntents()) {
            if ("GTS_PDFX".equals(oi.subtype()) && oi.hasDestProfile() && !"CMYK".equals(oi.profileColorSpace())) {
                ctx.finding("The output intent profile " + Describe.intent(oi) + " is " + oi.profileColorSpace()
                                + ", not CMYK")
                        .page(oi.pageNum())
                        .object(oi.objectId(), null)
                        .detail("profile_color_space", oi.profileColorSpace())
                        .detail("output_condition_identifier", oi.outputConditionIdentifier())
                        .report();
            }
        }
    }
}
