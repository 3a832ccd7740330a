package dev.preflight.engine.fixups;

import dev.preflight.engine.facts.PaintColor;
import org.apache.pdfbox.contentstream.PDFGraphicsStreamEngine;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdfwriter.ContentStreamWriter;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDType3Font;
import org.apache.pdfbox.pdmodel.graphics.blend.BlendMode;
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceN;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDTransparencyGroup;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;
import org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;
import org.apache.pdfbox.util.Matrix;
import org.apache.pdfbox.util.Vector;

import java.awt.geom.Point2D;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites a page's content stream (and the form XObjects it draws) operator by operator, changing the graphics state
 * of single paint operations only: before a paint that a {@link Rule} picks it sets what the rule asks (overprint
 * flags through a new ExtGState, or a line width) and right after the paint it sets the previous values back, so
 * every other object keeps the state it had. PDFBox's stream engine keeps the graphics state; the operators are
 * written back as they were read.
 *
 * <p>The changes go before the path's first construction operator (state operators are not allowed between a path
 * and its painting operator) or, for text, right before the text-showing operator (ExtGState and line width are
 * allowed inside BT/ET). A form drawn several times is rewritten once, as its first use sees it.
 */
final class ContentRewriter extends PDFGraphicsStreamEngine {

    /** One paint operation as the rule sees it. */
    record Paint(boolean text, boolean fills, boolean strokes, PaintColor fill, PaintColor stroke, boolean opFill,
                 boolean opStroke, int overprintMode, double lineWidth, double effectiveLineWidth, double fontSize,
                 boolean opaque, double scale) {
    }

    /**
     * What to change for one paint; null fields stay as they are.
     *
     * @param opFill         new /op
     * @param opStroke       new /OP
     * @param overprintMode  new /OPM
     * @param lineWidth      new line width in user space
     */
    record Change(Boolean opFill, Boolean opStroke, Integer overprintMode, Double lineWidth) {
        boolean touchesGs() {
            return opFill != null || opStroke != null || overprintMode != null;
        }
    }

    /** Decides, for each paint, what to change (null: nothing). */
    interface Rule {
        Change change(Paint paint);
    }

    private static final Set<String> PATH_CONSTRUCTION = Set.of("m", "l", "c", "v", "y", "h", "re");
    private static final Set<String> PATH_PAINT = Set.of("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n");
    private static final Set<String> STROKE_PAINT = Set.of("S", "s", "B", "B*", "b", "b*");
    private static final Set<String> FILL_PAINT = Set.of("f", "F", "f*", "B", "B*", "b", "b*");
    private static final Set<String> TEXT_SHOW = Set.of("Tj", "TJ", "'", "\"");

    private final Rule rule;
    private final Deque<Recorder> recorders = new ArrayDeque<>();
    private final Set<COSStream> formsSeen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<PDResources, Map<String, COSName>> gsNames = new IdentityHashMap<>();
    private int changes;

    private ContentRewriter(PDPage page, Rule rule) {
        super(page);
        this.rule = rule;
    }

    /** The 1-based pages a rule changed and how many paint operators it changed on them in all. */
    record Outcome(List<Integer> pages, int changed) {
    }

    /** Runs a rule over every page of the document. */
    static Outcome rewriteAll(PDDocument doc, Rule rule) throws IOException {
        List<Integer> pages = new ArrayList<>();
        int changed = 0;
        int n = 0;
        for (PDPage page : doc.getPages()) {
            n++;
            int c = rewrite(doc, page, rule);
            if (c > 0) {
                pages.add(n);
                changed += c;
            }
        }
        return new Outcome(pages, changed);
    }

