package dev.preflight.engine.checks.spot;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Spot names that a key function maps together although they are written differently: one document-level finding
 * per group, listing where each name is first used.
 */
abstract class SpotNameGroupCheck extends SpotCheck {

    SpotNameGroupCheck(String id, String name, String description, Severity severity, List<ParamSpec> params) {
        super(id, name, description, severity, "document", params);
    }

    /** The key names are grouped by; null leaves a name out. */
    abstract String key(String name, CheckContext ctx);

    /** Whether a group of distinct names is a problem (all groups of two or more by default). */
    boolean reportable(List<String> names) {
        return names.size() >= 2;
    }

    abstract String message(List<String> names);

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Map<String, List<SpotUse>> uses = SpotUse.active(ctx.content(facts));
        var groups = new LinkedHashMap<String, List<String>>();
        for (String n : uses.keySet()) {
            String k = key(n, ctx);
            if (k != null) {
                groups.computeIfAbsent(k, x -> new ArrayList<>()).add(n);
            }
        }
        for (var g : groups.entrySet()) {
            if (!reportable(g.getValue())) {
                continue;
            }
            SpotUse first = uses.get(g.getValue().get(1)).get(0);
            ctx.finding(message(g.getValue())).page(first.placed().pageNum()).bbox(first.placed().box())
                    .detail("spot_names", g.getValue()).detail("key", g.getKey())
                    .detail("locations", SpotUse.locations(uses, g.getValue()))
                    .report();
        }
    }

    static String quoted(List<String> names) {
        return "\"" + String.join("\", \"", names) + "\"";
    }
}
