package dev.preflight.engine.checks.book;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;

import java.util.List;
import java.util.Locale;

/** BINDING_GUTTER_MARGIN: text closer to the binding edge than the gutter margin. */
public final class GutterMarginCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("BINDING_GUTTER_MARGIN", "Text too close to the binding",
            "Text on an interior page lies closer than gutter_mm to the binding edge, where the binding glues, "
                    + "sews or staples the pages and the reader cannot open the book flat. Page 1 is a right-hand "
                    + "page (recto) whose binding edge is its left trim edge; even pages are left-hand pages bound "
                    + "on their right edge; right_to_left swaps them for books bound on the right (Arabic, Hebrew, "
                    + "Japanese). Printers set the inside margin by thickness (KDP: 0.375 in, 9.5 mm, up to 150 "
                    + "pages, more for thicker books). Measured from the trim box (TrimBox, else ArtBox, else "
                    + "CropBox) as the page is shown; pages turned by /Rotate 90 or 270 are not judged.",
            "book", Severity.WARNING, "text",
            List.of(ParamSpec.number("gutter_mm", 9.5, 0, 100, "clear space wanted beside the binding edge, mm"),
                    ParamSpec.bool("right_to_left", false,
                            "the book is bound on the right: page 1's binding edge is its right edge")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        double gutter = ctx.number("gutter_mm");
        boolean rtl = ctx.bool("right_to_left");
        for (PageElements.Placed pl : ctx.content(facts).visible(ElementKind.TEXT)) {
            if (pl.element().text() == null || !PageElements.paintsText(pl.element())) {
                continue;
            }
            PageGeometry g = pl.page().geometry();
            if (g.rotation() % 180 != 0) {
                continue;
            }
            Box trim = g.effectiveTrim();
            Box t = pl.box();
            if (!trim.intersects(t)) {
                continue;
            }
            boolean recto = pl.pageNum() % 2 == 1;
            // the edge as shown; /Rotate 180 shows the page's right edge on the left
            boolean boundLeft = (recto != rtl) != (g.rotation() == 180);
            double gap = boundLeft ? t.x0() - trim.x0() : trim.x1() - t.x1();
            double mm = gap * g.userUnit() / Cover.PT_PER_MM;
            if (mm >= gutter - 1e-9) {
                continue;
            }
            String text = pl.element().text().text();
            if (text != null && text.length() > 80) {
                text = text.substring(0, 80) + "...";
            }
            ctx.finding(String.format(Locale.ROOT, "Text on %s page %d is %.2f mm from the binding edge (gutter "
                                    + "%.2f mm)", recto ? "right-hand" : "left-hand", pl.pageNum(), mm, gutter))
                    .page(pl.pageNum())
                    .bbox(t)
                    .object(PageElements.ref(pl.element().text().fontObjectId()), "text")
                    .detail("distance_mm", mm)
                    .detail("gutter_mm", gutter)
                    .detail("binding_edge", recto != rtl ? "left" : "right")
                    .detail("text", text == null || text.isEmpty() ? null : text)
                    .report();
        }
    }
}
