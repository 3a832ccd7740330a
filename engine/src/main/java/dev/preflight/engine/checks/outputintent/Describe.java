package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.facts.OutputIntentFact;

/** How findings name an output intent. */
final class Describe {

    private Describe() {
    }

    static String intent(OutputIntentFact oi) {
        if (oi.outputConditionIdentifier() != null && !oi.outputConditionIdentifier().isBlank()) {
            return "'" + oi.outputConditionIdentifier() + "'";
        }
        return oi.profileDescription() != null ? "'" + oi.profileDescription() + "'" : "(unnamed)";
    }
}
