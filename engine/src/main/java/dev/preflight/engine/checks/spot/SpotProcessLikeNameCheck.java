package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Spot colours named like a process ink ("black", "Process Cyan", "K") that get a plate of their own. */
public final class SpotProcessLikeNameCheck extends SpotCheck {

    public static final String ID = "SPOT_PROCESS_LIKE_NAME";

    private static final Set<String> PROCESS_LIKE = Set.of("cyan", "magenta", "yellow", "black", "c", "m", "y", "k",
            "processcyan", "processmagenta", "processyellow", "processblack", "registration");

    public SpotProcessLikeNameCheck() {
        super(ID, "Spot colour named like a process colour",
                "A spot colour is named like a process ink or the registration colour but not exactly \"Cyan\", "
                        + "\"Magenta\", \"Yellow\", \"Black\" or \"All\" (e.g. \"black\", \"Process Cyan\", \"K\"), so "
                        + "it is output on an extra plate instead of the process plate.",
                Severity.WARNING, "document", List.of());
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (Map.Entry<String, List<SpotUse>> e : SpotUse.active(ctx.content(facts)).entrySet()) {
            String key = e.getKey().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
            if (!PROCESS_LIKE.contains(key) || Colorants.NOT_SPOTS.contains(e.getKey())) {
                continue;
            }
            SpotUse first = e.getValue().get(0);
            ctx.finding("Spot colour \"" + e.getKey() + "\" is named like a process colour")
                    .page(first.placed().pageNum()).bbox(first.placed().box())
                    .detail("spot_name", e.getKey())
                    .detail("pages", e.getValue().stream().map(u -> u.placed().pageNum()).distinct().toList())
                    .report();
        }
    }
}
