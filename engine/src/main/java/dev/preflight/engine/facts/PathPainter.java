package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.pdmodel.graphics.color.PDPattern;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;

/**
 * Paints the path under construction: a fill, stroke or fill-and-stroke element with its colours and line width,
 * then the pattern cells it paints with, then the clip it was marked for.
 *
 * <p>Effective line width (GWG D0017) is the line width times the <em>smaller</em> singular value of the CTM: a
 * non-uniformly scaled stroke is as thin as its thinnest direction, and a thin-line check must not miss it. A stroke's
 * box grows by half the line width at the CTM's <em>larger</em> scale, so that it holds all of the stroke.
 */
final class PathPainter {

    /** A filled shape no wider than this is measured as a line: rules are often drawn as thin filled rectangles. */
    private static final double THIN_FILL_PT = 2.0;

    private final PageWalker walker;

    PathPainter(PageWalker walker) {
        this.walker = walker;
    }

    /** Paints (fill and/or stroke, or neither for {@code n}) and ends the path, applying a pending clip. */
    void paint(boolean fill, boolean stroke) {
        PathBuilder path = walker.path;
        Box pathBox = path.box();
        if (pathBox != null && (fill || stroke)) {
            paintPath(path, pathBox, fill, stroke);
        }
        walker.clip.pathEnded(pathBox);
        path.clear();
    }

    private void paintPath(PathBuilder path, Box pathBox, boolean fill, boolean stroke) {
        PDGraphicsState gs = walker.getGraphicsState();
        Draft d = new Draft();
        if (fill && stroke && !path.enclosesArea()) {
            // the fill of a path with no area paints nothing; what remains is the stroke
            fill = false;
        }
        d.kind = fill && stroke ? ElementKind.FILL_STROKE : fill ? ElementKind.FILL : ElementKind.STROKE;
        d.empty = fill && !path.enclosesArea();
        Box box = pathBox;
        if (fill) {
            d.fill = walker.color(gs.getNonStrokingColor(), gs.getNonStrokingColorSpace());
            double thin = path.thinSide();
            if (!stroke && !d.empty && thin >= 0 && thin <= THIN_FILL_PT) {
                d.lineLikeFill = true;
                d.lineWidth = Geometry.round3(thin);
            }
        }
        double half = 0;
        if (stroke) {
            d.stroke = walker.color(gs.getStrokingColor(), gs.getStrokingColorSpace());
            d.lineWidth = Geometry.round3(effectiveWidth(gs));
            half = gs.getLineWidth() * Geometry.singularValues(gs.getCurrentTransformationMatrix())[0] / 2;
            box = new Box(box.x0() - half, box.y0() - half, box.x1() + half, box.y1() + half);
        }
        d.parts = path.parts(stroke, half);
        d.subpaths = path.subpathCount();
        d.exactCover = fill && !stroke && !d.empty && path.isRectangle()
                && Geometry.isAxisAligned(gs.getCurrentTransformationMatrix())
                && !(gs.getNonStrokingColorSpace() instanceof PDPattern);
        Draft recorded = walker.record(d, box);
        if (recorded == null) {
            return;
        }
        if (fill && !d.empty && gs.getNonStrokingColorSpace() instanceof PDPattern p) {
            walker.objects.walkPattern(p, gs.getNonStrokingColor(), recorded.bbox, recorded.visibleBox);
        }
        if (stroke && gs.getStrokingColorSpace() instanceof PDPattern p) {
            walker.objects.walkPattern(p, gs.getStrokingColor(), recorded.bbox, recorded.visibleBox);
        }
    }

    /** The line width of the graphics state in page space, at the CTM's smaller scale (see the class comment). */
    static double effectiveWidth(PDGraphicsState gs) {
        return gs.getLineWidth() * Geometry.singularValues(gs.getCurrentTransformationMatrix())[1];
    }
}
