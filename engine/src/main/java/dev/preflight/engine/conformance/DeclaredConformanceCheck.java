package dev.preflight.engine.conformance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Map;

/**
 * The file is validated against the PDF/A and PDF/UA flavours its XMP declares (the engine adds those flavours'
 * rules to the run); this check reports a file that declares none, or one we cannot validate against.
 */
public final class DeclaredConformanceCheck implements Check {

    /** Inspection id. */
    public static final String ID = "CONFORMANCE_DECLARED";

    private static final CheckInfo INFO = new CheckInfo(ID, "Declared PDF/A or PDF/UA conformance",
            "Validates the file against the PDF/A and PDF/UA flavours its XMP metadata declares (pdfaid:part and "
                    + "conformance, pdfuaid:part), every rule of each reported under its own id; reports a file that "
                    + "declares none, or a flavour that cannot be validated.",
            ConformanceRuleCheck.CATEGORY, Severity.ERROR, "document", List.of(), false,
            Map.of("profiles", "pdfa-auto"));

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<String> declared = facts.conformance().declared();
        if (declared == null) {
            return;
        }
        if (declared.isEmpty()) {
            ctx.finding("The file declares no PDF/A or PDF/UA conformance in its XMP metadata (no pdfaid or pdfuaid "
                    + "part), so there is nothing to validate it against").detail("declared", List.of()).report();
            return;
        }
        for (String flavour : declared) {
            if (ConformanceRules.profileOf(flavour) == null) {
                ctx.finding("The file declares a conformance (" + flavour + ") that no validation profile serves")
                        .detail("declared", declared).report();
            } else {
                ctx.finding("Validated against the declared " + ConformanceRules.get().standardOf(flavour))
                        .detail("flavour", flavour).note();
            }
        }
    }
}
