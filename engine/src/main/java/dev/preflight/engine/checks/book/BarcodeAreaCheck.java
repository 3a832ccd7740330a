package dev.preflight.engine.checks.book;

import dev.preflight.engine.Box;
import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * COVER_BARCODE_AREA: the back cover's barcode area holds content that runs into it from outside, or no barcode
 * where one is required.
 */
public final class BarcodeAreaCheck implements Check {

    /** An element must overlap the area by more than this (points) to count as being in it. */
    private static final double OVERLAP_PT = 0.1;

    private static final CheckInfo INFO;

    static {
        var params = new ArrayList<>(Cover.spreadParams());
        params.addAll(List.of(
                ParamSpec.number("area_width_mm", 50.8, 1, 500, "width of the barcode area, mm (50.8: 2 in)"),
                ParamSpec.number("area_height_mm", 30.48, 1, 500, "height of the barcode area, mm (30.48: 1.2 in)"),
                ParamSpec.number("area_from_spine_mm", 6.35, 0, 500,
                        "gap between the spine fold and the area's nearer side, mm (6.35: 0.25 in)"),
                ParamSpec.number("area_from_bottom_mm", 6.35, 0, 500,
                        "gap between the bottom trim edge and the area, mm (6.35: 0.25 in)"),
                ParamSpec.bool("barcode_required", false,
                        "the file must carry the barcode (the printer does not add one)"),
                ParamSpec.integer("min_bars", 20, 2, 500,
                        "bars (thin marks or subpaths) that make a drawn barcode; an EAN-13 has 30"),
                ParamSpec.bool("right_to_left", false,
                        "the book is bound on the right, so its back cover is the spread's right panel")));
        INFO = new CheckInfo("COVER_BARCODE_AREA", "Barcode area not clear",
                "The back cover's barcode area (area_width_mm x area_height_mm, area_from_spine_mm from the spine "
                        + "fold and area_from_bottom_mm above the bottom trim: 2 x 1.2 in a quarter inch from "
                        + "spine and bottom by default, where KDP and IngramSpark place the ISBN barcode) must hold "
                        + "the barcode and nothing else. Reported: text, images or art that run into the area from "
                        + "outside it. Content wholly inside the area is taken as the barcode and its digits, a "
                        + "background under the whole area (the cover's colour or photo) as what the barcode's box "
                        + "sits on, and whatever a later opaque box over the whole area hides does not count. With "
                        + "barcode_required, an area with neither an image nor at least min_bars thin marks is "
                        + "reported too (separate bars, or the subpaths of one path count). This check does not "
                        + "decode the barcode; the barcode checks do.",
                "book", Severity.WARNING, "page", params, false);
    }

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var byPage = PageElements.byPage(ctx.content(facts).visible());
        for (PageFacts p : facts.pages()) {
            Cover cover = Cover.of(p, ctx);
            if (!cover.isSpread()) {
                continue;
            }
            Box area = area(cover, ctx);
            List<PageElements.Placed> elements = byPage.getOrDefault(p, List.of());
            // an opaque box over the whole area (the usual white box) hides what was painted before it there
            int from = 0;
            for (int i = 0; i < elements.size(); i++) {
                PaintedElement e = elements.get(i).element();
                if (e.exactCover() && e.opaqueNormal() && elements.get(i).box().contains(area)) {
                    from = i;
                }
            }
            int bars = 0;
            boolean image = false;
            for (int i = from; i < elements.size(); i++) {
                PageElements.Placed pl = elements.get(i);
                Box b = pl.box();
                Box overlap = b.intersection(area);
                if (overlap == null || (overlap.width() <= OVERLAP_PT && overlap.height() <= OVERLAP_PT)) {
                    continue;
                }
                PaintedElement e = pl.element();
                if (area.contains(b)) {
                    image |= e.kind() == ElementKind.IMAGE || e.kind() == ElementKind.IMAGE_MASK;
                    bars += bars(e);
                    continue;
                }
                if (b.contains(area)) {
                    // a background under the whole area (the cover's colour or photo): the barcode's box sits on it
                    continue;
                }
                ctx.finding(String.format(Locale.ROOT, "%s runs into the barcode area on the back cover",
                                what(e)))
                        .page(p.pageNum())
                        .bbox(overlap)
                        .object(PageElements.objectId(e), e.kind().objectType())
                        .detail("element_box", b.toList())
                        .detail("barcode_area", area.toList())
                        .report();
            }
            if (ctx.bool("barcode_required") && !image && bars < ctx.integer("min_bars")) {
                ctx.finding(String.format(Locale.ROOT, "The barcode area on the back cover holds no barcode "
                                + "(%d bar-like marks, no image)", bars))
                        .page(p.pageNum())
                        .bbox(area)
                        .detail("bars_found", bars)
                        .detail("min_bars", ctx.integer("min_bars"))
                        .detail("barcode_area", area.toList())
                        .report();
            }
        }
    }

    /** The barcode area in page units: on the back cover, beside the spine, above the bottom trim edge. */
    static Box area(Cover cover, CheckContext ctx) {
        double unit = Cover.PT_PER_MM / cover.page().geometry().userUnit();
        double w = ctx.number("area_width_mm") * unit;
        double h = ctx.number("area_height_mm") * unit;
        double gap = ctx.number("area_from_spine_mm") * unit;
        double y0 = cover.flat().y0() + ctx.number("area_from_bottom_mm") * unit;
        boolean backOnRight = ctx.bool("right_to_left") != (cover.page().geometry().rotation() == 180);
        if (cover.page().geometry().rotation() == 180) {
            // shown upside down: the bottom trim edge is the page's top
            y0 = cover.flat().y1() - ctx.number("area_from_bottom_mm") * unit - h;
        }
        double x1 = backOnRight ? cover.rightFold() + gap + w : cover.leftFold() - gap;
        return new Box(x1 - w, y0, x1, y0 + h);
    }

    /** How many bars of a drawn barcode an element is: thin marks count one, a fill one per subpath. */
    private static int bars(PaintedElement e) {
        if (!e.kind().isPath()) {
            return 0;
        }
        if (PageElements.isLine(e)) {
            return 1;
        }
        return e.kind().fills() && e.subpaths() > 1 ? e.subpaths() : 0;
    }

    private static String what(PaintedElement e) {
        return switch (e.kind()) {
            case TEXT -> "Text" + (e.text() != null && !e.text().text().isEmpty()
                    ? " \"" + abbreviate(e.text().text()) + "\"" : "");
            case IMAGE, IMAGE_MASK -> "An image";
            case SHADING -> "A shading";
            default -> "A path";
        };
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
