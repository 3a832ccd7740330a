package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.contentstream.PDFStreamEngine;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.OperatorProcessor;
import org.apache.pdfbox.contentstream.operator.color.SetNonStrokingColor;
import org.apache.pdfbox.contentstream.operator.color.SetNonStrokingColorN;
import org.apache.pdfbox.contentstream.operator.color.SetNonStrokingColorSpace;
import org.apache.pdfbox.contentstream.operator.color.SetNonStrokingDeviceCMYKColor;
import org.apache.pdfbox.contentstream.operator.color.SetNonStrokingDeviceGrayColor;
import org.apache.pdfbox.contentstream.operator.color.SetNonStrokingDeviceRGBColor;
import org.apache.pdfbox.contentstream.operator.color.SetStrokingColor;
import org.apache.pdfbox.contentstream.operator.color.SetStrokingColorN;
import org.apache.pdfbox.contentstream.operator.color.SetStrokingColorSpace;
import org.apache.pdfbox.contentstream.operator.color.SetStrokingDeviceCMYKColor;
import org.apache.pdfbox.contentstream.operator.color.SetStrokingDeviceGrayColor;
import org.apache.pdfbox.contentstream.operator.color.SetStrokingDeviceRGBColor;
import org.apache.pdfbox.contentstream.operator.state.Concatenate;
import org.apache.pdfbox.contentstream.operator.state.Restore;
import org.apache.pdfbox.contentstream.operator.state.Save;
import org.apache.pdfbox.contentstream.operator.state.SetFlatness;
import org.apache.pdfbox.contentstream.operator.state.SetGraphicsStateParameters;
import org.apache.pdfbox.contentstream.operator.state.SetLineCapStyle;
import org.apache.pdfbox.contentstream.operator.state.SetLineDashPattern;
import org.apache.pdfbox.contentstream.operator.state.SetLineJoinStyle;
import org.apache.pdfbox.contentstream.operator.state.SetLineMiterLimit;
import org.apache.pdfbox.contentstream.operator.state.SetLineWidth;
import org.apache.pdfbox.contentstream.operator.state.SetMatrix;
import org.apache.pdfbox.contentstream.operator.state.SetRenderingIntent;
import org.apache.pdfbox.contentstream.operator.text.BeginText;
import org.apache.pdfbox.contentstream.operator.text.EndText;
import org.apache.pdfbox.contentstream.operator.text.MoveText;
import org.apache.pdfbox.contentstream.operator.text.MoveTextSetLeading;
import org.apache.pdfbox.contentstream.operator.text.NextLine;
import org.apache.pdfbox.contentstream.operator.text.SetCharSpacing;
import org.apache.pdfbox.contentstream.operator.text.SetFontAndSize;
import org.apache.pdfbox.contentstream.operator.text.SetTextHorizontalScaling;
import org.apache.pdfbox.contentstream.operator.text.SetTextLeading;
import org.apache.pdfbox.contentstream.operator.text.SetTextRenderingMode;
import org.apache.pdfbox.contentstream.operator.text.SetTextRise;
import org.apache.pdfbox.contentstream.operator.text.SetWordSpacing;
import org.apache.pdfbox.contentstream.operator.text.ShowText;
import org.apache.pdfbox.contentstream.operator.text.ShowTextAdjusted;
import org.apache.pdfbox.contentstream.operator.text.ShowTextLine;
import org.apache.pdfbox.contentstream.operator.text.ShowTextLineAndSpace;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.documentinterchange.markedcontent.PDPropertyList;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType3Font;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.blend.BlendMode;
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDPattern;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.image.PDInlineImage;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDAbstractPattern;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDShadingPattern;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDTilingPattern;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShading;
import org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.util.Matrix;
import org.apache.pdfbox.util.Vector;

import java.awt.geom.Area;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks one page's content (and the forms, patterns, Type 3 glyphs and printing annotation appearances it draws)
 * and records every painted element with the graphics state it was painted in.
 *
 * <p>The clip is tracked as a box: every {@code W}/{@code W*} intersects PDFBox's clipping area with the bounding
 * box of the clipping path (a superset of the true clip, so an element is called clipped only when it surely is),
 * and we remember whether the result is an exact rectangle (only then may a covering element hide what is below).
 *
 * <p>Effective line width (GWG D0017) is the line width times the <em>smaller</em> singular value of the CTM: a
 * non-uniformly scaled stroke is as thin as its thinnest direction, and a thin-line check must not miss it.
 */
final class PageWalker extends PDFStreamEngine {

    static final int MAX_DEPTH = 64;
    private static final long MAX_OPERATORS = 20_000_000L;
    private static final long MAX_NANOS = 60_000_000_000L;
    private static final int MAX_TEXT = 200;
    private static final double THIN_FILL_PT = 2.0;

    private final DocState doc;
    private final PDPage page;
    private final int pageNum;
    private final Box crop;
    private final int maxElements;
    final List<Draft> drafts = new ArrayList<>();
    final Problems problems = new Problems();
    final List<TransparencyGroupFact> groups = new ArrayList<>();
    private final Set<String> groupKeys = new HashSet<>();
    boolean truncated;

    // Path under construction, in page space.
    private double pMinX;
    private double pMinY;
    private double pMaxX;
    private double pMaxY;
    private int pPoints;
    private int pOps;
    private int pSubpaths;
    private boolean pCurves;
    private boolean pRect;
    private final double[] rectCorners = new double[8];
    private final double[] poly = new double[20];
    private int polyN;
    private float curX;
    private float curY;
    private float startX;
    private float startY;
    private boolean pendingClip;

    // Where we are.
    private String context = "page";
    /**
     * Pattern space is the default space of the content stream that uses the pattern: the page's, or a form's
     * (form matrix x CTM where it is drawn). PDFBox alone would place patterns in forms in page space.
     */
    private Matrix patternBase = new Matrix();
    private int depth;
    private final Set<COSBase> activeStreams = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Mc> markedContent = new ArrayList<>();
    private final Set<COSBase> patternsWalked = Collections.newSetFromMap(new IdentityHashMap<>());
    private int inlineImages;
    private long operators;
    private final long deadline;
    private boolean emcWarned;

