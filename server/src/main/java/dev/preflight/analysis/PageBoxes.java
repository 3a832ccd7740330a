package dev.preflight.analysis;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The boxes and rotation of one page as stored at ingest, in PDF points with the origin at the bottom-left of user
 * space. The explicit TrimBox, BleedBox and ArtBox are as declared (null when absent).
 *
 * @param widthPts  displayed width (the CropBox, turned by /Rotate)
 * @param heightPts displayed height
 * @param rotation  /Rotate: 0, 90, 180 or 270
 * @param userUnit  /UserUnit (1 when absent)
 */
public record PageBoxes(int pageNum, double widthPts, double heightPts, Box mediaBox, Box cropBox,
                        @Nullable Box trimBox, @Nullable Box bleedBox, @Nullable Box artBox, int rotation,
                        double userUnit) {

    /** A rectangle in PDF points, origin bottom-left; x0 <= x1, y0 <= y1. */
    @Schema(name = "Box")
    public record Box(double x0, double y0, double x1, double y1) {
    }

    static PageBoxes of(dev.preflight.engine.PageGeometry g) {
        return new PageBoxes(g.pageNum(), g.widthPts(), g.heightPts(), box(g.mediaBox()), box(g.cropBox()),
                box(g.trimBox()), box(g.bleedBox()), box(g.artBox()), g.rotation(), g.userUnit());
    }

    private static Box box(dev.preflight.engine.Box b) {
        return b == null ? null : new Box(b.x0(), b.y0(), b.x1(), b.y1());
    }
}
