package dev.preflight.engine.conformance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.ConformanceFact;
import dev.preflight.engine.facts.ConformanceFacts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/** The note on the conformance part of a job when a flavour's validation did not run to its end. */
public final class ConformanceNotices {

    /** Inspection id of the note. */
    public static final String NOT_VALIDATED = "CONFORMANCE_NOT_VALIDATED";

    private ConformanceNotices() {
    }

    /** The note's catalogue entry. */
    public static CheckInfo info() {
        return new CheckInfo(NOT_VALIDATED, "Conformance could not be validated",
                "The PDF/A or PDF/UA validation of this file stopped at its time or memory bound, or the validator "
                        + "could not read the file (encrypted, damaged): the flavour's rules were not judged. "
                        + "details.reason says which.", ConformanceRuleCheck.CATEGORY, Severity.ERROR, "document",
                List.of(), false);
    }

    /** One error per flavour that was not judged to its end. */
    public static List<Finding> of(ConformanceFacts facts) {
        var out = new ArrayList<Finding>();
        for (ConformanceFact f : facts.results().values()) {
            if (f.status() == ConformanceFact.Status.COMPLETED) {
                continue;
            }
            var details = new LinkedHashMap<String, Object>();
            details.put("flavour", f.flavour());
            details.put("status", f.status().name().toLowerCase(java.util.Locale.ROOT));
            details.put("reason", f.note());
            details.put("millis", f.millis());
            out.add(new Finding(NOT_VALIDATED, Severity.ERROR, ConformanceRules.get().standardOf(f.flavour())
                    + " was not validated: " + f.note(), 0, null, null, "document", ConformanceRuleCheck.CATEGORY,
                    null, details, Finding.SOURCE_ENGINE));
        }
        return out;
    }
}