    // Text element under construction.
    private boolean inShow;
    private Draft text;
    private Box textBox;
    private int glyphs;
    private StringBuilder textChars;
    private Box textClip;
    private String currentFontResource;
    private COSDictionary brokenFont;

    // Clip cache: PDFBox returns the same Area object until the clip changes.
    private Area lastClipArea;
    private Box lastClipBox;
    private boolean lastClipRect;

    private record Mc(String ocName, boolean hidden) {
        static final Mc NONE = new Mc(null, false);
    }

    /** Thrown to stop a page whose walk exceeds its operator or time budget. */
    static final class WalkLimitException extends RuntimeException {
        WalkLimitException(String message) {
            super(message, null, false, false);
        }
    }

    PageWalker(DocState doc, PDPage page, int pageNum, Box crop) {
        this.doc = doc;
        this.page = page;
        this.pageNum = pageNum;
        this.crop = crop;
        this.maxElements = Math.max(1, doc.settings.maxElementsPerPage());
        this.deadline = Math.min(System.nanoTime() + MAX_NANOS, doc.deadlineNanos);
        registerOperators();
    }

    private void registerOperators() {
        addOperator(new Save(this));
        addOperator(new Restore(this));
        addOperator(new Concatenate(this));
        addOperator(new SetLineWidth(this));
        addOperator(new SetLineCapStyle(this));
        addOperator(new SetLineJoinStyle(this));
        addOperator(new SetLineMiterLimit(this));
        addOperator(new SetLineDashPattern(this));
        addOperator(new SetRenderingIntent(this));
        addOperator(new SetFlatness(this));
        addOperator(new SetMatrix(this));
        addOperator(new ExtGStateOp(this));
        addOperator(new SetStrokingColorSpace(this));
        addOperator(new SetNonStrokingColorSpace(this));
        addOperator(new SetStrokingColor(this));
        addOperator(new SetNonStrokingColor(this));
        addOperator(new SetStrokingColorN(this));
        addOperator(new SetNonStrokingColorN(this));
        addOperator(new SetStrokingDeviceGrayColor(this));
        addOperator(new SetNonStrokingDeviceGrayColor(this));
        addOperator(new SetStrokingDeviceRGBColor(this));
        addOperator(new SetNonStrokingDeviceRGBColor(this));
        addOperator(new SetStrokingDeviceCMYKColor(this));
        addOperator(new SetNonStrokingDeviceCMYKColor(this));
        addOperator(new BeginText(this));
        addOperator(new EndText(this));
        addOperator(new MoveText(this));
        addOperator(new MoveTextSetLeading(this));
        addOperator(new NextLine(this));
        addOperator(new SetCharSpacing(this));
        addOperator(new FontOp(this));
        addOperator(new SetTextHorizontalScaling(this));
        addOperator(new SetTextLeading(this));
        addOperator(new SetTextRenderingMode(this));
        addOperator(new SetTextRise(this));
        addOperator(new SetWordSpacing(this));
        addOperator(new ShowText(this));
        addOperator(new ShowTextAdjusted(this));
        addOperator(new ShowTextLine(this));
        addOperator(new ShowTextLineAndSpace(this));
        addOperator(new PathOp(this, "m"));
        addOperator(new PathOp(this, "l"));
        addOperator(new PathOp(this, "c"));
        addOperator(new PathOp(this, "v"));
        addOperator(new PathOp(this, "y"));
        addOperator(new PathOp(this, "h"));
        addOperator(new PathOp(this, "re"));
        for (String p : new String[] {"f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "n"}) {
            addOperator(new PaintOp(this, p));
        }
        addOperator(new ClipOp(this, "W"));
        addOperator(new ClipOp(this, "W*"));
        addOperator(new ShadingOp(this));
        addOperator(new DoOp(this));
        addOperator(new InlineImageOp(this));
        addOperator(new MarkedContentOp(this, "BMC"));
        addOperator(new MarkedContentOp(this, "BDC"));
        addOperator(new MarkedContentOp(this, "EMC"));
        addOperator(new GlyphMetricsOp(this, "d0"));
        addOperator(new GlyphMetricsOp(this, "d1"));
    }

    /** Nesting of BX/EX compatibility sections, inside which unknown operators are allowed (ISO 32000 7.8.2). */
    private int compatibilityDepth;
    /** Unknown operators already reported on this page, so that a stream full of them gives one problem each. */
    private final Set<String> unknownOperators = new HashSet<>();

    @Override
    protected void unsupportedOperator(Operator operator, List<COSBase> operands) {
        String name = operator.getName();
        switch (name) {
            case "BX" -> compatibilityDepth++;
            case "EX" -> compatibilityDepth = Math.max(0, compatibilityDepth - 1);
            case "MP", "DP" -> {
                // Marked-content points carry no painting.
            }
            default -> {
                if (compatibilityDepth == 0 && unknownOperators.size() < 20 && unknownOperators.add(name)) {
                    problem("unknown operator '" + name + "' outside a BX/EX compatibility section");
                }
            }
        }
    }

    /** Records whether the page's own content streams decode completely (see {@link StreamIntegrity}). */
    private void checkContentStreams() {
        try {
            COSBase contents = page.getCOSObject().getDictionaryObject(COSName.CONTENTS);
            if (contents instanceof COSStream s) {
                doc.streams.check(s, pageNum, ObjectIds.idOr(s, "content:p" + pageNum), "content");
            } else if (contents instanceof COSArray a) {
                for (int i = 0; i < a.size(); i++) {
                    if (a.getObject(i) instanceof COSStream s) {
                        doc.streams.check(s, pageNum, ObjectIds.idOr(s, "content:p" + pageNum + ":" + i), "content");
                    }
                }
            }
        } catch (RuntimeException e) {
            problem("the page's content streams could not be checked: " + Problems.describe(e));
        }
    }

    /** Walks the page content, then the appearance streams of annotations that print. */
    void walk(List<PDAnnotation> annotations) {
        doc.colors.page(pageNum);
        recordPageGroup();
        if (System.nanoTime() > deadline) {
            problem("the page was not walked: the document's time budget of "
                    + DocState.DOCUMENT_WALK_NANOS / 60_000_000_000L + " minutes was used up");
            return;
        }
        checkContentStreams();
        try {
            processPage(page);
        } catch (WalkLimitException e) {
            problem("the page walk stopped early: " + e.getMessage());
            return;
        } catch (IOException | RuntimeException e) {
            problem("the page content could not be read: " + Problems.describe(e));
        } catch (StackOverflowError e) {
            problem("the page content is nested too deeply to walk");
        }
        for (PDAnnotation a : annotations) {
            try {
                if (!a.isPrinted() || a.isHidden() || a.getNormalAppearanceStream() == null) {
                    continue;
                }
                String saved = context;
                context = "annotation:" + ObjectIds.idOr(a.getCOSObject(), "p" + pageNum);
                int mark = markedContent.size();
                Mc oc = ocOf(a.getCOSObject().getDictionaryObject(COSName.OC));
                if (oc != null) {
                    markedContent.add(oc);
                }
                try {
                    showAnnotation(a);
                } finally {
                    truncateMarkedContent(mark);
                    context = saved;
                }
            } catch (WalkLimitException e) {
                problem("the page walk stopped early: " + e.getMessage());
                return;
            } catch (IOException | RuntimeException e) {
                problem("an annotation appearance could not be read: " + Problems.describe(e));
            } catch (StackOverflowError e) {
                problem("an annotation appearance is nested too deeply to walk");
            }
        }
    }

    // ---------------------------------------------------------------- engine hooks

    @Override
    protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
        operators++;
        if (operators > MAX_OPERATORS) {
            throw new WalkLimitException("more than " + MAX_OPERATORS + " operators");
        }
        if ((operators & 0xFFF) == 0 && System.nanoTime() > deadline) {
            throw new WalkLimitException("the walk ran out of time (" + MAX_NANOS / 1_000_000_000L
                    + " s per page, " + DocState.DOCUMENT_WALK_NANOS / 60_000_000_000L + " min per document)");
        }
        try {
            super.processOperator(operator, operands);
        } catch (WalkLimitException e) {
            throw e;
        } catch (RuntimeException e) {
            problem("operator " + operator.getName() + " failed: " + Problems.describe(e));
        }
    }

