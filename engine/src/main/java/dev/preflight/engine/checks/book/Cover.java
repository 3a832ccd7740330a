package dev.preflight.engine.checks.book;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.PageFacts;

import java.util.List;

/**
 * Where the panels and spine folds of a cover spread lie. The flat cover (back, spine and front, trimmed) is the
 * page's TrimBox when it has one; otherwise the page (CropBox) is taken as the sheet with bleed, as printers'
 * cover templates are delivered, and the flat cover is that sheet less {@code bleed_mm} on every side. The spine is
 * {@code spine_mm} when the profile gives it, else what the flat cover's width leaves after two trims; it is
 * centred on the flat cover, and its edges are the folds. Lengths are in page units (points times UserUnit).
 *
 * @param flat      the trimmed flat cover
 * @param trimWidth one trim's width
 * @param spine     the spine's width (negative when the cover is narrower than two trims and no spine is given)
 * @param leftFold  the fold between the left panel and the spine
 * @param rightFold the fold between the spine and the right panel
 * @param fromTrimBox the flat cover is the page's TrimBox (else the CropBox less the bleed)
 */
record Cover(PageFacts page, Box flat, double trimWidth, double spine, double leftFold, double rightFold,
             boolean fromTrimBox) {

    static final double PT_PER_MM = 72 / 25.4;

    static ParamSpec trimWidthParam() {
        return ParamSpec.number("trim_width_mm", 152.4, 1, 2000,
                "width of one trimmed page of the book, mm (152.4: 6 in, the most common paperback trim)");
    }

    static ParamSpec trimHeightParam() {
        return ParamSpec.number("trim_height_mm", 228.6, 1, 2000,
                "height of the trimmed book, mm (228.6: 9 in)");
    }

    static ParamSpec bleedParam() {
        return ParamSpec.number("bleed_mm", 3.175, 0, 50, "bleed around the flat cover, mm (3.175: 0.125 in)");
    }

    static ParamSpec spineParam() {
        return ParamSpec.number("spine_mm", null, 0, 500,
                "spine width from the printer's template, mm; unset: what the cover's width leaves after two trims "
                        + "(and the bleed when the page has no TrimBox)");
    }

    /** The parameters every spread check shares. */
    static List<ParamSpec> spreadParams() {
        return List.of(trimWidthParam(), bleedParam(), spineParam());
    }

    /** The cover geometry of a page under the check's parameters. */
    static Cover of(PageFacts page, CheckContext ctx) {
        return of(page, ctx.number("trim_width_mm"), ctx.number("bleed_mm"), ctx.number("spine_mm"));
    }

    /** The cover geometry of a page for a trim width, bleed and spine (null: derived from the width), in mm. */
    static Cover of(PageFacts page, double trimWidthMm, double bleedMm, Double spineMm) {
        PageGeometry g = page.geometry();
        double unit = PT_PER_MM / g.userUnit();
        double trimW = trimWidthMm * unit;
        boolean fromTrim = g.trimBox() != null;
        Box flat;
        if (fromTrim) {
            flat = g.trimBox();
        } else {
            double b = bleedMm * unit;
            Box c = g.cropBox();
            flat = new Box(c.x0() + b, c.y0() + b, Math.max(c.x0() + b, c.x1() - b), Math.max(c.y0() + b, c.y1() - b));
        }
        double spine = spineMm != null ? spineMm * unit : flat.width() - 2 * trimW;
        double centre = (flat.x0() + flat.x1()) / 2;
        return new Cover(page, flat, trimW, spine, centre - spine / 2, centre + spine / 2, fromTrim);
    }

    /**
     * A spread whose folds can be placed: wider than one and a half trims (a cover sent as separate pages is not
     * one), holding a spine of zero width or more, and upright or upside down (with /Rotate 90 or 270 the spine
     * would run across the page as shown).
     */
    boolean isSpread() {
        return spine >= 0 && flat.width() > 1.5 * trimWidth && page.geometry().rotation() % 180 == 0;
    }

    /** The two folds, left first. */
    double[] folds() {
        return new double[] {leftFold, rightFold};
    }

    /** Page units to millimetres on this page. */
    double mm(double units) {
        return units * page.geometry().userUnit() / PT_PER_MM;
    }

    /** The horizontal distance from a box to the line x = {@code fold}: 0 when the box reaches across it. */
    static double distance(Box b, double fold) {
        if (b.x0() > fold) {
            return b.x0() - fold;
        }
        if (b.x1() < fold) {
            return fold - b.x1();
        }
        return 0;
    }

    /** True when the box's centre lies on the spine. */
    boolean onSpine(Box b) {
        double cx = (b.x0() + b.x1()) / 2;
        return cx > leftFold && cx < rightFold;
    }
}
