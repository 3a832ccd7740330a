package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.color.PDPattern;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;
import org.apache.pdfbox.util.Matrix;
import org.apache.pdfbox.util.Vector;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Text runs: each text-showing operator ({@code Tj TJ ' "}) becomes one text element whose box is the union of its
 * glyph boxes, with the font (the broken one when {@code Tf} could not load it), size, render mode, glyph count and
 * the first characters. Glyphs shown in a clipping render mode also make the clip applied at {@code ET}.
 */
final class TextRuns {

    private static final int MAX_TEXT = 200;
    /** Marks a code whose font maps it to no Unicode text in {@link #unicode}'s cache. */
    private static final Object NO_UNICODE = new Object();

    private final PageWalker walker;
    private final DocState doc;
    private final int pageNum;

    // Text element under construction.
    private boolean inShow;
    private Draft text;
    private Box textBox;
    private int glyphs;
    private StringBuilder textChars;
    private Box textClip;
    private String currentFontResource;
    private COSDictionary brokenFont;

    /** Unicode text of single-byte codes per font object on this page; PDFBox looks each up afresh every time. */
    private final Map<PDFont, Object[]> unicodeByFont = new IdentityHashMap<>();
    private PDFont unicodeFont;
    private Object[] unicodeCodes;

    /** The text state of an outer run, kept while a Type 3 glyph procedure shows text of its own. */
    record Suspended(Draft text, Box textBox, int glyphs, StringBuilder textChars, boolean inShow, Box textClip,
                     String fontResource, COSDictionary brokenFont) {
    }

    TextRuns(PageWalker walker, DocState doc, int pageNum) {
        this.walker = walker;
        this.doc = doc;
        this.pageNum = pageNum;
    }

    /** A text-showing operator begins; false when one is already showing (a Type 3 glyph's own text). */
    boolean beginShow() {
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

    /** {@code BT}: a new text object starts with no text clip. */
    void beginText() {
        textClip = null;
    }

    /** {@code ET}: the text clip collected since {@code BT}, or null; it is applied once. */
    Box takeClip() {
        Box clip = textClip;
        textClip = null;
        return clip;
    }

    /** One glyph shown: the run's box, clip, glyph count and characters grow, and the font tally counts it. */
    void glyph(Matrix trm, PDFont font, int code, Vector displacement) {
        if (text == null && inShow) {
            startTextElement(font, trm);
        }
        Box g = glyphBox(trm, font, displacement);
        if (g != null) {
            textBox = textBox == null ? g : textBox.union(g);
            int mode = walker.getGraphicsState().getTextState().getRenderingMode().intValue();
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
    }

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

    private void startTextElement(PDFont font, Matrix trm) {
        PDGraphicsState gs = walker.getGraphicsState();
        int mode = gs.getTextState().getRenderingMode().intValue();
        Draft d = new Draft();
        d.kind = ElementKind.TEXT;
        boolean fills = mode == 0 || mode == 2 || mode == 4 || mode == 6;
        boolean strokes = mode == 1 || mode == 2 || mode == 5 || mode == 6;
        d.fill = fills || mode == 3 || mode == 7
                ? walker.color(gs.getNonStrokingColor(), gs.getNonStrokingColorSpace()) : null;
        d.stroke = strokes ? walker.color(gs.getStrokingColor(), gs.getStrokingColorSpace()) : null;
        d.lineWidth = strokes ? PathPainter.effectiveWidth(gs) : 0;
        d.invisibleText = mode == 3 || mode == 7;
        // After a Tf whose font could not be loaded PDFBox keeps showing with the previous (or a default) font:
        // the text belongs to the broken font, not to that stand-in.
        String fontId = brokenFont != null ? doc.fonts.usedDamaged(brokenFont, pageNum)
                : doc.fonts.used(font, currentFontResource, pageNum);
        String fontName = brokenFont != null ? brokenFont.getNameAsString(COSName.BASE_FONT) : font.getName();
        double size = Math.hypot(trm.getValue(1, 0), trm.getValue(1, 1));
        double angle = Math.toDegrees(Math.atan2(trm.getValue(0, 1), trm.getValue(0, 0)));
        d.text = new TextInfo(fontId, fontName, Geometry.round3(size), mode, 0, "",
                angle == -180 ? 180 : Geometry.round3(angle));
        text = d;
    }

    /** The text-showing operator ended: its run is recorded (nothing for mode 7, which only clips). */
    void endShow() {
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
                textChars == null ? "" : textChars.toString(), d.text.angle());
        Box box = textBox;
        Draft recorded = walker.record(d, box);
        PDGraphicsState gs = walker.getGraphicsState();
        if (recorded != null && d.fill != null && gs.getNonStrokingColorSpace() instanceof PDPattern p
                && !d.invisibleText) {
            walker.objects.walkPattern(p, gs.getNonStrokingColor(), recorded.bbox, recorded.visibleBox);
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

    /** The font resource name of the last {@code Tf}. */
    String fontResource() {
        return currentFontResource;
    }

    /** {@code Tf}, before PDFBox loads the font: the resource is noted, or reported missing. */
    void fontSet(List<COSBase> args) {
        if (!args.isEmpty() && args.get(0) instanceof COSName n) {
            currentFontResource = n.getName();
            brokenFont = null;
            PDResources res = walker.getResources();
            COSDictionary fonts = res == null ? null
                    : res.getCOSObject().getCOSDictionary(COSName.FONT);
            if (fonts == null || !fonts.containsKey(n)) {
                walker.problem("font /" + n.getName() + " is missing from the resources");
            } else {
                doc.fonts.noteResource(fonts.getDictionaryObject(n), n.getName(), pageNum);
            }
        }
    }

    /** {@code Tf} could not load the font: it is tallied as damaged and the text shown with it is its. */
    void fontFailed(List<COSBase> args, Exception e) {
        if (!args.isEmpty() && args.get(0) instanceof COSName n && walker.getResources() != null) {
            COSDictionary fonts = walker.getResources().getCOSObject().getCOSDictionary(COSName.FONT);
            if (fonts != null && fonts.getDictionaryObject(n) instanceof COSDictionary fd) {
                doc.fonts.damaged(fd, n.getName(), pageNum, "the font could not be loaded: " + Problems.describe(e));
                brokenFont = fd;
            }
        }
    }

    /** Sets the run aside while a Type 3 glyph procedure runs, which may show text of its own. */
    Suspended suspend() {
        var s = new Suspended(text, textBox, glyphs, textChars, inShow, textClip, currentFontResource, brokenFont);
        text = null;
        textBox = null;
        glyphs = 0;
        textChars = null;
        inShow = false;
        return s;
    }

    /** Takes the outer run back after a Type 3 glyph procedure. */
    void resume(Suspended s) {
        text = s.text();
        textBox = s.textBox();
        glyphs = s.glyphs();
        textChars = s.textChars();
        inShow = s.inShow();
        textClip = s.textClip();
        currentFontResource = s.fontResource();
        brokenFont = s.brokenFont();
    }
}