    @Override
    protected void operatorException(Operator operator, List<COSBase> operands, IOException e) {
        problem("operator " + operator.getName() + " failed: " + Problems.describe(e));
    }

    @Override
    public void showTextString(byte[] string) throws IOException {
        boolean outer = beginShow();
        try {
            super.showTextString(string);
        } finally {
            if (outer) {
                endShow();
            }
        }
    }

    @Override
    public void showTextStrings(COSArray array) throws IOException {
        boolean outer = beginShow();
        try {
            super.showTextStrings(array);
        } finally {
            if (outer) {
                endShow();
            }
        }
    }

    @Override
    public void beginText() throws IOException {
        super.beginText();
        textClip = null;
    }

    @Override
    public void endText() throws IOException {
        super.endText();
        if (textClip != null) {
            intersectClip(textClip);
            textClip = null;
        }
    }

    @Override
    protected void showGlyph(Matrix trm, PDFont font, int code, Vector displacement) throws IOException {
        if (text == null && inShow) {
            startTextElement(font, trm);
        }
        Box g = glyphBox(trm, font, displacement);
        if (g != null) {
            textBox = textBox == null ? g : textBox.union(g);
            int mode = getGraphicsState().getTextState().getRenderingMode().intValue();
            if (mode >= 4) {
                textClip = textClip == null ? g : textClip.union(g);
            }
        }
        glyphs++;
        if (brokenFont != null) {
            doc.fonts.glyphOfDamaged(brokenFont);
        } else {
            doc.fonts.glyph(font, code);
        }
        if (textChars != null && textChars.length() < MAX_TEXT) {
            String u = unicode(font, code);
            if (u != null) {
                textChars.append(u, 0, Math.min(u.length(), MAX_TEXT - textChars.length()));
            }
        }
        super.showGlyph(trm, font, code, displacement);
    }

    /** Marks a code whose font maps it to no Unicode text in {@link #unicode}'s cache. */
    private static final Object NO_UNICODE = new Object();
    /** Unicode text of single-byte codes per font object on this page; PDFBox looks each up afresh every time. */
    private final Map<PDFont, Object[]> unicodeByFont = new IdentityHashMap<>();
    private PDFont unicodeFont;
    private Object[] unicodeCodes;

    private String unicode(PDFont font, int code) {
        if (code < 0 || code > 255) {
            return font.toUnicode(code);
        }
        if (font != unicodeFont) {
            unicodeCodes = unicodeByFont.computeIfAbsent(font, f -> new Object[256]);
            unicodeFont = font;
        }
        Object u = unicodeCodes[code];
        if (u == null) {
            String s = font.toUnicode(code);
            unicodeCodes[code] = s == null ? NO_UNICODE : s;
            return s;
        }
        return u == NO_UNICODE ? null : (String) u;
    }

    @Override
    protected void showType3Glyph(Matrix trm, PDType3Font font, int code, Vector displacement) throws IOException {
        if (depth >= MAX_DEPTH) {
            problem("Type 3 glyphs nested deeper than " + MAX_DEPTH + "; the rest is skipped");
            return;
        }
        // A glyph procedure may show text itself: keep the outer text element apart.
        Draft savedText = text;
        Box savedBox = textBox;
        int savedGlyphs = glyphs;
        StringBuilder savedChars = textChars;
        boolean savedInShow = inShow;
        Box savedClip = textClip;
        String savedContext = context;
        String savedFontResource = currentFontResource;
        COSDictionary savedBroken = brokenFont;
        text = null;
        textBox = null;
        glyphs = 0;
        textChars = null;
        inShow = false;
        context = "type3:" + ObjectIds.idOr(font.getCOSObject(), "res:" + pageNum + ":" + currentFontResource);
        depth++;
        try {
            super.showType3Glyph(trm, font, code, displacement);
        } finally {
            depth--;
            context = savedContext;
            text = savedText;
            textBox = savedBox;
            glyphs = savedGlyphs;
            textChars = savedChars;
            inShow = savedInShow;
            textClip = savedClip;
            currentFontResource = savedFontResource;
            brokenFont = savedBroken;
        }
    }

