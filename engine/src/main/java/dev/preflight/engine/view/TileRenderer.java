package dev.preflight.engine.view;

import dev.preflight.engine.Box;
import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.UnreadablePdfException;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.color.PDPattern;
import org.apache.pdfbox.pdmodel.graphics.optionalcontent.PDOptionalContentGroup;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDShadingPattern;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.rendering.PageDrawer;
import org.apache.pdfbox.rendering.PageDrawerParameters;
import org.apache.pdfbox.rendering.RenderDestination;
import org.apache.pdfbox.util.Matrix;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.GeneralPath;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders RGB tiles of one open PDF with PDFBox: a whole page or a region of it, at a resolution, with layers forced
 * on or off, on the page's {@link RasterGrid} (so tiles line up pixel for pixel with Ghostscript's separations).
 *
 * <p>Optional content is shown as the default configuration /D says (its /BaseState, /ON and /OFF), with the
 * toggles applied on top. /Usage states (view, print, export) are not consulted, so a tile always agrees with the
 * layer list's {@code default_on}. Annotations are drawn as a viewer shows them.
 *
 * <p>Memory is bounded: every render is checked against the {@link PixelBudget} before its image is allocated,
 * PDFBox keeps at most the configured main memory for the file and spills the rest to scratch files, and images
 * are subsampled when they hold more detail than the tile can show. One instance holds one open document and
 * renders one page at a time (calls are serialised); close it when done.
 */
public final class TileRenderer implements AutoCloseable {

    private final PDDocument document;
    private final ToggledRenderer renderer;
    private final List<PageGeometry> pages;
    private final List<Layer> layers;
    private final Map<COSDictionary, Layer> layerByGroup = new IdentityHashMap<>();
    private final PixelBudget budget;
    private final MeshShadings meshes = new MeshShadings();

