package dev.preflight.engine;

/**
 * The boxes and rotation of one page, in PDF points (origin bottom-left of user space).
 *
 * @param pageNum   1-based
 * @param trimBox   the explicit TrimBox as declared (not clipped to the MediaBox), or null when the page has none
 * @param bleedBox  the explicit BleedBox as declared (not clipped to the MediaBox), or null when the page has none
 * @param artBox    the explicit ArtBox as declared (not clipped to the MediaBox), or null when the page has none
 * @param userUnit  /UserUnit (1.0 when absent)
 */
public record PageGeometry(int pageNum, Box mediaBox, Box cropBox, Box trimBox, Box bleedBox, Box artBox,
                           int rotation, double userUnit) {

    /** Width as displayed, in points: rotated pages swap width and height. CropBox defines the visible area. */
    public double widthPts() {
        return rotation % 180 == 0 ? cropBox.width() : cropBox.height();
    }

    public double heightPts() {
        return rotation % 180 == 0 ? cropBox.height() : cropBox.width();
    }

    /** The trim box the printer will cut to: explicit TrimBox, else ArtBox, else CropBox (ISO 32000 defaults). */
    public Box effectiveTrim() {
        return trimBox != null ? trimBox : (artBox != null ? artBox : cropBox);
    }
}