    // ---------------------------------------------------------------- text

    private boolean beginShow() {
        if (inShow) {
            return false;
        }
        inShow = true;
        text = null;
        textBox = null;
        glyphs = 0;
        textChars = new StringBuilder();
        return true;
    }

    private void startTextElement(PDFont font, Matrix trm) {
        PDGraphicsState gs = getGraphicsState();
        int mode = gs.getTextState().getRenderingMode().intValue();
        Draft d = new Draft();
        d.kind = ElementKind.TEXT;
        boolean fills = mode == 0 || mode == 2 || mode == 4 || mode == 6;
        boolean strokes = mode == 1 || mode == 2 || mode == 5 || mode == 6;
        d.fill = fills || mode == 3 || mode == 7 ? color(gs.getNonStrokingColor(), gs.getNonStrokingColorSpace())
                : null;
        d.stroke = strokes ? color(gs.getStrokingColor(), gs.getStrokingColorSpace()) : null;
        d.lineWidth = strokes ? effectiveWidth(gs.getLineWidth()) : 0;
        d.invisibleText = mode == 3 || mode == 7;
        // After a Tf whose font could not be loaded PDFBox keeps showing with the previous (or a default) font:
        // the text belongs to the broken font, not to that stand-in.
        String fontId = brokenFont != null ? doc.fonts.usedDamaged(brokenFont, pageNum)
                : doc.fonts.used(font, currentFontResource, pageNum);
        String fontName = brokenFont != null ? brokenFont.getNameAsString(COSName.BASE_FONT) : font.getName();
        double size = Math.hypot(trm.getValue(1, 0), trm.getValue(1, 1));
        d.text = new TextInfo(fontId, fontName, Geometry.round3(size), mode, 0, "");
        text = d;
    }

    private void endShow() {
        inShow = false;
        Draft d = text;
        text = null;
        if (d == null || textBox == null) {
            return;
        }
        int mode = d.text.renderMode();
        if (mode == 7) {
            return; // clip only: nothing is painted
        }
        d.text = new TextInfo(d.text.fontObjectId(), d.text.fontName(), d.text.fontSize(), mode, glyphs,
                textChars == null ? "" : textChars.toString());
        Box box = textBox;
        Draft recorded = record(d, box);
        PDGraphicsState gs = getGraphicsState();
        if (recorded != null && d.fill != null && gs.getNonStrokingColorSpace() instanceof PDPattern p
                && !d.invisibleText) {
            walkPattern(p, gs.getNonStrokingColor(), recorded.bbox, recorded.visibleBox);
        }
    }

    private Box glyphBox(Matrix trm, PDFont font, Vector displacement) {
        double[] vy = doc.fonts.verticalExtent(font);
        double x0 = 0;
        double x1 = displacement.getX();
        double y0 = vy[0];
        double y1 = vy[1];
        if (x1 == 0 && displacement.getY() != 0) {
            x0 = -0.5;
            x1 = 0.5;
            y0 = displacement.getY();
            y1 = 0;
        }
        return Geometry.transformBox(trm, x0, y0, x1, y1);
    }

    // ---------------------------------------------------------------- paths

    private void clearPath() {
        pPoints = 0;
        pOps = 0;
        pSubpaths = 0;
        pCurves = false;
        pRect = false;
        polyN = 0;
        pMinX = Double.POSITIVE_INFINITY;
        pMinY = Double.POSITIVE_INFINITY;
        pMaxX = Double.NEGATIVE_INFINITY;
        pMaxY = Double.NEGATIVE_INFINITY;
    }

    private void addPoint(float x, float y) {
        Matrix m = getGraphicsState().getCurrentTransformationMatrix();
        double px = m.getValue(0, 0) * x + m.getValue(1, 0) * y + m.getValue(2, 0);
        double py = m.getValue(0, 1) * x + m.getValue(1, 1) * y + m.getValue(2, 1);
        if (!Double.isFinite(px) || !Double.isFinite(py)) {
            return;
        }
        if (pPoints == 0) {
            pMinX = pMaxX = px;
            pMinY = pMaxY = py;
        } else {
            pMinX = Math.min(pMinX, px);
            pMaxX = Math.max(pMaxX, px);
            pMinY = Math.min(pMinY, py);
            pMaxY = Math.max(pMaxY, py);
        }
        pPoints++;
        if (pSubpaths <= 1 && polyN < poly.length) {
            poly[polyN++] = px;
            poly[polyN++] = py;
        }
    }

    void pathOp(String op, List<COSBase> args) {
        float[] a = floats(args);
        if (pOps == 0) {
            clearPath();
        }
        switch (op) {
            case "m" -> {
                if (a.length < 2) {
                    return;
                }
                pSubpaths++;
                pRect = false;
                curX = startX = a[0];
                curY = startY = a[1];
                addPoint(a[0], a[1]);
            }
            case "l" -> {
                if (a.length < 2) {
                    return;
                }
                pRect = false;
                if (pSubpaths == 0) {
                    pSubpaths = 1;
                    addPoint(curX, curY);
                }
                curX = a[0];
                curY = a[1];
                addPoint(a[0], a[1]);
            }
            case "c" -> {
                if (a.length < 6) {
                    return;
                }
                pRect = false;
                pCurves = true;
                addPoint(a[0], a[1]);
                addPoint(a[2], a[3]);
                addPoint(a[4], a[5]);
                curX = a[4];
                curY = a[5];
            }
            case "v", "y" -> {
                if (a.length < 4) {
                    return;
                }
                pRect = false;
                pCurves = true;
                addPoint(a[0], a[1]);
                addPoint(a[2], a[3]);
                curX = a[2];
                curY = a[3];
            }
            case "h" -> {
                curX = startX;
                curY = startY;
            }
            case "re" -> {
                if (a.length < 4) {
                    return;
                }
                boolean first = pOps == 0;
                pSubpaths++;
                int before = pPoints;
                addPoint(a[0], a[1]);
                addPoint(a[0] + a[2], a[1]);
                addPoint(a[0] + a[2], a[1] + a[3]);
                addPoint(a[0], a[1] + a[3]);
                pRect = first && pPoints - before == 4;
                if (pRect) {
                    System.arraycopy(poly, 0, rectCorners, 0, 8);
                }
                curX = startX = a[0];
                curY = startY = a[1];
            }
            default -> {
                return;
            }
        }
        pOps++;
    }

