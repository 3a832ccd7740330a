package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;

import java.awt.geom.Area;
import java.awt.geom.Rectangle2D;

/**
 * The clip, tracked as a box: every {@code W}/{@code W*} intersects PDFBox's clipping area with the bounding box of
 * the clipping path (a superset of the true clip, so an element is called clipped only when it surely is), and we
 * remember whether the result is an exact rectangle (only then may a covering element hide what is below). Text
 * clips (render modes 4 to 7) are applied the same way at {@code ET}.
 */
final class ClipTracker {

    private final PageWalker walker;
    /** A {@code W} or {@code W*} waits for the path to be painted or ended. */
    private boolean pending;

    // PDFBox returns the same Area object until the clip changes.
    private Area lastArea;
    private Box lastBox;
    private boolean lastRectangular;

    ClipTracker(PageWalker walker) {
        this.walker = walker;
    }

    /** {@code W}, {@code W*}: the path being built clips once it is painted or ended. */
    void clipWithNextPath() {
        pending = true;
    }

    /** The path was painted or ended: clip with its box if a clip waits for it. */
    void pathEnded(Box pathBox) {
        if (pending) {
            pending = false;
            intersect(pathBox);
        }
    }

    /** Intersects the clip with a box; null (an empty path) clips everything away. */
    void intersect(Box box) {
        PDGraphicsState gs = walker.getGraphicsState();
        if (box == null) {
            gs.intersectClippingPath(new Area());
            return;
        }
        gs.intersectClippingPath(new Area(new Rectangle2D.Double(box.x0(), box.y0(), box.width(), box.height())));
    }

    /** The clip's bounding box in page space, or null when nothing is left of it. */
    Box box() {
        Area a = walker.getGraphicsState().getCurrentClippingPath();
        if (a != lastArea) {
            lastArea = a;
            if (a.isEmpty()) {
                lastBox = null;
                lastRectangular = false;
            } else {
                Rectangle2D r = a.getBounds2D();
                lastBox = new Box(r.getMinX(), r.getMinY(), r.getMaxX(), r.getMaxY());
                lastRectangular = a.isRectangular();
            }
        }
        return lastBox;
    }

    /** True when the clip last read by {@link #box()} is exactly its box. */
    boolean isRectangular() {
        return lastRectangular;
    }
}
