package dev.preflight.engine.testpdf;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.datamatrix.DataMatrixWriter;
import com.google.zxing.oned.Code128Writer;
import com.google.zxing.oned.Code39Writer;
import com.google.zxing.oned.EAN13Writer;
import com.google.zxing.oned.EAN8Writer;
import com.google.zxing.oned.ITFWriter;
import com.google.zxing.oned.UPCAWriter;
import com.google.zxing.oned.UPCEWriter;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;

import java.util.Map;

/**
 * Barcodes for test PDFs: ZXing's writers give the modules, and these draw them on a {@link Pdfs.Page} as filled
 * rectangles (one per run of dark modules, as layout programs do) or as one image, at a module width, bar height,
 * colour and angle.
 */
public final class BarcodePdfs {

    /** Points per millimetre. */
    public static final double MM = 72.0 / 25.4;
    /** EAN/UPC nominal X-dimension at 100 % magnification, mm (GS1 General Specifications 5.2). */
    public static final double EAN_X_MM = 0.330;
    /** EAN-13 nominal bar height at 100 %, mm. */
    public static final double EAN13_HEIGHT_MM = 22.85;

    private BarcodePdfs() {
    }

    /**
     * A symbol's modules (rows x columns; a linear code has one row) and, for EAN/UPC, the modules of the guard
     * bars, which are drawn longer than the data bars.
     */
    public record Symbol(boolean[][] modules, boolean linear, boolean[] guard) {

        public int columns() {
            return modules[0].length;
        }

        public int rows() {
            return modules.length;
        }
    }

    public static Symbol ean13(String digits) {
        boolean[] m = new EAN13Writer().encode(digits);
        return new Symbol(new boolean[][] {m}, true, guards(m.length, 0, 3, 45, 50, 92, 95));
    }

    public static Symbol ean8(String digits) {
        boolean[] m = new EAN8Writer().encode(digits);
        return new Symbol(new boolean[][] {m}, true, guards(m.length, 0, 3, 31, 36, 64, 67));
    }

    /** UPC-A: the EAN-13 of the same number with a leading zero has the same bars. */
    public static Symbol upcA(String digits) {
        return ean13("0" + digits);
    }

    public static Symbol upcE(String digits) {
        boolean[] m = new UPCEWriter().encode(digits);
        return new Symbol(new boolean[][] {m}, true, guards(m.length, 0, 3, 45, 51));
    }

    public static Symbol code128(String text) {
        return linear(new Code128Writer().encode(text));
    }

    /** GS1-128: FNC1 in first position, then the element strings ({@code \u00f1} for FNC1 between fields). */
    public static Symbol gs1128(String elementStrings) {
        return linear(new Code128Writer().encode("\u00f1" + elementStrings));
    }

    public static Symbol itf(String digits) {
        return linear(new ITFWriter().encode(digits));
    }

    public static Symbol code39(String text) {
        return linear(new Code39Writer().encode(text));
    }