    void paintOp(String op) {
        if (pOps == 0) {
            clearPath();
        }
        boolean fill = switch (op) {
            case "f", "F", "f*", "B", "B*", "b", "b*" -> true;
            default -> false;
        };
        boolean stroke = switch (op) {
            case "S", "s", "B", "B*", "b", "b*" -> true;
            default -> false;
        };
        Box pathBox = pPoints == 0 ? null : new Box(pMinX, pMinY, pMaxX, pMaxY);
        if (pathBox != null && (fill || stroke)) {
            paintPath(pathBox, fill, stroke);
        }
        if (pendingClip) {
            pendingClip = false;
            intersectClip(pathBox);
        }
        clearPath();
    }

    private void paintPath(Box pathBox, boolean fill, boolean stroke) {
        PDGraphicsState gs = getGraphicsState();
        Draft d = new Draft();
        d.kind = fill && stroke ? ElementKind.FILL_STROKE : fill ? ElementKind.FILL : ElementKind.STROKE;
        Box box = pathBox;
        if (fill) {
            d.fill = color(gs.getNonStrokingColor(), gs.getNonStrokingColorSpace());
            double thin = thinSide();
            if (!stroke && thin >= 0 && thin <= THIN_FILL_PT) {
                d.lineLikeFill = true;
                d.lineWidth = Geometry.round3(thin);
            }
        }
        if (stroke) {
            d.stroke = color(gs.getStrokingColor(), gs.getStrokingColorSpace());
            d.lineWidth = Geometry.round3(effectiveWidth(gs.getLineWidth()));
            double half = gs.getLineWidth() * maxScale() / 2;
            box = new Box(box.x0() - half, box.y0() - half, box.x1() + half, box.y1() + half);
        }
        d.exactCover = fill && !stroke && pRect && axisAlignedRect() && !(gs.getNonStrokingColorSpace()
                instanceof PDPattern);
        Draft recorded = record(d, box);
        if (recorded == null) {
            return;
        }
        if (fill && gs.getNonStrokingColorSpace() instanceof PDPattern p) {
            walkPattern(p, gs.getNonStrokingColor(), recorded.bbox, recorded.visibleBox);
        }
        if (stroke && gs.getStrokingColorSpace() instanceof PDPattern p) {
            walkPattern(p, gs.getStrokingColor(), recorded.bbox, recorded.visibleBox);
        }
    }

    /** The smaller side of a rectangle or a four-corner closed path, or the smaller bbox side of a short path; -1. */
    private double thinSide() {
        if (pRect) {
            double w = Math.hypot(rectCorners[2] - rectCorners[0], rectCorners[3] - rectCorners[1]);
            double h = Math.hypot(rectCorners[6] - rectCorners[0], rectCorners[7] - rectCorners[1]);
            return Math.min(w, h);
        }
        if (pSubpaths != 1 || pCurves || pPoints > 8) {
            return -1;
        }
        int n = polyN / 2;
        if (n >= 2 && Math.abs(poly[0] - poly[polyN - 2]) < 1e-6 && Math.abs(poly[1] - poly[polyN - 1]) < 1e-6) {
            n--; // explicit closing point
        }
        if (n == 4) {
            double s1 = Math.hypot(poly[2] - poly[0], poly[3] - poly[1]);
            double s2 = Math.hypot(poly[4] - poly[2], poly[5] - poly[3]);
            double s3 = Math.hypot(poly[6] - poly[4], poly[7] - poly[5]);
            double s4 = Math.hypot(poly[0] - poly[6], poly[1] - poly[7]);
            // a (near) parallelogram: opposite sides equal
            if (Math.abs(s1 - s3) < 0.01 * Math.max(s1, s3) + 1e-3 && Math.abs(s2 - s4) < 0.01 * Math.max(s2, s4)
                    + 1e-3) {
                return Math.min(s1, s2);
            }
        }
        if (n >= 3) {
            return Math.min(pMaxX - pMinX, pMaxY - pMinY);
        }
        return -1;
    }

    private boolean axisAlignedRect() {
        Matrix m = getGraphicsState().getCurrentTransformationMatrix();
        return Geometry.isAxisAligned(m);
    }

    void clipOp() {
        pendingClip = true;
    }

    private void intersectClip(Box box) {
        PDGraphicsState gs = getGraphicsState();
        if (box == null) {
            gs.intersectClippingPath(new Area());
            return;
        }
        gs.intersectClippingPath(new Area(new Rectangle2D.Double(box.x0(), box.y0(), box.width(), box.height())));
    }

    private Box clipBox() {
        Area a = getGraphicsState().getCurrentClippingPath();
        if (a != lastClipArea) {
            lastClipArea = a;
            if (a.isEmpty()) {
                lastClipBox = null;
                lastClipRect = false;
            } else {
                Rectangle2D r = a.getBounds2D();
                lastClipBox = new Box(r.getMinX(), r.getMinY(), r.getMaxX(), r.getMaxY());
                lastClipRect = a.isRectangular();
            }
        }
        return lastClipBox;
    }

    // ---------------------------------------------------------------- shadings, images, forms, patterns

    void shadingOp(List<COSBase> args) throws IOException {
        if (args.isEmpty() || !(args.get(0) instanceof COSName name)) {
            problem("sh without a shading name");
            return;
        }
        PDShading sh = getResources() == null ? null : getResources().getShading(name);
        if (sh == null) {
            problem("shading /" + name.getName() + " is missing from the resources");
            return;
        }
        Box box = clipBox();
        if (box == null) {
            box = crop;
        }
        PDRectangle bb = sh.getBBox();
        if (bb != null) {
            Box sb = Geometry.transformBox(getGraphicsState().getCurrentTransformationMatrix(), bb.getLowerLeftX(),
                    bb.getLowerLeftY(), bb.getUpperRightX(), bb.getUpperRightY());
            box = sb == null ? box : sb.intersection(box);
            if (box == null) {
                box = sb;
            }
        }
        Draft d = new Draft();
        d.kind = ElementKind.SHADING;
        d.fill = shadingColor(sh);
        d.objectId = ColorFacts.objectId(sh.getCOSObject());
        record(d, box);
    }

