package dev.preflight.engine.checks.spot;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.Colorants;
import dev.preflight.engine.checks.PageElements;
import dev.preflight.engine.checks.SkippedObjects;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;

import java.util.List;
import java.util.Locale;

/**
 * GWG R0024: the registration colour (Separation "All") prints on every plate and must not be used on the printed
 * surface. Printer's marks in the registration colour outside the BleedBox are trimmed away and are not page
 * elements (GWG D0003); a path whose marks lie far apart is judged, and located, by its own segments.
 */
public final class RegistrationColorCheck extends SpotCheck {

    public static final String ID = "SPOT_REGISTRATION_ALL";

    public RegistrationColorCheck() {
        super(ID, "Registration colour used",
                "A page element uses the colorant \"All\" (registration colour), which puts ink on every separation; "
                        + "inside the page it makes a 400 % (or more) build. Only ink on the printed surface counts "
                        + "(GWG D0003): marks wholly outside the BleedBox (the CropBox when there is none), such as "
                        + "printer's crop marks, are skipped, a path whose marks lie far apart is judged and located "
                        + "by the segments on the printed surface, and \"All\" at tint 0 puts no ink down and is no "
                        + "use.",
                Severity.WARNING, "path", List.of());
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        var skips = new SkippedObjects();
        for (PageElements.Placed pl : ctx.content(facts).all()) {
            PaintedElement e = pl.element();
            PaintColor registration = null;
            for (PageElements.Paint p : ctx.content(facts).paints(e)) {
                if (inksAll(p.color())) {
                    registration = p.color();
                    break;
                }
            }
            if (registration == null) {
                continue;
            }
            Box where = onPrintedSurface(pl);
            if (where == null) {
                skips.count(pl.pageNum(), SkippedObjects.OUTSIDE_PRINTED_SURFACE);
                continue;
            }
            ctx.finding("Registration colour \"All\" is used")
                    .page(pl.pageNum()).bbox(where)
                    .object(PageElements.objectId(e), e.kind().objectType())
                    .detail("color", Colorants.describe(registration))
                    .detail("element", e.kind().name().toLowerCase(Locale.ROOT))
                    .report();
        }
        skips.report(ctx);
    }

    /** The colour puts "All" down at a tint above 0 (an Indexed colour's lookup table inks every colorant it lists). */
    static boolean inksAll(PaintColor c) {
        if (!c.isSpot()) {
            return false;
        }
        int i = c.colorants().indexOf("All");
        if (i < 0) {
            return false;
        }
        if (c.space().equals("Indexed") || i >= c.values().size()) {
            return true;
        }
        return c.values().get(i) > 0;
    }

    /**
     * Where the element's ink meets the printed surface (the BleedBox, else the CropBox): the parts of a path with
     * far-apart marks that reach it, else its visible box if that reaches it; null when nothing does.
     */
    static Box onPrintedSurface(PageElements.Placed pl) {
        PageGeometry g = pl.page().geometry();
        Box surface = g.bleedBox() != null ? g.bleedBox() : g.cropBox();
        PaintedElement e = pl.element();
        Box shown = pl.box();
        if (e.parts().isEmpty()) {
            return reaches(shown, surface) ? shown : null;
        }
        Box union = null;
        for (Box part : e.parts()) {
            if (reaches(part, surface)) {
                union = union == null ? part : union.union(part);
            }
        }
        if (union == null || e.visibleBox() == null) {
            return union;
        }
        Box visible = union.intersection(e.visibleBox());
        return visible != null ? visible : union;
    }

    /**
     * The mark puts ink inside the surface: it overlaps it by more than an edge, and a hairline (a box of zero width
     * or height) lies strictly inside it across its thin direction.
     */
    static boolean reaches(Box mark, Box surface) {
        if (mark == null || surface == null) {
            return false;
        }
        return reaches(mark.x0(), mark.x1(), surface.x0(), surface.x1())
                && reaches(mark.y0(), mark.y1(), surface.y0(), surface.y1());
    }

    private static boolean reaches(double a0, double a1, double b0, double b1) {
        if (a1 > a0) {
            return Math.min(a1, b1) - Math.max(a0, b0) > 0;
        }
        return a0 > b0 && a0 < b1;
    }
}
