package dev.preflight.engine.checks.spot;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Map;

/** Spot colours that are not on the job's list of allowed inks. */
public final class SpotNotAllowedCheck extends SpotCheck {

    public static final String ID = "SPOT_NOT_ALLOWED";

    public SpotNotAllowedCheck() {
        super(ID, "Spot colour not in the allowed list",
                "An active spot colour is not one of allowed_names (the inks booked for the job). With an empty "
                        + "list no spot colour is allowed.",
                Severity.ERROR, "document", List.of(
                        ParamSpec.strings("allowed_names", List.of(), "spot colour names allowed for the job"),
                        ParamSpec.bool("ignore_case", false, "compare names case-insensitively")));
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<String> allowed = ctx.strings("allowed_names");
        boolean ignoreCase = ctx.bool("ignore_case");
        for (Map.Entry<String, List<SpotUse>> e : SpotUse.active(ctx.content(facts)).entrySet()) {
            String name = e.getKey();
            boolean ok = allowed.stream().anyMatch(a -> ignoreCase ? a.equalsIgnoreCase(name) : a.equals(name));
            if (ok) {
                continue;
            }
            SpotUse first = e.getValue().get(0);
            ctx.finding("Spot colour \"" + name + "\" is not allowed")
                    .page(first.placed().pageNum()).bbox(first.placed().box())
                    .detail("spot_name", name).detail("allowed_names", allowed)
                    .detail("pages", e.getValue().stream().map(u -> u.placed().pageNum()).distinct().toList())
                    .report();
        }
    }
}