    /**
     * Rewrites one page; the page keeps its original content streams when nothing changed.
     *
     * @return how many paint operations were changed
     */
    static int rewrite(PDDocument doc, PDPage page, Rule rule) throws IOException {
        ContentRewriter r = new ContentRewriter(page, rule);
        Recorder top = new Recorder();
        r.recorders.push(top);
        r.processPage(page);
        if (top.changed) {
            PDStream stream = new PDStream(doc);
            try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
                new ContentStreamWriter(out).writeTokens(top.tokens);
            }
            page.setContents(stream);
        }
        return r.changes;
    }

    /** Everything read from one content stream, with the changes spliced in. */
    private static final class Recorder {
        final List<Object> tokens = new ArrayList<>();
        int pathStart = -1;
        boolean changed;
    }

    @Override
    protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
        Recorder rec = recorders.peek();
        String name = operator.getName();
        if (rec == null) {
            super.processOperator(operator, operands);
            return;
        }
        if (PATH_CONSTRUCTION.contains(name) && rec.pathStart < 0) {
            rec.pathStart = rec.tokens.size();
        }
        Change change = null;
        Paint paint = null;
        if (STROKE_PAINT.contains(name) || FILL_PAINT.contains(name)) {
            paint = paint(false, FILL_PAINT.contains(name), STROKE_PAINT.contains(name));
        } else if (TEXT_SHOW.contains(name)) {
            int mode = getGraphicsState().getTextState().getRenderingMode().intValue();
            boolean fills = mode == 0 || mode == 2 || mode == 4 || mode == 6;
            boolean strokes = mode == 1 || mode == 2 || mode == 5 || mode == 6;
            if (fills || strokes) {
                paint = paint(true, fills, strokes);
            }
        }
        if (paint != null) {
            change = rule.change(paint);
        }
        if (change != null) {
            int at = paint.text() || rec.pathStart < 0 ? rec.tokens.size() : rec.pathStart;
            List<Object> before = new ArrayList<>();
            List<Object> after = new ArrayList<>();
            PDGraphicsState gs = getGraphicsState();
            if (change.touchesGs()) {
                before.add(gsName(change.opFill() == null ? paint.opFill() : change.opFill(),
                        change.opStroke() == null ? paint.opStroke() : change.opStroke(),
                        change.overprintMode() == null ? paint.overprintMode() : change.overprintMode()));
                before.add(Operator.getOperator("gs"));
                after.add(gsName(paint.opFill(), paint.opStroke(), paint.overprintMode()));
                after.add(Operator.getOperator("gs"));
            }
            if (change.lineWidth() != null) {
                before.add(new COSFloat(change.lineWidth().floatValue()));
                before.add(Operator.getOperator("w"));
                after.add(new COSFloat(gs.getLineWidth()));
                after.add(Operator.getOperator("w"));
            }
            rec.tokens.addAll(at, before);
            rec.changed = true;
            changes++;
            rec.tokens.addAll(operands);
            rec.tokens.add(operator);
            super.processOperator(operator, operands);
            rec.tokens.addAll(after);
        } else {
            rec.tokens.addAll(operands);
            rec.tokens.add(operator);
            super.processOperator(operator, operands);
        }
        if (PATH_PAINT.contains(name)) {
            rec.pathStart = -1;
        }
    }

    private Paint paint(boolean text, boolean fills, boolean strokes) throws IOException {
        PDGraphicsState gs = getGraphicsState();
        Matrix ctm = gs.getCurrentTransformationMatrix();
        double scale = minScale(ctm);
        double fontSize = 0;
        if (text) {
            float size = gs.getTextState().getFontSize();
            float h = gs.getTextState().getHorizontalScaling() / 100f;
            Matrix params = new Matrix(size * h, 0, 0, size, 0, gs.getTextState().getRise());
            Matrix trm = params.multiply(getTextMatrix()).multiply(ctm);
            fontSize = Math.hypot(trm.getValue(1, 0), trm.getValue(1, 1));
        }
        BlendMode bm = gs.getBlendMode();
        boolean opaque = (!fills || gs.getNonStrokeAlphaConstant() >= 1.0)
                && (!strokes || gs.getAlphaConstant() >= 1.0)
                && (bm == null || bm == BlendMode.NORMAL || bm == BlendMode.COMPATIBLE)
                && gs.getSoftMask() == null;
        return new Paint(text, fills, strokes,
                fills ? color(gs.getNonStrokingColor(), gs.getNonStrokingColorSpace()) : null,
                strokes ? color(gs.getStrokingColor(), gs.getStrokingColorSpace()) : null,
                gs.isNonStrokingOverprint(), gs.isOverprint(), gs.getOverprintMode(), gs.getLineWidth(),
                gs.getLineWidth() * scale, fontSize, opaque, scale);
    }

    /** The smaller singular value of the matrix's linear part: how much a width shrinks at worst. */
    static double minScale(Matrix m) {
        double a = m.getValue(0, 0);
        double b = m.getValue(0, 1);
        double c = m.getValue(1, 0);
        double d = m.getValue(1, 1);
        double s = a * a + b * b + c * c + d * d;
        double det = a * d - b * c;
        double disc = Math.sqrt(Math.max(0, s * s - 4 * det * det));
        return Math.sqrt(Math.max(0, (s - disc) / 2));
    }

    private static PaintColor color(PDColor c, PDColorSpace cs) {
        if (c == null || cs == null) {
            return null;
        }
        List<String> colorants = List.of();
        if (cs instanceof PDSeparation sep) {
            colorants = List.of(sep.getColorantName());
        } else if (cs instanceof PDDeviceN dn) {
            colorants = dn.getColorantNames();
        }
        List<Double> values = new ArrayList<>();
        for (float f : c.getComponents()) {
            values.add((double) f);
        }
        return new PaintColor(cs.getName(), null, null, null, colorants, values, null, null);
    }

    private COSName gsName(boolean opFill, boolean opStroke, int mode) {
        PDResources res = getResources();
        String key = opFill + "/" + opStroke + "/" + mode;
        return gsNames.computeIfAbsent(res, r -> new HashMap<>()).computeIfAbsent(key, k -> {
            PDExtendedGraphicsState egs = new PDExtendedGraphicsState();
            egs.setNonStrokingOverprintControl(opFill);
            egs.setStrokingOverprintControl(opStroke);
            egs.setOverprintMode(mode);
            return res.add(egs);
        });
    }

    @Override
    public void showForm(PDFormXObject form) throws IOException {
        nested(form, () -> super.showForm(form));
    }

    @Override
    public void showTransparencyGroup(PDTransparencyGroup form) throws IOException {
        nested(form, () -> super.showTransparencyGroup(form));
    }

    @Override
    protected void showType3Glyph(Matrix textRenderingMatrix, PDType3Font font, int code, Vector displacement)
            throws IOException {
        // a glyph procedure is the font's, not the page's: walk it for the state but record nothing
        recorders.push(new Recorder());
        try {
            super.showType3Glyph(textRenderingMatrix, font, code, displacement);
        } finally {
            recorders.pop();
        }
    }

    private interface Walk {
        void run() throws IOException;
    }

    private void nested(PDFormXObject form, Walk walk) throws IOException {
        COSStream stream = form.getCOSObject();
        if (!formsSeen.add(stream)) {
            return;
        }
        Recorder rec = new Recorder();
        recorders.push(rec);
        try {
            walk.run();
        } finally {
            recorders.pop();
        }
        if (rec.changed) {
            try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
                new ContentStreamWriter(out).writeTokens(rec.tokens);
            }
        }
    }

    // Path callbacks: the state is all this engine needs, so nothing is drawn.

    @Override
    public void appendRectangle(Point2D p0, Point2D p1, Point2D p2, Point2D p3) {
    }

    @Override
    public void drawImage(PDImage pdImage) {
    }

    @Override
    public void clip(int windingRule) {
    }

    @Override
    public void moveTo(float x, float y) {
    }

    @Override
    public void lineTo(float x, float y) {
    }

    @Override
    public void curveTo(float x1, float y1, float x2, float y2, float x3, float y3) {
    }

    @Override
    public Point2D getCurrentPoint() {
        return new Point2D.Float();
    }

    @Override
    public void closePath() {
    }

    @Override
    public void endPath() {
    }

    @Override
    public void strokePath() {
    }

    @Override
    public void fillPath(int windingRule) {
    }

    @Override
    public void fillAndStrokePath(int windingRule) {
    }

    @Override
    public void shadingFill(COSName shadingName) {
    }
}
