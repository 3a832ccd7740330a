package dev.preflight.engine.checks.epm;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** EPM spot colour checks: one finding per active spot name of the kind the subclass looks for. */
abstract class EpmSpotCheck extends EpmCheck {

    /** Spots whose names say they must stay a separate ink (whites, varnishes, metallics, fluorescents). */
    static final List<String> SPECIAL = List.of("white", "weiss", "opaque", "varnish", "lack", "coating", "primer",
            "metallic", "silver", "gold", "foil", "fluo", "neon", "glitter", "pearl");

    /** Spots that are technical marks and never printed (dielines, cutting, creasing, ...). */
    static final List<String> TECHNICAL = List.of("cut", "die", "crease", "rill", "perf", "fold", "stanz", "nut",
            "glue", "braille", "emboss", "dimension", "technical", "bleed", "safety");

    EpmSpotCheck(String name, String title, String description, String tier, String legacyCode,
                 List<ParamSpec> params) {
        super(name, title, description, tier, legacyCode, false, params);
    }

    abstract boolean matches(String lowerName, CheckContext ctx);

    abstract String message(String name);

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Map<String, PageElements.Placed> first = new LinkedHashMap<>();
        for (PageElements.Placed pl : ctx.content(facts).visible()) {
            for (PageElements.Paint p : ctx.content(facts).paints(pl.element())) {
                for (String n : Colorants.spotNames(p.color())) {
                    first.putIfAbsent(n, pl);
                }
            }
        }
        for (var e : first.entrySet()) {
            if (!matches(e.getKey().toLowerCase(Locale.ROOT), ctx)) {
                continue;
            }
            finding(ctx, message(e.getKey()), e.getValue().pageNum(), e.getValue().box())
                    .detail("spot_name", e.getKey()).report();
        }
    }

    static boolean containsAny(String lowerName, List<String> words) {
        return words.stream().anyMatch(w -> lowerName.contains(w.toLowerCase(Locale.ROOT)));
    }
}
