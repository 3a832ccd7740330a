package dev.preflight.engine.facts;

import dev.preflight.engine.Box;

/** A painted element while its page is still being walked; visibility and overlap are decided afterwards. */
final class Draft {
    ElementKind kind;
    Box bbox;
    Box visibleBox;
    PaintColor fill;
    PaintColor stroke;
    boolean overprintFill;
    boolean overprintStroke;
    int overprintMode;
    String blendMode;
    double fillAlpha;
    double strokeAlpha;
    boolean softMask;
    double lineWidth;
    boolean lineLikeFill;
    TextInfo text;
    ImagePlacement image;
    String ocgName;
    boolean hiddenByOc;
    String context;
    String objectId;
    /** Paints its whole visible box opaquely and knocks out what is below (filled axis-aligned rectangle, plain image). */
    boolean exactCover;
    /** Where a path with far-apart marks puts ink (see {@link PaintedElement#parts()}); empty otherwise. */
    java.util.List<Box> parts = java.util.List.of();
    /** Subpaths of a path (0 for other kinds). */
    int subpaths;
    /** A fill whose path encloses no area: it paints nothing. */
    boolean empty;
    /** Text render mode 3: shows nothing. */
    boolean invisibleText;
    boolean visible;
    boolean overlapping;
    String notVisibleReason;

    PaintedElement toElement() {
        return new PaintedElement(kind, bbox, visibleBox, fill, stroke, overprintFill, overprintStroke,
                overprintMode, blendMode, fillAlpha, strokeAlpha, softMask, lineWidth, lineLikeFill, text, image,
                ocgName, hiddenByOc, visible, overlapping, notVisibleReason, context, objectId, exactCover, parts,
                subpaths);
    }
}
