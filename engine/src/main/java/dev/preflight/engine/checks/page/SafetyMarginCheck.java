package dev.preflight.engine.checks.page;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/** PAGE_SAFETY_MARGIN: visible content inside the trim lies closer to the trim edge than the safety margin. */
public final class SafetyMarginCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PAGE_SAFETY_MARGIN", "Content too close to the trim edge",
            "A visible element that lies inside the trim comes closer to the trim edge than the safety margin, so "
                    + "cutting tolerance may cut into it. Elements that cross the trim edge (bleeding backgrounds) "
                    + "are intended to be cut and are not reported; nor are annotation appearances.",
            "page", Severity.WARNING, "page",
            List.of(ParamSpec.number("margin_mm", 3.0, 0, 100, "safety distance inside the trim edge, mm"),
                    ParamSpec.bool("text_only", false, "only report text")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double marginMm = ctx.number("margin_mm");
        boolean textOnly = ctx.bool("text_only");
        for (PageFacts p : facts.pages()) {
            Box trim = p.geometry().effectiveTrim();
            double m = Millimetres.toPoints(marginMm, p.geometry().userUnit());
            if (trim.width() <= 2 * m || trim.height() <= 2 * m) {
                continue;
            }
            Box safe = new Box(trim.x0() + m, trim.y0() + m, trim.x1() - m, trim.y1() - m);
            for (PaintedElement e : p.elements()) {
                Box b = e.visibleBox();
                if (!e.visible() || b == null || (textOnly && e.kind() != ElementKind.TEXT)
                        || (e.context() != null && e.context().startsWith("annotation:"))) {
                    continue;
                }
                if (trim.contains(b) && !safe.contains(b)) {
                    double distance = Math.min(Math.min(b.x0() - trim.x0(), trim.x1() - b.x1()),
                            Math.min(b.y0() - trim.y0(), trim.y1() - b.y1()));
                    double distanceMm = Millimetres.of(distance, p.geometry().userUnit());
                    ctx.finding(String.format(Locale.ROOT, "Page %d: %s %.2f mm from the trim edge (margin %.2f mm)",
                                    p.pageNum(), e.kind().objectType(), distanceMm, marginMm))
                            .page(p.pageNum())
                            .bbox(b)
                            .object(e.objectId(), e.kind().objectType())
                            .detail("distance_mm", distanceMm)
                            .detail("margin_mm", marginMm)
                            .report();
                }
            }
        }
    }
}