    public static Symbol qr(String text) {
        try {
            BitMatrix m = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0,
                    Map.of(EncodeHintType.MARGIN, 0, EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M));
            return matrix(m);
        } catch (WriterException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A GS1 QR Code: FNC1 in first position ({@code \u001d} between variable-length fields). */
    public static Symbol gs1Qr(String elementStrings) {
        try {
            BitMatrix m = new QRCodeWriter().encode(elementStrings, BarcodeFormat.QR_CODE, 0, 0,
                    Map.of(EncodeHintType.MARGIN, 0, EncodeHintType.GS1_FORMAT, true));
            return matrix(m);
        } catch (WriterException e) {
            throw new IllegalArgumentException(e);
        }
    }

    public static Symbol dataMatrix(String text, boolean gs1) {
        BitMatrix m = new DataMatrixWriter().encode(text, BarcodeFormat.DATA_MATRIX, 0, 0,
                gs1 ? Map.of(EncodeHintType.GS1_FORMAT, true) : Map.of());
        return matrix(m);
    }

    /** Draws a symbol as filled rectangles with its lower-left corner at (x, y), turned by angle degrees. */
    public static void vector(Pdfs.Page page, Symbol s, double x, double y, double modulePt, double heightPt,
                              Pdfs.Colour colour, double angleDeg) {
        double a = Math.toRadians(angleDeg);
        page.save().transform(Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), x, y).fill(colour);
        double guardExtra = 5 * modulePt;
        for (int r = 0; r < s.rows(); r++) {
            boolean[] row = s.modules()[r];
            int c = 0;
            while (c < row.length) {
                if (!row[c]) {
                    c++;
                    continue;
                }
                int end = c;
                boolean guard = s.guard() != null && s.guard()[c];
                while (end < row.length && row[end] && (s.guard() == null || s.guard()[end] == guard)) {
                    end++;
                }
                if (s.linear()) {
                    double bottom = guard ? -guardExtra : 0;
                    page.rect(c * modulePt, bottom, (end - c) * modulePt, heightPt - bottom);
                } else {
                    page.rect(c * modulePt, (s.rows() - 1 - r) * modulePt, (end - c) * modulePt, modulePt);
                }
                c = end;
            }
        }
        page.restore();
    }

    /**
     * Draws a symbol as an 8-bit DeviceGray image of {@code pixelsPerModule} pixels a module, with a white margin
     * of {@code marginModules} around it (the margin is part of the image, as it is in most exported barcodes);
     * a linear code's bars are the whole modules nearest to {@code heightPt}.
     * The image's lower-left corner is at (x, y).
     */
    public static void image(Pdfs.Page page, Symbol s, double x, double y, double modulePt, double heightPt,
                             int pixelsPerModule, int marginModules, int ink, double angleDeg) {
        int cols = s.columns() + 2 * marginModules;
        int barRows = s.linear() ? Math.max(1, (int) Math.round(heightPt / modulePt)) : s.rows();
        int rows = barRows + (s.linear() ? 0 : 2 * marginModules);
        int w = cols * pixelsPerModule;
        int h = rows * pixelsPerModule;
        byte[] px = new byte[w * h];
        java.util.Arrays.fill(px, (byte) 255);
        for (int yy = 0; yy < h; yy++) {
            int r = yy / pixelsPerModule - (s.linear() ? 0 : marginModules);
            for (int xx = 0; xx < w; xx++) {
                int c = xx / pixelsPerModule - marginModules;
                boolean dark = c >= 0 && c < s.columns() && r >= 0 && r < barRows
                        && s.modules()[s.linear() ? 0 : r][c];
                if (dark) {
                    px[yy * w + xx] = (byte) ink;
                }
            }
        }
        double wPt = cols * modulePt;
        // whole modules high, so that the image has the same resolution across and along the bars
        double hPt = rows * modulePt;
        double a = Math.toRadians(angleDeg);
        page.save().transform(Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), x, y)
                .image(Pdfs.image(w, h).gray().samples(px), -marginModules * modulePt,
                        s.linear() ? 0 : -marginModules * modulePt, wPt, hPt)
                .restore();
    }

    private static Symbol linear(boolean[] m) {
        return new Symbol(new boolean[][] {m}, true, null);
    }

    private static Symbol matrix(BitMatrix m) {
        boolean[][] out = new boolean[m.getHeight()][m.getWidth()];
        for (int y = 0; y < m.getHeight(); y++) {
            for (int x = 0; x < m.getWidth(); x++) {
                out[y][x] = m.get(x, y);
            }
        }
        return new Symbol(out, false, null);
    }

    private static boolean[] row(BitMatrix m) {
        boolean[] out = new boolean[m.getWidth()];
        for (int x = 0; x < out.length; x++) {
            out[x] = m.get(x, 0);
        }
        return out;
    }

    private static boolean[] guards(int length, int... ranges) {
        boolean[] g = new boolean[length];
        for (int i = 0; i + 1 < ranges.length; i += 2) {
            for (int k = ranges[i]; k < ranges[i + 1]; k++) {
                g[k] = true;
            }
        }
        return g;
    }
}
