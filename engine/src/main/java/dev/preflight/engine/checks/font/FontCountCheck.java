package dev.preflight.engine.checks.font;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FontFact;

import java.util.List;
import java.util.TreeSet;

/** FONT_COUNT_MAX: the document uses more fonts than allowed. */
public final class FontCountCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("FONT_COUNT_MAX", "Too many fonts",
            "The document uses more distinct fonts (by name, subset tag ignored) than allowed; a sign of careless "
                    + "typesetting or of fonts fragmented by conversion.",
            "font", Severity.WARNING, "document",
            List.of(ParamSpec.integer("max_fonts", 50, 0, 100_000, "highest number of distinct fonts allowed")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var names = new TreeSet<String>();
        for (FontFact f : facts.fonts()) {
            if (FontUse.used(f)) {
                names.add(String.valueOf(f.baseName()));
            }
        }
        int max = ctx.integer("max_fonts");
        if (names.size() > max) {
            ctx.finding("The document uses " + names.size() + " fonts, more than " + max)
                    .object(null, "document")
                    .detail("font_count", names.size())
                    .detail("max_fonts", max)
                    .detail("fonts", List.copyOf(names))
                    .report();
        }
    }
}
