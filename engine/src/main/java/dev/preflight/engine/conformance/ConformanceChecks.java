package dev.preflight.engine.conformance;

import dev.preflight.engine.checks.Check;

import java.util.ArrayList;
import java.util.List;

/** The conformance checks of the catalogue: one per veraPDF rule, and the declared-conformance check. */
public final class ConformanceChecks {

    private ConformanceChecks() {
    }

    /** Every conformance check, rules in standard and clause order, the declared-conformance check first. */
    public static List<Check> all() {
        var all = new ArrayList<Check>();
        all.add(new DeclaredConformanceCheck());
        for (ConformanceRule rule : ConformanceRules.get().all()) {
            all.add(new ConformanceRuleCheck(rule));
        }
        return List.copyOf(all);
    }
}