    private PaintColor shadingColor(PDShading sh) {
        try {
            // PDFBox builds a new colour space for every shading object (for ICCBased an ICC colour transform,
            // about 10 ms each) while the description depends only on the colour space object: describe it once.
            COSBase cs = sh.getCOSObject().getDictionaryObject(COSName.CS, COSName.COLORSPACE);
            PaintColor known = cs == null ? null : doc.shadingSpaces.get(cs);
            if (known != null) {
                return known;
            }
            PaintColor described = doc.colors.template(sh.getColorSpace());
            if (cs != null) {
                doc.shadingSpaces.put(cs, described);
            }
            return described;
        } catch (IOException | RuntimeException e) {
            problem("a shading colour space could not be read: " + Problems.describe(e));
            return doc.colors.intern(PaintColor.device("DeviceGray"));
        }
    }

    void drawObject(List<COSBase> args) throws IOException {
        if (args.isEmpty() || !(args.get(0) instanceof COSName name)) {
            problem("Do without an XObject name");
            return;
        }
        PDResources res = getResources();
        PDXObject xo;
        try {
            xo = res == null ? null : res.getXObject(name);
        } catch (IOException | RuntimeException e) {
            problem("XObject /" + name.getName() + " could not be read: " + Problems.describe(e));
            return;
        }
        if (xo == null) {
            problem("XObject /" + name.getName() + " is missing from the resources");
            return;
        }
        Mc oc = ocOf(xo.getCOSObject().getDictionaryObject(COSName.OC));
        int mark = markedContent.size();
        if (oc != null) {
            markedContent.add(oc);
        }
        try {
            if (xo instanceof PDImageXObject img) {
                String id = ObjectIds.idOr(img.getCOSObject(), "xobject:p" + pageNum + ":" + name.getName());
                doc.streams.check(img.getCOSObject(), pageNum, id, "image", doc.images.decodedBytesWanted(img));
                paintImage(img, id, img.getCOSObject());
            } else if (xo instanceof PDFormXObject form) {
                drawForm(form);
            }
        } finally {
            truncateMarkedContent(mark);
        }
    }

    private void drawForm(PDFormXObject form) throws IOException {
        COSStream s = form.getCOSObject();
        String id = ObjectIds.idOr(s, "form:p" + pageNum);
        doc.streams.check(s, pageNum, id, "form");
        if (depth >= MAX_DEPTH) {
            problem("form XObjects nested deeper than " + MAX_DEPTH + "; " + id + " skipped");
            return;
        }
        if (!activeStreams.add(s)) {
            problem("form XObject " + id + " draws itself (a cycle); skipped");
            return;
        }
        COSBase g = s.getDictionaryObject(COSName.GROUP);
        if (g instanceof COSDictionary gd && COSName.TRANSPARENCY.equals(gd.getCOSName(COSName.S))) {
            recordGroup("form", gd, false, id);
        }
        String saved = context;
        context = "form:" + id;
        depth++;
        int mark = markedContent.size();
        try {
            Matrix savedBase = patternBase;
            patternBase = form.getMatrix().multiply(getGraphicsState().getCurrentTransformationMatrix());
            try {
                showForm(form);
            } finally {
                patternBase = savedBase;
            }
        } finally {
            depth--;
            context = saved;
            activeStreams.remove(s);
            truncateMarkedContent(mark);
        }
    }

    void inlineImage(Operator op) throws IOException {
        if (op.getImageParameters() == null || op.getImageData() == null) {
            problem("an inline image has no data");
            return;
        }
        PDInlineImage img = new PDInlineImage(op.getImageParameters(), op.getImageData(), getResources());
        inlineImages++;
        paintImage(img, "inline:p" + pageNum + ":" + inlineImages, null);
    }

    private void paintImage(PDImage img, String id, COSStream cos) {
        Matrix m = getGraphicsState().getCurrentTransformationMatrix();
        Box box = Geometry.transformBox(m, 0, 0, 1, 1);
        if (box == null) {
            problem("image " + id + " is placed with a degenerate matrix");
            return;
        }
        ImageTally.Info info = doc.images.placed(img, id, pageNum);
        double placedW = Math.hypot(m.getValue(0, 0), m.getValue(0, 1));
        double placedH = Math.hypot(m.getValue(1, 0), m.getValue(1, 1));
        double ppiX = placedW > 0 ? info.width() * 72.0 / placedW : 0;
        double ppiY = placedH > 0 ? info.height() * 72.0 / placedH : 0;
        PDGraphicsState gs = getGraphicsState();
        Draft d = new Draft();
        d.kind = info.stencil() ? ElementKind.IMAGE_MASK : ElementKind.IMAGE;
        d.fill = info.stencil() ? color(gs.getNonStrokingColor(), gs.getNonStrokingColorSpace()) : info.color();
        d.image = new ImagePlacement(id, Geometry.round3(ppiX), Geometry.round3(ppiY),
                Geometry.round3(placedW), Geometry.round3(placedH));
        d.objectId = cos == null ? null : ColorFacts.objectId(cos);
        d.exactCover = !info.stencil() && !info.masked() && Geometry.isAxisAligned(m);
        record(d, box);
    }

