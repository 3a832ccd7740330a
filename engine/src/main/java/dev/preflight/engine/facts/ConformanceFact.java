package dev.preflight.engine.facts;

import java.util.List;
import java.util.Map;

/**
 * What validating the document against one PDF/A or PDF/UA flavour found: the failed rules by inspection id, or why
 * the validation did not finish.
 *
 * @param flavour  the veraPDF flavour id validated against ("1b", "2b", "4", "ua1", ...)
 * @param status   whether the validation ran to its end
 * @param note     why it did not (null when completed), in words a user can act on
 * @param failures failed rules by inspection id ({@code PDFA2_6_1_12_T1}); rules that passed are absent
 * @param millis   how long the validation took, child start included
 */
public record ConformanceFact(String flavour, Status status, String note, Map<String, RuleFailures> failures,
                              long millis) {

    public ConformanceFact {
        failures = failures == null ? Map.of() : Map.copyOf(failures);
    }

    /** How a validation ended. */
    public enum Status {
        /** Every rule of the flavour was judged. */
        COMPLETED,
        /** Stopped by the time or memory bound. */
        STOPPED,
        /** The validator could not read the file (encrypted, damaged) or could not run. */
        FAILED
    }

    /** One failed rule: how often it failed, and the first places (capped). */
    public record RuleFailures(int count, List<Location> locations) {
        public RuleFailures {
            locations = locations == null ? List.of() : List.copyOf(locations);
        }
    }

    /**
     * Where a rule failed.
     *
     * @param page     1-based page from the rule's context, 0 for document-level objects
     * @param objectId the innermost PDF object of the context ("12 0 R"), or null
     * @param context  the validator's path to the object, as it gives it
     */
    public record Location(int page, String objectId, String context) {
    }
}
