package dev.preflight.engine.barcodes;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.MultiFormatReader;
import com.google.zxing.NotFoundException;
import com.google.zxing.Result;
import com.google.zxing.ResultMetadataType;
import com.google.zxing.ResultPoint;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.common.DetectorResult;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.datamatrix.DataMatrixReader;
import com.google.zxing.multi.GenericMultipleBarcodeReader;
import com.google.zxing.multi.qrcode.QRCodeMultiReader;
import com.google.zxing.qrcode.detector.Detector;
import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.view.LayerToggles;
import dev.preflight.engine.view.PixelBudget;
import dev.preflight.engine.view.RasterGrid;
import dev.preflight.engine.view.TileRenderer;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Renders each page once at print resolution (with the viewer's {@link TileRenderer}, default layers), decodes every
 * code on it with ZXing, measures each against its symbology, and looks for bars and finder patterns that decode as
 * nothing. One scan serves all barcode checks of a profile.
 */
public final class BarcodeScanner {

    /** Resolution pages are rendered at: 3 pixels or more per module down to EAN/UPC at 80 % magnification. */
    public static final int DPI = 300;
    /** Lowest resolution a page too large for the pixel budget is scanned at. */
    static final int MIN_DPI = 150;

    private static final AtomicLong PAGES_RENDERED = new AtomicLong();

    private static final Map<DecodeHintType, Object> HINTS = hints();

    private static final java.util.Set<String> GS1_IDENTIFIERS = java.util.Set.of("]C1", "]Q3", "]Q4", "]d2",
            "]d5");

    private final long maxMainMemoryBytes;
    private final PixelBudget budget;

    public BarcodeScanner(long maxMainMemoryBytes, PixelBudget budget) {
        this.maxMainMemoryBytes = maxMainMemoryBytes;
        this.budget = budget;
    }

    /** Pages rendered for barcodes since the JVM started (what tests count to prove a scan did not happen). */
    public static long pagesRendered() {
        return PAGES_RENDERED.get();
    }

    /**
     * Scans every page of a PDF.
     *
     * @throws UnreadablePdfException when the file cannot be opened for rendering
     */
    public BarcodeScan scan(Path pdf) throws UnreadablePdfException {
        var pages = new LinkedHashMap<Integer, PageBarcodes>();
        try (TileRenderer renderer = TileRenderer.open(pdf, maxMainMemoryBytes, budget)) {
            for (PageGeometry page : renderer.pages()) {
                pages.put(page.pageNum(), scanPage(renderer, page));
            }
        }
        return new BarcodeScan(true, pages);
    }

    private PageBarcodes scanPage(TileRenderer renderer, PageGeometry page) {
        int dpi = DPI;
        if (!budget.fits(page, dpi, null)) {
            dpi = budget.largestDpi(page, null);
            if (dpi < MIN_DPI) {
                return new PageBarcodes(page.pageNum(), dpi, List.of(), List.of(),
                        "the page is too large to render at " + MIN_DPI + " dpi within the pixel budget");
            }
        }
        BufferedImage image;
        try {
            image = renderer.renderImage(page.pageNum(), dpi, LayerToggles.NONE, null);
        } catch (Exception e) {
            return new PageBarcodes(page.pageNum(), dpi, List.of(), List.of(),
                    "the page could not be rendered: " + e.getMessage());
        }
        PAGES_RENDERED.incrementAndGet();
        RasterGrid grid = renderer.grid(page.pageNum(), dpi);
        try {
            return scanImage(page.pageNum(), image, grid);
        } catch (RuntimeException e) {
            // a decoder or measuring failure on one page must not cost the job its other findings
            return new PageBarcodes(page.pageNum(), dpi, List.of(), List.of(),
                    "the page could not be scanned: " + e.getClass().getSimpleName());
        }
    }

    /** Decodes and measures the codes of one rendered page. */
    static PageBarcodes scanImage(int pageNum, BufferedImage image, RasterGrid grid) {
        PageRaster raster = PageRaster.of(image);
        var bitmap = new BinaryBitmap(new HybridBinarizer(new GrayLuminance(raster.gray, raster.width,
                raster.height)));
        var measure = new SymbolMeasure(raster);
        var codes = new ArrayList<BarcodeFact>();
        var frames = new ArrayList<SymbolMeasure.Frame>();
        var quiet = new ArrayList<Double>();
        double mmPerPx = 25.4 / grid.dpi();
        for (Result r : decode(bitmap, grid.dpi())) {
            Symbology sym = Symbology.of(r.getBarcodeFormat());
            if (sym == null) {
                continue;
            }
            SymbolMeasure.Measured m = measure.measure(r, sym);
            if (m == null || duplicate(frames, m.frame())) {
                continue;
            }
            frames.add(m.frame());
            quiet.add(m.xPx() * Math.max(sym.quietLeft(), sym.quietRight()));
            String symbologyId = String.valueOf(r.getResultMetadata() == null ? null
                    : r.getResultMetadata().get(ResultMetadataType.SYMBOLOGY_IDENTIFIER));
            String text = r.getText();
            // ISO/IEC 15424 symbology identifiers of FNC1 in first position: GS1-128, GS1 QR Code (with or
            // without ECI), GS1 DataMatrix (with or without ECI)
            boolean gs1 = GS1_IDENTIFIERS.contains(symbologyId) || text.startsWith("]C1");
            if (text.startsWith("]C1")) {
                text = text.substring(3);
            }
            var zones = new ArrayList<QuietZone>();
            for (SymbolMeasure.Side s : m.sides()) {
                zones.add(new QuietZone(s.name(), s.requiredModules(), s.clearModules(),
                        toPdf(grid, m.frame(), s.t0(), s.t1(), s.s0(), s.s1())));
            }
            SymbolMeasure.Frame f = m.frame();
            double[] a = grid.toPdf(f.ox(), f.oy());
            double[] b = grid.toPdf(f.ox() + 100 * f.ux(), f.oy() + 100 * f.uy());
            double angle = Math.toDegrees(Math.atan2(b[1] - a[1], b[0] - a[0]));
            angle = ((angle % 360) + 360) % 360;
            codes.add(new BarcodeFact(pageNum, sym, text, gs1, toPdf(grid, f, 0, f.w(), 0, f.h()), angle,
                    m.modules(), m.xPx() * mmPerPx, m.barHeightPx() == null ? null : m.barHeightPx() * mmPerPx,
                    zones, m.barReflectance(), m.spaceReflectance()));
        }
        List<SuspectRegion> suspects = suspects(pageNum, bitmap, frames, quiet, grid);
        return new PageBarcodes(pageNum, grid.dpi(), codes, suspects, null);
    }

    private static List<Result> decode(BinaryBitmap bitmap, int dpi) {
        var out = new ArrayList<Result>();
        try {
            out.addAll(List.of(new GenericMultipleBarcodeReader(new MultiFormatReader()).decodeMultiple(bitmap,
                    HINTS)));
        } catch (NotFoundException e) {
            // no linear or 2D code where the generic reader looked
        }
        try {
            // the generic reader stops at the first QR Code of a region, this one finds them all (but does not
            // report their symbology identifier, so the generic reader's results come first)
            out.addAll(List.of(new QRCodeMultiReader().decodeMultiple(bitmap, HINTS)));
        } catch (NotFoundException e) {
            // no QR Code
        }
        out.addAll(dataMatrices(bitmap, dpi, out));
        return out;
    }

    /**
     * Data Matrix symbols ZXing's generic pass missed: its detector grows a white rectangle from the middle of what
     * it is given, so it finds a symbol only in a window centred on it. Windows are centred on the grid points
     * (every 2 mm) whose neighbourhood is dark about as much as a symbol's modules, skipping points inside symbols
     * already found.
     */
    private static List<Result> dataMatrices(BinaryBitmap bitmap, int dpi, List<Result> found) {
        var out = new ArrayList<Result>();
        BitMatrix m;
        try {
            m = bitmap.getBlackMatrix();
        } catch (NotFoundException e) {
            return out;
        }
        int w = m.getWidth();
        int h = m.getHeight();
        int step = Math.max(8, (int) Math.round(2 * dpi / 25.4));
        int half = step / 2;
        int win = Math.min(Math.max(w, h), (int) Math.round(40 * dpi / 25.4));
        var reader = new DataMatrixReader();
        var covered = new ArrayList<float[]>();
        for (Result r : found) {
            covered.add(bounds(r.getResultPoints()));
        }
        for (int cy = half; cy < h; cy += step) {
            for (int cx = half; cx < w; cx += step) {
                if (inside(covered, cx, cy) || !mixed(m, cx, cy, (int) Math.round(1.5 * dpi / 25.4))) {
                    continue;
                }
                int x = Math.max(0, Math.min(w - win, cx - win / 2));
                int y = Math.max(0, Math.min(h - win, cy - win / 2));
                int cw = Math.min(win, w - x);
                int ch = Math.min(win, h - y);
                try {
                    Result r = reader.decode(bitmap.crop(x, y, cw, ch), HINTS);
                    ResultPoint[] p = r.getResultPoints();
                    var moved = new ResultPoint[p.length];
                    for (int i = 0; i < p.length; i++) {
                        moved[i] = new ResultPoint(p[i].getX() + x, p[i].getY() + y);
                    }
                    var shifted = new Result(r.getText(), r.getRawBytes(), moved, r.getBarcodeFormat());
                    shifted.putAllMetadata(r.getResultMetadata());
                    out.add(shifted);
                    covered.add(bounds(moved));
                } catch (com.google.zxing.ReaderException e) {
                    // no Data Matrix centred here
                }
            }
        }
        return out;
    }

    private static float[] bounds(ResultPoint[] p) {
        float[] b = {Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (ResultPoint q : p == null ? new ResultPoint[0] : p) {
            b[0] = Math.min(b[0], q.getX());
            b[1] = Math.min(b[1], q.getY());
            b[2] = Math.max(b[2], q.getX());
            b[3] = Math.max(b[3], q.getY());
        }
        return b;
    }

    private static boolean inside(List<float[]> boxes, int x, int y) {
        for (float[] b : boxes) {
            if (x >= b[0] - 8 && x <= b[2] + 8 && y >= b[1] - 8 && y <= b[3] + 8) {
                return true;
            }
        }
        return false;
    }

    /**
     * A 3 mm neighbourhood 30 % to 75 % dark: where a 2D symbol's modules could be (about half of them are dark),
     * and not text, whose lines ink a fifth of their area or less.
     */
    private static boolean mixed(BitMatrix m, int cx, int cy, int half) {
        int dark = 0;
        int all = 0;
        for (int y = Math.max(0, cy - half); y < Math.min(m.getHeight(), cy + half); y += 2) {
            for (int x = Math.max(0, cx - half); x < Math.min(m.getWidth(), cx + half); x += 2) {
                dark += m.get(x, y) ? 1 : 0;
                all++;
            }
        }
        return all > 0 && dark >= 0.3 * all && dark <= 0.75 * all;
    }

    /** The same symbol decoded twice (two readers, or two crops of one reader): their centres nearly coincide. */
    private static boolean duplicate(List<SymbolMeasure.Frame> seen, SymbolMeasure.Frame f) {
        double[] c = f.at(f.w() / 2, f.h() / 2);
        for (SymbolMeasure.Frame o : seen) {
            double[] d = o.at(o.w() / 2, o.h() / 2);
            if (Math.hypot(c[0] - d[0], c[1] - d[1]) < Math.max(4, Math.min(f.w(), f.h()) / 4)) {
                return true;
            }
        }
        return false;
    }

    /** Bars and finder patterns left once the decoded symbols and their quiet zones are blanked out. */
    private static List<SuspectRegion> suspects(int pageNum, BinaryBitmap bitmap, List<SymbolMeasure.Frame> frames,
                                                List<Double> quiet, RasterGrid grid) {
        BitMatrix m;
        try {
            m = bitmap.getBlackMatrix().clone();
        } catch (NotFoundException e) {
            return List.of();
        }
        for (int i = 0; i < frames.size(); i++) {
            blank(m, frames.get(i), quiet.get(i) + 4);
        }
        var out = new ArrayList<SuspectRegion>();
        double pxPerMm = grid.dpi() / 25.4;
        var finder = new BarFinder(m, (int) Math.round(0.5 * pxPerMm), (int) Math.round(3.5 * pxPerMm));
        for (int[] r : finder.find()) {
            out.add(new SuspectRegion(pageNum, "bars", pdfBox(grid, r[0], r[1], r[2], r[3])));
        }
        try {
            DetectorResult found = new Detector(m).detect(HINTS);
            ResultPoint[] p = found.getPoints();
            double minX = Double.MAX_VALUE;
            double minY = Double.MAX_VALUE;
            double maxX = -Double.MAX_VALUE;
            double maxY = -Double.MAX_VALUE;
            for (ResultPoint q : p) {
                minX = Math.min(minX, q.getX());
                minY = Math.min(minY, q.getY());
                maxX = Math.max(maxX, q.getX());
                maxY = Math.max(maxY, q.getY());
            }
            // the finder patterns' centres lie 3.5 modules inside the symbol's corners
            double pad = 3.5 * (maxX - minX) / Math.max(1, found.getBits().getWidth() - 7);
            out.add(new SuspectRegion(pageNum, "finder_patterns",
                    pdfBox(grid, minX - pad, minY - pad, maxX + 1 + pad, maxY + 1 + pad)));
        } catch (com.google.zxing.ReaderException | RuntimeException e) {
            // no three finder patterns in a QR Code's geometry
        }
        return out;
    }

    private static void blank(BitMatrix m, SymbolMeasure.Frame f, double pad) {
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        for (double[] c : f.corners()) {
            minX = Math.min(minX, c[0]);
            minY = Math.min(minY, c[1]);
            maxX = Math.max(maxX, c[0]);
            maxY = Math.max(maxY, c[1]);
        }
        int x0 = (int) Math.max(0, Math.floor(minX - pad));
        int y0 = (int) Math.max(0, Math.floor(minY - pad));
        int x1 = (int) Math.min(m.getWidth(), Math.ceil(maxX + pad));
        int y1 = (int) Math.min(m.getHeight(), Math.ceil(maxY + pad));
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                m.unset(x, y);
            }
        }
    }

    /** The PDF-point box around part of a frame (t over u, s over v). */
    private static Box toPdf(RasterGrid grid, SymbolMeasure.Frame f, double t0, double t1, double s0, double s1) {
        double[][] px = {f.at(t0, s0), f.at(t1, s0), f.at(t0, s1), f.at(t1, s1)};
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        for (double[] p : px) {
            double[] q = grid.toPdf(p[0], p[1]);
            minX = Math.min(minX, q[0]);
            minY = Math.min(minY, q[1]);
            maxX = Math.max(maxX, q[0]);
            maxY = Math.max(maxY, q[1]);
        }
        return new Box(minX, minY, maxX, maxY);
    }

    private static Box pdfBox(RasterGrid grid, double x0, double y0, double x1, double y1) {
        return toPdf(grid, new SymbolMeasure.Frame(x0, y0, 1, 0, 0, 1, x1 - x0, y1 - y0), 0, x1 - x0, 0, y1 - y0);
    }

    private static Map<DecodeHintType, Object> hints() {
        var h = new EnumMap<DecodeHintType, Object>(DecodeHintType.class);
        h.put(DecodeHintType.TRY_HARDER, Boolean.TRUE);
        var formats = new ArrayList<BarcodeFormat>();
        for (Symbology s : Symbology.values()) {
            formats.add(s.format());
        }
        h.put(DecodeHintType.POSSIBLE_FORMATS, formats);
        return Map.copyOf(h);
    }
}