    private TileRenderer(PDDocument document, PixelBudget budget) throws UnreadablePdfException {
        this.document = document;
        this.budget = budget;
        // before any page is read: pages take the document's resource cache when they are created
        document.setResourceCache(new MeshShadings.Cache(meshes));
        this.pages = DocumentGeometry.of(document).pages();
        this.layers = Layers.read(document);
        COSDictionary ocProps = document.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.OCPROPERTIES);
        if (ocProps != null && ocProps.getDictionaryObject(COSName.OCGS) instanceof COSArray ocgs) {
            for (Layer layer : layers) {
                if (ocgs.getObject(layer.ocgIndex()) instanceof COSDictionary group) {
                    layerByGroup.put(group, layer);
                    // PDFBox lets a /Usage state override the configuration; tiles follow /D and the toggles only
                    group.removeItem(COSName.USAGE);
                }
            }
        }
        this.renderer = new ToggledRenderer(document, layerByGroup, meshes);
        renderer.setSubsamplingAllowed(true);
        renderer.setDefaultDestination(RenderDestination.VIEW);
        var hints = new RenderingHints(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        hints.put(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        // bicubic image scaling costs twice the whole page's render time on photographic pages for no visible gain
        hints.put(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        hints.put(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        // Java2D otherwise snaps edges to whole pixels, moving them off the grid Ghostscript's separations use
        hints.put(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        renderer.setRenderingHints(hints);
    }

    /**
     * Opens a PDF for rendering.
     *
     * @param maxMainMemoryBytes PDFBox's main-memory budget for the file; the rest spills to scratch files
     * @param budget             the most pixels one render may allocate
     * @throws UnreadablePdfException when the file is not a PDF, needs a password or is damaged beyond reading
     */
    public static TileRenderer open(Path pdf, long maxMainMemoryBytes, PixelBudget budget)
            throws UnreadablePdfException {
        PDDocument doc = PdfOpener.open(pdf, maxMainMemoryBytes);
        try {
            return new TileRenderer(doc, budget);
        } catch (UnreadablePdfException | RuntimeException e) {
            closeQuietly(doc);
            throw e;
        }
    }

    public int pageCount() {
        return pages.size();
    }

    /** Geometry of every page, in order. */
    public List<PageGeometry> pages() {
        return pages;
    }

    /** The geometry of a 1-based page. */
    public PageGeometry page(int pageNum) {
        if (pageNum < 1 || pageNum > pages.size()) {
            throw new InvalidViewRequestException("page_num", "Page " + pageNum + " does not exist; the document has "
                    + pages.size() + (pages.size() == 1 ? " page." : " pages."));
        }
        return pages.get(pageNum - 1);
    }

    /** The document's layers in /OCGs order. */
    public List<Layer> layers() {
        return layers;
    }

    public PixelBudget budget() {
        return budget;
    }

    /** The pixel grid of a page at a resolution. */
    public RasterGrid grid(int pageNum, int dpi) {
        return RasterGrid.of(page(pageNum), checkDpi(dpi));
    }

    /**
     * Renders a page, or a region of it, as PNG.
     *
     * @param region PDF points, origin lower-left (the coordinates of the page's boxes and of findings' bbox);
     *               null for the whole page. The tile covers every pixel the region touches, clipped to the page.
     * @throws InvalidViewRequestException  for a page that does not exist, a resolution outside 1..2400, a region
     *                                      off the page, or toggles that do not fit the document's layers
     * @throws PixelBudgetExceededException when the render needs more pixels than the budget
     * @throws PageRenderException          when the page's content cannot be drawn
     */
    public Tile render(int pageNum, int dpi, LayerToggles toggles, Box region)
            throws PixelBudgetExceededException, PageRenderException {
        RasterGrid grid = grid(pageNum, dpi);
        PixelRect rect = rectOf(grid, region);
        BufferedImage image = renderImage(grid, rect, toggles);
        return new Tile(Png.encode(image), image.getWidth(), image.getHeight(), dpi, rect, grid.toPdf(rect));
    }

    /** Renders a page, or a region of it, as an RGB image (see {@link #render}). */
    public BufferedImage renderImage(int pageNum, int dpi, LayerToggles toggles, Box region)
            throws PixelBudgetExceededException, PageRenderException {
        RasterGrid grid = grid(pageNum, dpi);
        return renderImage(grid, rectOf(grid, region), toggles);
    }

    /**
     * Renders a rectangle of a page's grid as a {@code TYPE_INT_RGB} image. Use it to draw on the grid of a
     * separation render ({@code RasterGrid.of(sep.geometry(), sep.dpi())}).
     */
    public BufferedImage renderImage(RasterGrid grid, PixelRect rect, LayerToggles toggles)
            throws PixelBudgetExceededException, PageRenderException {
        PageGeometry page = page(grid.geometry().pageNum());
        checkDpi(grid.dpi());
        if (rect.x() + rect.width() > grid.width() || rect.y() + rect.height() > grid.height()) {
            throw new InvalidViewRequestException("region", "The pixel rectangle " + rect + " is not on the "
                    + grid.width() + "x" + grid.height() + " grid of page " + page.pageNum() + ".");
        }
        LayerToggles t = toggles == null ? LayerToggles.NONE : toggles;
        List<LayerToggleProblem> problems = t.problems(layers.size());
        if (!problems.isEmpty()) {
            throw new InvalidViewRequestException(problems.getFirst().parameter(), problems.getFirst().message());
        }
        if (rect.pixels() > budget.maxPixels()) {
            int best = budget.largestDpi(page, rect.equals(grid.full()) ? null : grid.toPdf(rect));
            throw new PixelBudgetExceededException("Rendering " + rect.width() + "x" + rect.height()
                    + " pixels of page " + page.pageNum() + " exceeds the limit of " + budget.maxPixels()
                    + " pixels; the largest resolution that fits is " + best + " dpi.", rect.pixels(),
                    budget.maxPixels(), best);
        }
        synchronized (this) {
            return draw(grid, rect, t);
        }
    }

    /**
     * The colour of the pixel holding a PDF point (points, origin lower-left) in the page rendered at a resolution
     * with the default layers, as {@code 0xRRGGBB}. Only that pixel is rasterised.
     */
    public int rgbAt(int pageNum, int dpi, double x, double y) throws PageRenderException {
        RasterGrid grid = grid(pageNum, dpi);
        int[] px = grid.pixelAt(x, y);
        if (px == null) {
            throw offPage(grid, x, y);
        }
        BufferedImage one;
        synchronized (this) {
            one = draw(grid, new PixelRect(px[0], px[1], 1, 1), LayerToggles.NONE);
        }
        return one.getRGB(0, 0) & 0xFFFFFF;
    }

    /**
     * Each spot ink a page can paint with and its full-tint equivalent in an output condition's CMYK (see {@link
     * PlateComposite#spotInks}).
     */
    public synchronized Map<String, float[]> spotInks(int pageNum, java.awt.color.ICC_ColorSpace cmyk) {
        page(pageNum); // a page number out of range answers as everywhere else
        return PlateComposite.spotInks(document.getPage(pageNum - 1), cmyk);
    }

    static InvalidViewRequestException offPage(RasterGrid grid, double x, double y) {
        Box crop = grid.geometry().cropBox();
        return new InvalidViewRequestException("x", String.format(java.util.Locale.ROOT,
                "The point (%.2f, %.2f) is not on page %d, which spans x %.2f to %.2f and y %.2f to %.2f points.",
                x, y, grid.geometry().pageNum(), crop.x0(), crop.x1(), crop.y0(), crop.y1()));
    }

    private PixelRect rectOf(RasterGrid grid, Box region) throws PixelBudgetExceededException {
        if (region == null) {
            budget.require(grid.geometry(), grid.dpi(), null);
            return grid.full();
        }
        PixelRect rect = grid.cover(region);
        if (rect == null) {
            Box crop = grid.geometry().cropBox();
            throw new InvalidViewRequestException("region", String.format(java.util.Locale.ROOT,
                    "The region x %.2f to %.2f, y %.2f to %.2f does not overlap page %d, which spans x %.2f to %.2f"
                            + " and y %.2f to %.2f points.", region.x0(), region.x1(), region.y0(), region.y1(),
                    grid.geometry().pageNum(), crop.x0(), crop.x1(), crop.y0(), crop.y1()));
        }
        budget.require(grid.geometry(), grid.dpi(), region);
        return rect;
    }

    private static int checkDpi(int dpi) {
        if (dpi < 1 || dpi > 2400) {
            throw new InvalidViewRequestException("dpi", "dpi " + dpi + " is outside 1 to 2400.");
        }
        return dpi;
    }

    private BufferedImage draw(RasterGrid grid, PixelRect rect, LayerToggles toggles) throws PageRenderException {
        int pageNum = grid.geometry().pageNum();
        var image = new BufferedImage(rect.width(), rect.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        renderer.forced.clear();
        for (Layer layer : layers) {
            renderer.forced.put(layer.ocgIndex(), toggles.isOn(layer));
        }
        renderer.region = rect.equals(grid.full()) ? null : regionClip(grid, rect);
        try {
            g.setBackground(Color.WHITE);
            g.clearRect(0, 0, rect.width(), rect.height());
            double scale = grid.scale();
            // PDFBox puts the displayed page's top-left corner at the origin; the grid anchors its bottom edge
            double shiftY = grid.height() - grid.geometry().heightPts() * scale;
            g.translate(-rect.x(), -rect.y() + shiftY);
            renderer.renderPageToGraphics(pageNum - 1, g, (float) scale, (float) scale, RenderDestination.VIEW);
            return image;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw new PageRenderException(pageNum, "Page " + pageNum + " could not be rendered: "
                    + describe(e), e);
        } finally {
            g.dispose();
            renderer.forced.clear();
            renderer.region = null;
        }
    }

    /**
     * The PDF-space rectangle of a region tile, one pixel wider on every side. PDFBox sizes transparency groups,
     * soft masks and mesh-shading tables by the PDF clipping path, not by the image drawn into, so without this clip
     * a region costs nearly as much as the whole page (and its memory at the region's resolution).
     */
    private static Rectangle2D regionClip(RasterGrid grid, PixelRect rect) {
        Box box = grid.toPdf(rect);
        Box crop = grid.geometry().cropBox();
        double s = grid.scale();
        // PDFBox draws a group's image at (left - crop left, crop top - top) times the scale from the page's origin:
        // on whole device pixels from the crop box's top-left corner the group lands exactly where it lands in the
        // whole page's render, so the region's pixels are the page's pixels
        double left = Math.floor((Math.min(box.x0(), box.x1()) - crop.x0()) * s) - 1;
        double right = Math.ceil((Math.max(box.x0(), box.x1()) - crop.x0()) * s) + 1;
        double top = Math.floor((crop.y1() - Math.max(box.y0(), box.y1())) * s) - 1;
        double bottom = Math.ceil((crop.y1() - Math.min(box.y0(), box.y1())) * s) + 1;
        return new Rectangle2D.Double(crop.x0() + left / s, crop.y1() - bottom / s, (right - left) / s,
                (bottom - top) / s);
    }

    static String describe(Throwable e) {
        if (e instanceof StackOverflowError) {
            return "its content is nested too deeply";
        }
        String m = e.getMessage();
        if (e instanceof IOException) {
            return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
        }
        // a runtime exception's message alone ("-4") says nothing to a reader
        return "malformed content (" + e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m)
                + ")";
    }

    @Override
    public synchronized void close() {
        closeQuietly(document);
    }

    private static void closeQuietly(PDDocument doc) {
        try {
            doc.close();
        } catch (IOException ignored) {
            // nothing was written; the scratch files go with the JVM's temporary-file clean-up
        }
    }

    /** A PDFBox renderer whose optional-content states come from the layer list and the current toggles. */
    private static final class ToggledRenderer extends PDFRenderer {
        private final Map<COSDictionary, Layer> layerByGroup;
        private final MeshShadings meshes;
        final Map<Integer, Boolean> forced = new java.util.HashMap<>();
        /** The region being drawn, in PDF points; null for the whole page. */
        Rectangle2D region;

        ToggledRenderer(PDDocument document, Map<COSDictionary, Layer> layerByGroup, MeshShadings meshes) {
            super(document);
            this.layerByGroup = layerByGroup;
            this.meshes = meshes;
        }

        @Override
        protected PageDrawer createPageDrawer(PageDrawerParameters parameters) throws IOException {
            return new TileDrawer(parameters, region, meshes);
        }

        @Override
        public boolean isGroupEnabled(PDOptionalContentGroup group) {
            Layer layer = group == null ? null : layerByGroup.get(group.getCOSObject());
            if (layer == null) {
                return super.isGroupEnabled(group);
            }
            Boolean on = forced.get(layer.ocgIndex());
            return on == null ? layer.defaultOn() : on;
        }
    }

    /**
     * PDFBox's page drawer, except that a stencil mask drawn well below its own resolution is reduced while it is
     * decoded ({@link StencilCoverage}) instead of being expanded to a full-size ARGB image first, that spot-ink
     * images of few bits are converted through a table ({@link TintLookupImage}), that patch-mesh shading patterns
     * are painted by {@link PatchMeshPaint}, and that a region tile clips the page to its region.
     */
    private static final class TileDrawer extends PageDrawer {

        private final Rectangle2D region;
        private final MeshShadings meshes;
        private boolean regionClipped;

        TileDrawer(PageDrawerParameters parameters, Rectangle2D region, MeshShadings meshes) throws IOException {
            super(parameters);
            this.region = region;
            this.meshes = meshes;
        }

        @Override
        protected Paint getPaint(PDColor color) throws IOException {
            if (color.getColorSpace() instanceof PDPattern patterns
                    && patterns.getPattern(color) instanceof PDShadingPattern pattern) {
                Paint ours = meshes.patternPaint(pattern.getShading(),
                        Matrix.concatenate(getInitialMatrix(), pattern.getMatrix()));
                if (ours != null) {
                    return ours;
                }
            }
            return super.getPaint(color);
        }

        @Override
        protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
            if (region != null && !regionClipped) {
                // the page's first operator runs in its initial graphics state, whose CTM is the identity: clip
                // it to the region so every group, mask and shading below is sized by the region
                regionClipped = true;
                getGraphicsState().intersectClippingPath(new GeneralPath(region));
            }
            super.processOperator(operator, operands);
        }

        @Override
        public void drawImage(PDImage image) throws IOException {
            TintLookupImage tinted = TintLookupImage.forImage(image);
            if (tinted != null) {
                super.drawImage(tinted);
                return;
            }
            if (image.isStencil() && !hasOptionalContent(image)) {
                AffineTransform ctm = getGraphicsState().getCurrentTransformationMatrix().createAffineTransform();
                // device pixels the image's unit square covers: the CTM's area times the device scale's
                double area = Math.abs(ctm.getDeterminant() * getGraphics().getTransform().getDeterminant());
                int factor = StencilCoverage.factorFor(image, area);
                if (factor >= 2) {
                    super.drawImage(new StencilCoverage(image, factor));
                    return;
                }
            }
            super.drawImage(image);
        }

        /**
         * PDFBox decides whether an image XObject's /OC hides it from the XObject itself, which a stand-in is not;
         * such images (rare) are left to PDFBox.
         */
        private static boolean hasOptionalContent(PDImage image) {
            return image instanceof PDImageXObject x && x.getOptionalContent() != null;
        }
    }
}
