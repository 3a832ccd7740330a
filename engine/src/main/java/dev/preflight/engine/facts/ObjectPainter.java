package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
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
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;
import org.apache.pdfbox.util.Matrix;

import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * What a content stream paints by reference: image and form XObjects, inline images, shadings ({@code sh}) and the
 * patterns that fills, strokes and text paint with. Forms and tiling pattern cells are walked as content of their
 * own (nesting bounded, cycles refused, each tiling pattern once per page); their marks are placed where the
 * pattern paints.
 */
final class ObjectPainter {

    private final PageWalker walker;
    private final DocState doc;
    private final int pageNum;
    /** Forms and tiling patterns being walked, to refuse one that draws itself. */
    private final Set<COSBase> activeStreams = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<COSBase> patternsWalked = Collections.newSetFromMap(new IdentityHashMap<>());
    private int inlineImages;
    /**
     * Pattern space is the default space of the content stream that uses the pattern: the page's, or a form's
     * (form matrix x CTM where it is drawn). PDFBox alone would place patterns in forms in page space.
     */
    private Matrix patternBase = new Matrix();

    ObjectPainter(PageWalker walker, DocState doc, int pageNum) {
        this.walker = walker;
        this.doc = doc;
        this.pageNum = pageNum;
    }

    /** {@code sh}: the shading fills the clip, or its own /BBox within it. */
    void paintShading(List<COSBase> args) throws IOException {
        if (args.isEmpty() || !(args.get(0) instanceof COSName name)) {
            walker.problem("sh without a shading name");
            return;
        }
        PDShading sh = walker.getResources() == null ? null : walker.getResources().getShading(name);
        if (sh == null) {
            walker.problem("shading /" + name.getName() + " is missing from the resources");
            return;
        }
        Box box = walker.clip.box();
        if (box == null) {
            box = walker.crop;
        }
        PDRectangle bb = sh.getBBox();
        if (bb != null) {
            Box sb = Geometry.transformBox(walker.getGraphicsState().getCurrentTransformationMatrix(),
                    bb.getLowerLeftX(), bb.getLowerLeftY(), bb.getUpperRightX(), bb.getUpperRightY());
            box = sb == null ? box : sb.intersection(box);
            if (box == null) {
                box = sb;
            }
        }
        Draft d = new Draft();
        d.kind = ElementKind.SHADING;
        d.fill = shadingColor(sh);
        d.objectId = ColorFacts.objectId(sh.getCOSObject());
        walker.record(d, box);
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
            walker.problem("a shading colour space could not be read: " + Problems.describe(e));
            return doc.colors.intern(PaintColor.device("DeviceGray"));
        }
    }

    /** {@code Do}: an image is placed, a form walked, both inside the XObject's optional content. */
    void drawObject(List<COSBase> args) throws IOException {
        if (args.isEmpty() || !(args.get(0) instanceof COSName name)) {
            walker.problem("Do without an XObject name");
            return;
        }
        PDResources res = walker.getResources();
        PDXObject xo;
        try {
            xo = res == null ? null : res.getXObject(name);
        } catch (IOException | RuntimeException e) {
            walker.problem("XObject /" + name.getName() + " could not be read: " + Problems.describe(e));
            return;
        }
        if (xo == null) {
            walker.problem("XObject /" + name.getName() + " is missing from the resources");
            return;
        }
        MarkedContent marked = walker.markedContent;
        int mark = marked.mark();
        marked.enter(xo.getCOSObject().getDictionaryObject(COSName.OC));
        try {
            if (xo instanceof PDImageXObject img) {
                String id = ObjectIds.idOr(img.getCOSObject(), "xobject:p" + pageNum + ":" + name.getName());
                doc.streams.check(img.getCOSObject(), pageNum, id, "image", doc.images.decodedBytesWanted(img));
                paintImage(img, id, img.getCOSObject());
            } else if (xo instanceof PDFormXObject form) {
                drawForm(form);
            }
        } finally {
            marked.truncate(mark);
        }
    }

    private void drawForm(PDFormXObject form) throws IOException {
        COSStream s = form.getCOSObject();
        String id = ObjectIds.idOr(s, "form:p" + pageNum);
        doc.streams.check(s, pageNum, id, "form");
        if (walker.depth >= PageWalker.MAX_DEPTH) {
            walker.problem("form XObjects nested deeper than " + PageWalker.MAX_DEPTH + "; " + id + " skipped");
            return;
        }
        if (!activeStreams.add(s)) {
            walker.problem("form XObject " + id + " draws itself (a cycle); skipped");
            return;
        }
        COSBase g = s.getDictionaryObject(COSName.GROUP);
        if (g instanceof COSDictionary gd && COSName.TRANSPARENCY.equals(gd.getCOSName(COSName.S))) {
            walker.recordGroup("form", gd, false, id);
        }
        if (s.containsKey(ExternalReferences.REF)) {
            referenceXObject(form, id);
        }
        String saved = walker.context;
        walker.context = "form:" + id;
        walker.depth++;
        int mark = walker.markedContent.mark();
        try {
            Matrix savedBase = patternBase;
            patternBase = form.getMatrix().multiply(walker.getGraphicsState().getCurrentTransformationMatrix());
            try {
                walker.showForm(form);
            } finally {
                patternBase = savedBase;
            }
        } finally {
            walker.depth--;
            walker.context = saved;
            activeStreams.remove(s);
            walker.markedContent.truncate(mark);
        }
    }

    /** A reference XObject (a form with /Ref): where it is drawn and what it points at. */
    private void referenceXObject(PDFormXObject form, String id) {
        Matrix m = form.getMatrix().multiply(walker.getGraphicsState().getCurrentTransformationMatrix());
        var bb = form.getBBox();
        Box placed = bb == null ? null : Geometry.transformBox(m, bb.getLowerLeftX(), bb.getLowerLeftY(),
                bb.getUpperRightX(), bb.getUpperRightY());
        doc.references.add(ExternalReferences.reference(form.getCOSObject(), pageNum, id, placed));
    }

    /** {@code BI ... ID ... EI}: placed like an image XObject, named by its order on the page. */
    void inlineImage(Operator op) throws IOException {
        if (op.getImageParameters() == null || op.getImageData() == null) {
            walker.problem("an inline image has no data");
            return;
        }
        PDInlineImage img = new PDInlineImage(op.getImageParameters(), op.getImageData(), walker.getResources());
        inlineImages++;
        paintImage(img, "inline:p" + pageNum + ":" + inlineImages, null);
    }

    private void paintImage(PDImage img, String id, COSStream cos) {
        Matrix m = walker.getGraphicsState().getCurrentTransformationMatrix();
        Box box = Geometry.transformBox(m, 0, 0, 1, 1);
        if (box == null) {
            walker.problem("image " + id + " is placed with a degenerate matrix");
            return;
        }
        ImageTally.Info info = doc.images.placed(img, id, pageNum);
        double placedW = Math.hypot(m.getValue(0, 0), m.getValue(0, 1));
        double placedH = Math.hypot(m.getValue(1, 0), m.getValue(1, 1));
        double ppiX = placedW > 0 ? info.width() * 72.0 / placedW : 0;
        double ppiY = placedH > 0 ? info.height() * 72.0 / placedH : 0;
        PDGraphicsState gs = walker.getGraphicsState();
        Draft d = new Draft();
        d.kind = info.stencil() ? ElementKind.IMAGE_MASK : ElementKind.IMAGE;
        d.fill = info.stencil() ? walker.color(gs.getNonStrokingColor(), gs.getNonStrokingColorSpace())
                : info.color();
        d.image = new ImagePlacement(id, Geometry.round3(ppiX), Geometry.round3(ppiY),
                Geometry.round3(placedW), Geometry.round3(placedH),
                direction(m.getValue(0, 0), m.getValue(0, 1)), direction(m.getValue(1, 0), m.getValue(1, 1)));
        d.objectId = cos == null ? null : ColorFacts.objectId(cos);
        d.exactCover = !info.stencil() && !info.masked() && Geometry.isAxisAligned(m);
        walker.record(d, box);
    }

    /** The direction of a vector on the page in degrees, [0, 360), rounded; 0 for a zero vector. */
    private static double direction(double x, double y) {
        if (x == 0 && y == 0 || !Double.isFinite(x) || !Double.isFinite(y)) {
            return 0;
        }
        double deg = Geometry.round3(Math.toDegrees(Math.atan2(y, x)));
        return deg < 0 ? Geometry.round3(deg + 360) % 360 : deg % 360;
    }

    /**
     * The marks of the pattern an element paints with, over the element's area: a shading pattern is one shading
     * element; a tiling pattern's cell is walked once per page and its marks cover the whole painted area.
     */
    void walkPattern(PDPattern space, PDColor color, Box area, Box visibleArea) {
        PDAbstractPattern pattern;
        try {
            pattern = space.getPattern(color);
        } catch (IOException | RuntimeException e) {
            walker.problem("a pattern could not be read: " + Problems.describe(e));
            return;
        }
        if (pattern == null) {
            walker.problem("pattern /" + (color.getPatternName() == null ? "?" : color.getPatternName().getName())
                    + " is missing from the resources");
            return;
        }
        String id = ObjectIds.idOr(pattern.getCOSObject(), "pattern:p" + pageNum);
        if (pattern instanceof PDShadingPattern sp) {
            shadingPattern(sp, id, area, visibleArea);
            return;
        }
        if (!(pattern instanceof PDTilingPattern tp) || !patternsWalked.add(tp.getCOSObject())) {
            return;
        }
        if (walker.depth >= PageWalker.MAX_DEPTH || !activeStreams.add(tp.getCOSObject())) {
            walker.problem("tiling pattern " + id + " is nested too deeply or draws itself; skipped");
            return;
        }
        String saved = walker.context;
        walker.context = "pattern:" + id;
        int first = walker.drafts.size();
        walker.depth++;
        int mark = walker.markedContent.mark();
        try {
            if (tp.getPaintType() == PDTilingPattern.PAINT_UNCOLORED) {
                PDColorSpace under = space.getUnderlyingColorSpace();
                walker.tilingPattern(tp, under == null ? null : new PDColor(color.getComponents(), under), under,
                        tp.getMatrix().multiply(patternBase));
            } else {
                walker.tilingPattern(tp, null, null, tp.getMatrix().multiply(patternBase));
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof PageWalker.WalkLimitException w) {
                throw w;
            }
            walker.problem("tiling pattern " + id + " could not be walked: " + Problems.describe(e));
        } finally {
            walker.depth--;
            walker.context = saved;
            activeStreams.remove(tp.getCOSObject());
            walker.markedContent.truncate(mark);
        }
        // The cell repeats over the whole painted area: that is where its marks can be.
        for (int i = first; i < walker.drafts.size(); i++) {
            Draft d = walker.drafts.get(i);
            d.bbox = area;
            d.visibleBox = visibleArea;
            d.exactCover = false;
        }
    }

    private void shadingPattern(PDShadingPattern sp, String id, Box area, Box visibleArea) {
        try {
            PDShading sh = sp.getShading();
            if (sh == null) {
                walker.problem("shading pattern " + id + " has no shading");
                return;
            }
            Draft d = new Draft();
            d.kind = ElementKind.SHADING;
            d.fill = shadingColor(sh);
            d.objectId = ColorFacts.objectId(sh.getCOSObject());
            String saved = walker.context;
            walker.context = "pattern:" + id;
            try {
                Draft r = walker.record(d, area);
                if (r != null) {
                    r.visibleBox = visibleArea;
                }
            } finally {
                walker.context = saved;
            }
        } catch (IOException | RuntimeException e) {
            walker.problem("shading pattern " + id + " could not be read: " + Problems.describe(e));
        }
    }
}
