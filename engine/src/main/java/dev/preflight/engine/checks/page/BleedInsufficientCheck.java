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

/** PAGE_BLEED_INSUFFICIENT: on some side the BleedBox extends less than the minimum beyond the TrimBox. */
public final class BleedInsufficientCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_BLEED_INSUFFICIENT", "Bleed too small",
            "On at least one side, the BleedBox (or the CropBox when there is no BleedBox) extends less than the "
                    + "minimum beyond the TrimBox (or ArtBox). Without bleed, a cutting tolerance leaves white "
                    + "edges. Details give the bleed of each side in millimetres (0.01 mm tolerance).",
            "page", Severity.ERROR, "page",
            List.of(ParamSpec.number("min_bleed_mm", 3.0, 0, 100, "smallest bleed on every side, millimetres")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double min = ctx.number("min_bleed_mm");
        for (PageFacts p : facts.pages()) {
            PageGeometry g = p.geometry();
            Bleeds b = Bleeds.of(g);
            List<String> shortSides = b.sides(mm -> mm < min - Bleeds.TOLERANCE_MM);
            if (!shortSides.isEmpty()) {
                b.addTo(ctx.finding(String.format(Locale.ROOT, "Page %d: bleed %.2f mm on %s, less than %.2f mm",
                                        p.pageNum(), b.smallest(), String.join(", ", shortSides), min))
                                .page(p.pageNum())
                                .bbox(g.effectiveTrim()))
                        .detail("short_sides", shortSides)
                        .detail("min_bleed_mm", min)
                        .detail("bleed_box_explicit", g.bleedBox() != null)
                        .report();
            }
        }
    }
}