    private void walkPattern(PDPattern space, PDColor color, Box area, Box visibleArea) {
        PDAbstractPattern pattern;
        try {
            pattern = space.getPattern(color);
        } catch (IOException | RuntimeException e) {
            problem("a pattern could not be read: " + Problems.describe(e));
            return;
        }
        if (pattern == null) {
            problem("pattern /" + (color.getPatternName() == null ? "?" : color.getPatternName().getName())
                    + " is missing from the resources");
            return;
        }
        String id = ObjectIds.idOr(pattern.getCOSObject(), "pattern:p" + pageNum);
        if (pattern instanceof PDShadingPattern sp) {
            try {
                PDShading sh = sp.getShading();
                if (sh == null) {
                    problem("shading pattern " + id + " has no shading");
                    return;
                }
                Draft d = new Draft();
                d.kind = ElementKind.SHADING;
                d.fill = shadingColor(sh);
                d.objectId = ColorFacts.objectId(sh.getCOSObject());
                String saved = context;
                context = "pattern:" + id;
                try {
                    Draft r = record(d, area);
                    if (r != null) {
                        r.visibleBox = visibleArea;
                    }
                } finally {
                    context = saved;
                }
            } catch (IOException | RuntimeException e) {
                problem("shading pattern " + id + " could not be read: " + Problems.describe(e));
            }
            return;
        }
        if (!(pattern instanceof PDTilingPattern tp) || !patternsWalked.add(tp.getCOSObject())) {
            return;
        }
        if (depth >= MAX_DEPTH || !activeStreams.add(tp.getCOSObject())) {
            problem("tiling pattern " + id + " is nested too deeply or draws itself; skipped");
            return;
        }
        String saved = context;
        context = "pattern:" + id;
        int first = drafts.size();
        depth++;
        int mark = markedContent.size();
        try {
            if (tp.getPaintType() == PDTilingPattern.PAINT_UNCOLORED) {
                PDColorSpace under = space.getUnderlyingColorSpace();
                processTilingPattern(tp, under == null ? null : new PDColor(color.getComponents(), under), under,
                        tp.getMatrix().multiply(patternBase));
            } else {
                processTilingPattern(tp, null, null, tp.getMatrix().multiply(patternBase));
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof WalkLimitException w) {
                throw w;
            }
            problem("tiling pattern " + id + " could not be walked: " + Problems.describe(e));
        } finally {
            depth--;
            context = saved;
            activeStreams.remove(tp.getCOSObject());
            truncateMarkedContent(mark);
        }
        // The cell repeats over the whole painted area: that is where its marks can be.
        for (int i = first; i < drafts.size(); i++) {
            Draft d = drafts.get(i);
            d.bbox = area;
            d.visibleBox = visibleArea;
            d.exactCover = false;
        }
    }

    // ---------------------------------------------------------------- graphics state, marked content

    void extGState(COSName name) {
        PDResources res = getResources();
        PDExtendedGraphicsState egs = res == null ? null : res.getExtGState(name);
        if (egs == null) {
            problem("ExtGState /" + name.getName() + " is missing from the resources");
            return;
        }
        COSDictionary d = egs.getCOSObject();
        PDGraphicsState gs = getGraphicsState();
        if (d.containsKey(COSName.OP) && !d.containsKey(COSName.OP_NS)) {
            gs.setNonStrokingOverprint(d.getBoolean(COSName.OP, false));
        }
        if (d.getDictionaryObject(COSName.SMASK) instanceof COSDictionary sm) {
            boolean lum = COSName.LUMINOSITY.equals(sm.getCOSName(COSName.S));
            if (sm.getDictionaryObject(COSName.G) instanceof COSStream g) {
                COSBase grp = g.getDictionaryObject(COSName.GROUP);
                recordGroup("softmask", grp instanceof COSDictionary gd ? gd : null, lum, ObjectIds.idOr(g, "softmask"));
            }
        }
    }

    void markedContent(String op, List<COSBase> args) {
        switch (op) {
            case "BMC" -> markedContent.add(Mc.NONE);
            case "BDC" -> {
                Mc mc = Mc.NONE;
                if (args.size() >= 2 && args.get(0) instanceof COSName tag && tag.equals(COSName.OC)) {
                    COSBase props = args.get(1);
                    if (props instanceof COSName pn) {
                        PDResources res = getResources();
                        PDPropertyList pl = res == null ? null : res.getProperties(pn);
                        if (pl == null) {
                            problem("optional content /" + pn.getName() + " is missing from the resources");
                            props = null;
                        } else {
                            props = pl.getCOSObject();
                        }
                    }
                    Mc resolved = ocOf(props);
                    if (resolved != null) {
                        mc = resolved;
                    }
                }
                markedContent.add(mc);
            }
            default -> {
                if (markedContent.isEmpty()) {
                    if (!emcWarned) {
                        problem("EMC without a matching BMC/BDC");
                        emcWarned = true;
                    }
                } else {
                    markedContent.remove(markedContent.size() - 1);
                }
            }
        }
    }

    private Mc ocOf(COSBase oc) {
        if (!(oc instanceof COSDictionary d)) {
            return null;
        }
        OptionalContentResolver.State st = doc.oc.state(d);
        return new Mc(st.name(), st.hidden());
    }

    private void truncateMarkedContent(int size) {
        while (markedContent.size() > size) {
            markedContent.remove(markedContent.size() - 1);
        }
    }

    void fontSet(List<COSBase> args) {
        if (!args.isEmpty() && args.get(0) instanceof COSName n) {
            currentFontResource = n.getName();
            brokenFont = null;
            PDResources res = getResources();
            COSDictionary fonts = res == null ? null
                    : res.getCOSObject().getCOSDictionary(COSName.FONT);
            if (fonts == null || !fonts.containsKey(n)) {
                problem("font /" + n.getName() + " is missing from the resources");
            } else {
                doc.fonts.noteResource(fonts.getDictionaryObject(n), n.getName(), pageNum);
            }
        }
    }

    void fontFailed(List<COSBase> args, Exception e) {
        if (!args.isEmpty() && args.get(0) instanceof COSName n && getResources() != null) {
            COSDictionary fonts = getResources().getCOSObject().getCOSDictionary(COSName.FONT);
            if (fonts != null && fonts.getDictionaryObject(n) instanceof COSDictionary fd) {
                doc.fonts.damaged(fd, n.getName(), pageNum, "the font could not be loaded: " + Problems.describe(e));
                brokenFont = fd;
            }
        }
    }

    // ---------------------------------------------------------------- recording

