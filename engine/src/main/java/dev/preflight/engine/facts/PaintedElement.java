package dev.preflight.engine.facts;

import dev.preflight.engine.Box;

import java.util.List;

/**
 * One painted element with the graphics state it was painted in. Coordinates are page space in PDF points,
 * origin bottom-left, before /Rotate and UserUnit are applied.
 *
 * @param kind               what painted it
 * @param bbox               bounding box of the painted marks (for strokes including half the line width)
 * @param visibleBox         bbox intersected with the clip and the page's visible area; null when fully clipped
 * @param fill               fill colour (text fill, path fill, image mask, shading); null when not filling
 * @param stroke             stroke colour; null when not stroking
 * @param overprintFill      /op (fill overprint) in effect
 * @param overprintStroke    /OP (stroke overprint) in effect
 * @param overprintMode      /OPM (0 or 1)
 * @param blendMode          blend mode name (Normal, Multiply, ...)
 * @param fillAlpha          /ca
 * @param strokeAlpha        /CA
 * @param softMask           a soft mask (ExtGState /SMask) is in effect
 * @param lineWidth          effective stroke width in points (line width x CTM, GWG D0017); for thin filled
 *                           shapes (GWG I00004) the smaller dimension; 0 when it does not apply
 * @param lineLikeFill       a fill whose shape is a thin rectangle or short line (counts as a line, GWG I00004)
 * @param text               set for TEXT elements
 * @param image              set for IMAGE elements
 * @param ocgName            name of the optional-content group it belongs to, or null
 * @param hiddenByOc         hidden in the default optional-content configuration
 * @param visible            GWG D0030: not completely clipped, not completely covered by an opaque
 *                           non-overprinting element painted later, not hidden by OC
 * @param overlapping        GWG D0031: intersects and is in front of another visible element
 * @param notVisibleReason   why it is not visible (clipped, covered, hidden_oc, outside_page, invisible; empty for a
 *                           fill whose path encloses no area, such as {@code 0 0 m f}, which paints nothing), else
 *                           null
 * @param context            where it was painted: page, form:<objId>, pattern:<objId>, annotation:<objId>,
 *                           type3:<objId>
 * @param objectId           reference of the object painted (image XObject, form), else null
 * @param exactCover         paints its whole visible box opaquely and knocks out what lies below it: a filled
 *                           axis-aligned rectangle or an unmasked image, opaque, Normal blend, not overprinting,
 *                           clipped by a rectangle (what GWG D0030 "covered" is decided with)
 * @param parts              for a path whose marks lie far apart, the boxes that hold all its ink: its segments
 *                           (strokes, grown by half the line width) or subpaths (fills), 2 to 16 of them covering
 *                           less than half of {@code bbox}; empty when {@code bbox} is the better answer
 * @param subpaths           for a path, how many subpaths it has (a barcode drawn as one path has one per bar);
 *                           0 for other kinds
 */
public record PaintedElement(
        ElementKind kind,
        Box bbox,
        Box visibleBox,
        PaintColor fill,
        PaintColor stroke,
        boolean overprintFill,
        boolean overprintStroke,
        int overprintMode,
        String blendMode,
        double fillAlpha,
        double strokeAlpha,
        boolean softMask,
        double lineWidth,
        boolean lineLikeFill,
        TextInfo text,
        ImagePlacement image,
        String ocgName,
        boolean hiddenByOc,
        boolean visible,
        boolean overlapping,
        String notVisibleReason,
        String context,
        String objectId,
        boolean exactCover,
        List<Box> parts,
        int subpaths) {

    public PaintedElement {
        parts = parts == null ? List.of() : List.copyOf(parts);
    }

    /** An element whose subpaths were not counted (hand-built facts in tests). */
    public PaintedElement(ElementKind kind, Box bbox, Box visibleBox, PaintColor fill, PaintColor stroke,
                          boolean overprintFill, boolean overprintStroke, int overprintMode, String blendMode,
                          double fillAlpha, double strokeAlpha, boolean softMask, double lineWidth,
                          boolean lineLikeFill, TextInfo text, ImagePlacement image, String ocgName,
                          boolean hiddenByOc, boolean visible, boolean overlapping, String notVisibleReason,
                          String context, String objectId, boolean exactCover, List<Box> parts) {
        this(kind, bbox, visibleBox, fill, stroke, overprintFill, overprintStroke, overprintMode, blendMode,
                fillAlpha, strokeAlpha, softMask, lineWidth, lineLikeFill, text, image, ocgName, hiddenByOc, visible,
                overlapping, notVisibleReason, context, objectId, exactCover, parts, 0);
    }

    /** An element whose box is all that is known of where it paints (hand-built facts in tests). */
    public PaintedElement(ElementKind kind, Box bbox, Box visibleBox, PaintColor fill, PaintColor stroke,
                          boolean overprintFill, boolean overprintStroke, int overprintMode, String blendMode,
                          double fillAlpha, double strokeAlpha, boolean softMask, double lineWidth,
                          boolean lineLikeFill, TextInfo text, ImagePlacement image, String ocgName,
                          boolean hiddenByOc, boolean visible, boolean overlapping, String notVisibleReason,
                          String context, String objectId) {
        this(kind, bbox, visibleBox, fill, stroke, overprintFill, overprintStroke, overprintMode, blendMode,
                fillAlpha, strokeAlpha, softMask, lineWidth, lineLikeFill, text, image, ocgName, hiddenByOc, visible,
                overlapping, notVisibleReason, context, objectId, false, List.of(), 0);
    }

    /** Opaque: alpha 1, Normal blend, no soft mask (GWG D0014/D0015 need this for "black"). */
    public boolean opaqueNormal() {
        return fillAlpha >= 1.0 && strokeAlpha >= 1.0 && !softMask
                && (blendMode == null || blendMode.equals("Normal") || blendMode.equals("Compatible"));
    }
}
