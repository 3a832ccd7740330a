package dev.preflight.engine.checks.page;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;
import java.util.Locale;

/** PAGE_BLEED_TOO_LARGE: on some side the explicit BleedBox extends more than the maximum beyond the TrimBox. */
public final class BleedTooLargeCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_BLEED_TOO_LARGE", "Bleed too large",
            "On at least one side, the explicit BleedBox extends more than the maximum beyond the TrimBox. "
                    + "Oversized bleed wastes sheet space at imposition and may collide with neighbouring pages.",
            "page", Severity.WARNING, "page",
            List.of(ParamSpec.number("max_bleed_mm", 20.0, 0, 1000, "largest bleed on any side, millimetres")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double max = ctx.number("max_bleed_mm");
        for (PageFacts p : facts.pages()) {
            PageGeometry g = p.geometry();
            if (g.bleedBox() == null) {
                continue;
            }
            Bleeds b = Bleeds.of(g);
            List<String> wideSides = b.sides(mm -> mm > max + Bleeds.TOLERANCE_MM);
            if (!wideSides.isEmpty()) {
                b.addTo(ctx.finding(String.format(Locale.ROOT, "Page %d: bleed %.2f mm on %s, more than %.2f mm",
                                        p.pageNum(), b.largest(), String.join(", ", wideSides), max))
                                .page(p.pageNum())
                                .bbox(g.bleedBox()))
                        .detail("wide_sides", wideSides)
                        .detail("max_bleed_mm", max)
                        .report();
            }
        }
    }
}