    private Draft record(Draft d, Box box) {
        if (box == null || !Double.isFinite(box.x0()) || !Double.isFinite(box.y1())) {
            return null;
        }
        if (drafts.size() >= maxElements) {
            truncated = true;
            return null;
        }
        PDGraphicsState gs = getGraphicsState();
        d.bbox = box;
        Box clip = clipBox();
        Box vis = clip == null ? null : Geometry.overlap(box, clip);
        d.visibleBox = vis == null ? null : (crop.contains(vis) ? vis : Geometry.overlap(vis, crop));
        if (d.exactCover && !lastClipRect) {
            d.exactCover = false;
        }
        d.overprintFill = gs.isNonStrokingOverprint();
        d.overprintStroke = gs.isOverprint();
        d.overprintMode = gs.getOverprintMode();
        BlendMode bm = gs.getBlendMode();
        d.blendMode = bm == null ? "Normal" : bm.getCOSName().getName();
        d.fillAlpha = gs.getNonStrokeAlphaConstant();
        d.strokeAlpha = gs.getAlphaConstant();
        d.softMask = gs.getSoftMask() != null;
        if (d.fillAlpha < 1 || d.softMask || !"Normal".equals(d.blendMode) && !"Compatible".equals(d.blendMode)
                || d.overprintFill) {
            d.exactCover = false;
        }
        if (d.fill != null && d.fill.colorants().contains("None")) {
            d.exactCover = false;
        }
        for (int i = markedContent.size() - 1; i >= 0; i--) {
            Mc mc = markedContent.get(i);
            if (mc.hidden) {
                d.hiddenByOc = true;
            }
            if (d.ocgName == null && mc.ocName != null) {
                d.ocgName = mc.ocName;
            }
        }
        d.context = context;
        drafts.add(d);
        return d;
    }

    private PaintColor color(PDColor c, PDColorSpace cs) {
        try {
            return doc.colors.of(c, cs);
        } catch (RuntimeException e) {
            problem("a colour could not be read: " + Problems.describe(e));
            return doc.colors.intern(PaintColor.device("DeviceGray"));
        }
    }

    private void recordPageGroup() {
        if (page.getCOSObject().getDictionaryObject(COSName.GROUP) instanceof COSDictionary g
                && COSName.TRANSPARENCY.equals(g.getCOSName(COSName.S))) {
            recordGroup("page", g, false, ObjectIds.idOr(page.getCOSObject(), "page:" + pageNum));
        }
    }

    private void recordGroup(String where, COSDictionary g, boolean luminosity, String objectId) {
        if (!groupKeys.add(where + "|" + objectId)) {
            return;
        }
        String cs = null;
        boolean isolated = false;
        boolean knockout = false;
        if (g != null) {
            cs = doc.groupColorSpace(g.getDictionaryObject(COSName.CS));
            isolated = g.getBoolean(COSName.I, false);
            knockout = g.getBoolean(COSName.K, false);
        }
        groups.add(new TransparencyGroupFact(pageNum, where, cs, isolated, knockout, luminosity, objectId));
    }

    void problem(String message) {
        problems.add(message);
    }

    // ---------------------------------------------------------------- geometry

    private double effectiveWidth(double lw) {
        return lw * minScale();
    }

    private double[] singular() {
        return Geometry.singularValues(getGraphicsState().getCurrentTransformationMatrix());
    }

    private double minScale() {
        return singular()[1];
    }

    private double maxScale() {
        return singular()[0];
    }

    private static float[] floats(List<COSBase> args) {
        float[] r = new float[args.size()];
        int n = 0;
        for (COSBase b : args) {
            if (b instanceof COSNumber num) {
                r[n++] = num.floatValue();
            } else {
                return java.util.Arrays.copyOf(r, n);
            }
        }
        return r;
    }

    // ---------------------------------------------------------------- operators

    private abstract static class Op extends OperatorProcessor {
        private final String name;

        Op(PageWalker w, String name) {
            super(w);
            this.name = name;
        }

        PageWalker walker() {
            return (PageWalker) getContext();
        }

        @Override
        public String getName() {
            return name;
        }
    }

    private static final class PathOp extends Op {
        PathOp(PageWalker w, String name) {
            super(w, name);
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) {
            walker().pathOp(getName(), operands);
        }
    }

    private static final class PaintOp extends Op {
        PaintOp(PageWalker w, String name) {
            super(w, name);
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) {
            walker().paintOp(getName());
        }
    }

    private static final class ClipOp extends Op {
        ClipOp(PageWalker w, String name) {
            super(w, name);
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) {
            walker().clipOp();
        }
    }

    private static final class ShadingOp extends Op {
        ShadingOp(PageWalker w) {
            super(w, "sh");
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) throws IOException {
            walker().shadingOp(operands);
        }
    }

    private static final class DoOp extends Op {
        DoOp(PageWalker w) {
            super(w, "Do");
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) throws IOException {
            walker().drawObject(operands);
        }
    }

    private static final class InlineImageOp extends Op {
        InlineImageOp(PageWalker w) {
            super(w, "BI");
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) throws IOException {
            walker().inlineImage(operator);
        }
    }

    private static final class MarkedContentOp extends Op {
        MarkedContentOp(PageWalker w, String name) {
            super(w, name);
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) {
            walker().markedContent(getName(), operands);
        }
    }

    /**
     * d0/d1 only declare glyph metrics; the glyph's marks are recorded as its operators run (PDFBox itself ignores
     * colour operators in d1 glyphs, whose marks take the text's fill colour).
     */
    private static final class GlyphMetricsOp extends Op {
        GlyphMetricsOp(PageWalker w, String name) {
            super(w, name);
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) {
            // the metrics do not change what is painted
        }
    }

    private static final class ExtGStateOp extends SetGraphicsStateParameters {
        ExtGStateOp(PageWalker w) {
            super(w);
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) throws IOException {
            super.process(operator, operands);
            if (!operands.isEmpty() && operands.get(0) instanceof COSName n) {
                ((PageWalker) getContext()).extGState(n);
            }
        }
    }

    private static final class FontOp extends SetFontAndSize {
        FontOp(PageWalker w) {
            super(w);
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) throws IOException {
            PageWalker w = (PageWalker) getContext();
            w.fontSet(operands);
            try {
                super.process(operator, operands);
            } catch (IOException | RuntimeException e) {
                w.fontFailed(operands, e);
                throw e;
            }
        }
    }
}
