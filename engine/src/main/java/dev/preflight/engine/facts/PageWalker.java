package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.contentstream.PDFStreamEngine;
import org.apache.pdfbox.contentstream.operator.Operator;
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
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType3Font;
import org.apache.pdfbox.pdmodel.graphics.blend.BlendMode;
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDTilingPattern;
import org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.util.Matrix;
import org.apache.pdfbox.util.Vector;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Walks one page's content (and the forms, patterns, Type 3 glyphs and printing annotation appearances it draws)
 * and records every painted element with the graphics state it was painted in.
 *
 * <p>PDFBox parses the content and keeps the graphics state; the operators this walk handles itself are small
 * classes of this package registered in {@link #registerOperators()}, each handing its operands to the collaborator
 * that owns them: {@link PathBuilder} and {@link PathPainter} (paths, fills, strokes, line widths),
 * {@link ClipTracker} (the clip as a box), {@link TextRuns} (text elements and fonts), {@link ObjectPainter}
 * (XObjects, inline images, shadings, patterns) and {@link MarkedContent} (optional content). The walker itself
 * keeps the budget, where the walk is (context and nesting depth), the transparency groups, and records elements.
 */
final class PageWalker extends PDFStreamEngine {

    static final int MAX_DEPTH = 64;
    private static final long MAX_OPERATORS = 20_000_000L;
    private static final long MAX_NANOS = 60_000_000_000L;

    final DocState doc;
    private final PDPage page;
    final int pageNum;
    final Box crop;
    private final int maxElements;
    final List<Draft> drafts = new ArrayList<>();
    final Problems problems = new Problems();
    final List<TransparencyGroupFact> groups = new ArrayList<>();
    private final Set<String> groupKeys = new HashSet<>();
    boolean truncated;

    final PathBuilder path = new PathBuilder(this);
    final PathPainter painter = new PathPainter(this);
    final ClipTracker clip = new ClipTracker(this);
    final TextRuns text;
    final ObjectPainter objects;
    final MarkedContent markedContent;

    /** Where we are: page, form:ID, pattern:ID, type3:ID or annotation:ID (each element records it). */
    String context = "page";
    /** Nesting of forms, tiling patterns and Type 3 glyphs. */
    int depth;
    private long operators;
    private final long deadline;

    /** Nesting of BX/EX compatibility sections, inside which unknown operators are allowed (ISO 32000 7.8.2). */
    private int compatibilityDepth;
    /** Unknown operators already reported on this page, so that a stream full of them gives one problem each. */
    private final Set<String> unknownOperators = new HashSet<>();

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
        this.text = new TextRuns(this, doc, pageNum);
        this.objects = new ObjectPainter(this, doc, pageNum);
        this.markedContent = new MarkedContent(this, doc);
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
        addOperator(new SetExtGState(this));
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
        addOperator(new SetFont(this));
        addOperator(new SetTextHorizontalScaling(this));
        addOperator(new SetTextLeading(this));
        addOperator(new SetTextRenderingMode(this));
        addOperator(new SetTextRise(this));
        addOperator(new SetWordSpacing(this));
        addOperator(new ShowText(this));
        addOperator(new ShowTextAdjusted(this));
        addOperator(new ShowTextLine(this));
        addOperator(new ShowTextLineAndSpace(this));
        addOperator(new MoveTo(this));
        addOperator(new LineTo(this));
        addOperator(new CurveTo(this));
        addOperator(new CurveToReplicatedPoint(this, "v"));
        addOperator(new CurveToReplicatedPoint(this, "y"));
        addOperator(new ClosePath(this));
        addOperator(new AppendRectangle(this));
        addOperator(new PaintPath(this, "f", true, false));
        addOperator(new PaintPath(this, "F", true, false));
        addOperator(new PaintPath(this, "f*", true, false));
        addOperator(new PaintPath(this, "S", false, true));
        addOperator(new PaintPath(this, "s", false, true));
        addOperator(new PaintPath(this, "B", true, true));
        addOperator(new PaintPath(this, "B*", true, true));
        addOperator(new PaintPath(this, "b", true, true));
        addOperator(new PaintPath(this, "b*", true, true));
        addOperator(new PaintPath(this, "n", false, false));
        addOperator(new ClipPath(this, "W"));
        addOperator(new ClipPath(this, "W*"));
        addOperator(new PaintShading(this));
        addOperator(new DrawObject(this));
        addOperator(new BeginInlineImage(this));
        addOperator(new BeginMarkedContent(this));
        addOperator(new BeginMarkedContentWithProperties(this));
        addOperator(new EndMarkedContent(this));
        addOperator(new GlyphMetrics(this, "d0"));
        addOperator(new GlyphMetrics(this, "d1"));
    }

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
                int mark = markedContent.mark();
                markedContent.enter(a.getCOSObject().getDictionaryObject(COSName.OC));
                try {
                    showAnnotation(a);
                } finally {
                    markedContent.truncate(mark);
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
        boolean outer = text.beginShow();
        try {
            super.showTextString(string);
        } finally {
            if (outer) {
                text.endShow();
            }
        }
    }

    @Override
    public void showTextStrings(COSArray array) throws IOException {
        boolean outer = text.beginShow();
        try {
            super.showTextStrings(array);
        } finally {
            if (outer) {
                text.endShow();
            }
        }
    }

    @Override
    public void beginText() throws IOException {
        super.beginText();
        text.beginText();
    }

    @Override
    public void endText() throws IOException {
        super.endText();
        Box textClip = text.takeClip();
        if (textClip != null) {
            clip.intersect(textClip);
        }
    }

    @Override
    protected void showGlyph(Matrix trm, PDFont font, int code, Vector displacement) throws IOException {
        text.glyph(trm, font, code, displacement);
        super.showGlyph(trm, font, code, displacement);
    }

    @Override
    protected void showType3Glyph(Matrix trm, PDType3Font font, int code, Vector displacement) throws IOException {
        if (depth >= MAX_DEPTH) {
            problem("Type 3 glyphs nested deeper than " + MAX_DEPTH + "; the rest is skipped");
            return;
        }
        // A glyph procedure may show text itself: keep the outer text element apart.
        TextRuns.Suspended outer = text.suspend();
        String savedContext = context;
        context = "type3:" + ObjectIds.idOr(font.getCOSObject(), "res:" + pageNum + ":" + outer.fontResource());
        depth++;
        try {
            super.showType3Glyph(trm, font, code, displacement);
        } finally {
            depth--;
            context = savedContext;
            text.resume(outer);
        }
    }

    /** PDFBox's tiling-pattern walk, for {@link ObjectPainter} (the engine's method is protected). */
    void tilingPattern(PDTilingPattern pattern, PDColor color, PDColorSpace colorSpace, Matrix patternMatrix)
            throws IOException {
        processTilingPattern(pattern, color, colorSpace, patternMatrix);
    }

    // ---------------------------------------------------------------- graphics state

    /** {@code gs}: overprint PDFBox leaves unset, and soft masks whose groups count as transparency groups. */
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
                recordGroup("softmask", grp instanceof COSDictionary gd ? gd : null, lum,
                        ObjectIds.idOr(g, "softmask"));
            }
        }
    }

    // ---------------------------------------------------------------- recording

    /**
     * Records an element painted over {@code box} (page space) in the current graphics state, clip and optional
     * content; null when the box is not finite or the page's element budget is spent.
     */
    Draft record(Draft d, Box box) {
        if (box == null || !Double.isFinite(box.x0()) || !Double.isFinite(box.y1())) {
            return null;
        }
        if (drafts.size() >= maxElements) {
            truncated = true;
            return null;
        }
        PDGraphicsState gs = getGraphicsState();
        d.bbox = box;
        Box clipBox = clip.box();
        Box vis = clipBox == null ? null : Geometry.overlap(box, clipBox);
        d.visibleBox = vis == null ? null : (crop.contains(vis) ? vis : Geometry.overlap(vis, crop));
        if (d.exactCover && !clip.isRectangular()) {
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
        markedContent.applyTo(d);
        d.context = context;
        drafts.add(d);
        return d;
    }

    /** The paint colour's facts; DeviceGray (and a problem) when the colour cannot be read. */
    PaintColor color(PDColor c, PDColorSpace cs) {
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

    /** A transparency group (page, form or soft mask), once per place and object. */
    void recordGroup(String where, COSDictionary g, boolean luminosity, String objectId) {
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
}
