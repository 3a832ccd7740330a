package dev.preflight.engine.facts;

import org.apache.fontbox.util.BoundingBox;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType3Font;
import org.apache.pdfbox.pdmodel.font.PDVectorFont;
import org.apache.pdfbox.util.Matrix;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Accumulates {@link FontFact}s over the document: one entry per font dictionary that shows glyphs. */
final class FontTally {

    private static final Set<String> STANDARD_14 = Set.of("Times-Roman", "Times-Bold", "Times-Italic",
            "Times-BoldItalic", "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
            "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Symbol", "ZapfDingbats");
    private static final Pattern SUBSET = Pattern.compile("^[A-Z]{6}\\+.*");
    private static final int MAX_FONT_BYTES = 32 << 20;
    private static final int MAX_CODE = 1 << 16;

    private static final class Acc {
        String objectId;
        String name;
        String type;
        String descendantType;
        String fontFileType;
        boolean embedded;
        boolean subset;
        boolean standard14;
        Integer fsType;
        final Set<Integer> pages = new TreeSet<>();
        /** The page last added to {@link #pages}, so that each text element does not insert it again. */
        int lastPage = -1;
        int glyphsUsed;
        int glyphsMissing;
        int glyphsWithoutUnicode;
        /** Codes looked up for a Unicode value, and those that have none. */
        BitSet unicodeChecked;
        BitSet noUnicode;
        boolean damaged;
        String problem;
        boolean checkGlyphs;
        BitSet checked;
        BitSet missing;
    }

    private final Map<COSBase, Acc> fonts = new IdentityHashMap<>();
    private final Map<COSBase, String> resourceNames = new IdentityHashMap<>();
    private final List<Acc> order = new ArrayList<>();
    private final Map<PDFont, Acc> byFont = new IdentityHashMap<>();
    private final Map<COSBase, double[]> extents = new IdentityHashMap<>();
    private PDFont lastFont;
    private Acc lastAcc;

    /** Remembers a font dictionary's resource name (the id of direct font dictionaries). */
    void noteResource(COSBase dict, String resName, int pageNum) {
        if (dict != null && !resourceNames.containsKey(dict)) {
            resourceNames.put(dict, "res:" + pageNum + ":" + resName);
        }
    }

    /** Records a font dictionary that could not be loaded at all. */
    void damaged(COSBase dict, String resName, int pageNum, String problem) {
        if (!(dict instanceof COSDictionary d) || fonts.containsKey(d)) {
            return;
        }
        Acc a = new Acc();
        a.objectId = ObjectIds.idOr(d, "res:" + pageNum + ":" + resName);
        a.name = d.getNameAsString(COSName.BASE_FONT);
        a.type = d.getNameAsString(COSName.SUBTYPE);
        a.subset = a.name != null && SUBSET.matcher(a.name).matches();
        a.standard14 = a.name != null && STANDARD_14.contains(a.name);
        a.damaged = true;
        a.problem = problem;
        fonts.put(d, a);
        order.add(a);
    }

    /** Registers that a font that could not be loaded shows glyphs on a page and returns its id. */
    String usedDamaged(COSDictionary dict, int pageNum) {
        Acc a = fonts.get(dict);
        if (a == null) {
            damaged(dict, "font", pageNum, "the font could not be loaded");
            a = fonts.get(dict);
        }
        a.pages.add(pageNum);
        return a.objectId;
    }

    /** Counts one glyph shown with a font that could not be loaded. */
    void glyphOfDamaged(COSDictionary dict) {
        Acc a = fonts.get(dict);
        if (a != null) {
            a.glyphsUsed++;
        }
    }

    /** Registers that a font shows glyphs on a page and returns its id. */
    String used(PDFont font, String resName, int pageNum) {
        Acc a = acc(font, resName, pageNum);
        if (a.lastPage != pageNum) {
            a.pages.add(pageNum);
            a.lastPage = pageNum;
        }
        return a.objectId;
    }

    /** Counts one glyph; checks once per code whether an embedded program has it. */
    void glyph(PDFont font, int code) {
        Acc a = acc(font, null, 0);
        a.glyphsUsed++;
        countUnicode(a, font, code);
        if (!a.checkGlyphs || code < 0 || code >= MAX_CODE) {
            return;
        }
        if (!a.checked.get(code)) {
            a.checked.set(code);
            if (!hasGlyph(font, code) && !isSpace(font, code)) {
                a.missing.set(code);
            }
        }
        if (a.missing.get(code)) {
            a.glyphsMissing++;
        }
    }

    /** Counts a glyph whose code maps to no Unicode text (ToUnicode, a standard encoding or known glyph names). */
    private static void countUnicode(Acc a, PDFont font, int code) {
        if (code < 0 || code >= MAX_CODE) {
            return;
        }
        if (a.unicodeChecked == null) {
            a.unicodeChecked = new BitSet();
            a.noUnicode = new BitSet();
        }
        if (!a.unicodeChecked.get(code)) {
            a.unicodeChecked.set(code);
            String u;
            try {
                u = font.toUnicode(code);
            } catch (RuntimeException e) {
                u = null;
            }
            if (u == null || u.isEmpty()) {
                a.noUnicode.set(code);
            }
        }
        if (a.noUnicode.get(code)) {
            a.glyphsWithoutUnicode++;
        }
    }

    /**
     * Subsets often leave out the space glyph; a space shown with .notdef draws nothing, exactly like a real space,
     * so it does not count as a missing glyph.
     */
    private static boolean isSpace(PDFont font, int code) {
        try {
            String u = font.toUnicode(code);
            return u != null && !u.isEmpty() && u.chars().allMatch(c -> Character.isWhitespace(c) || c == 0xA0);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static boolean hasGlyph(PDFont font, int code) {
        try {
            if (font instanceof PDType3Font t3) {
                return t3.getCharProc(code) != null;
            }
            if (font instanceof PDVectorFont vf) {
                return vf.hasGlyph(code);
            }
        } catch (IOException | RuntimeException e) {
            return true;
        }
        return true;
    }

    /** Descent and ascent of the font in text space units (before the font size), from the descriptor or bbox. */
    double[] verticalExtent(PDFont font) {
        return extents.computeIfAbsent(font.getCOSObject(), k -> extent(font));
    }

    private static double[] extent(PDFont font) {
        try {
            Matrix fm = font.getFontMatrix();
            double sy = fm.getValue(1, 1);
            double ty = fm.getValue(2, 1);
            if (font instanceof PDType3Font t3) {
                BoundingBox bb = t3.getBoundingBox();
                if (bb != null && bb.getHeight() > 0) {
                    double y0 = bb.getLowerLeftY() * sy + ty;
                    double y1 = bb.getUpperRightY() * sy + ty;
                    return new double[] {Math.min(y0, y1), Math.max(y0, y1)};
                }
                return new double[] {0, Math.abs(sy) * 1000};
            }
            PDFontDescriptor fd = font.getFontDescriptor();
            double asc = fd == null ? 0 : fd.getAscent();
            double desc = fd == null ? 0 : fd.getDescent();
            if (asc <= 0 || asc > 2500) {
                BoundingBox bb = font.getBoundingBox();
                asc = bb != null && bb.getUpperRightY() > 0 && bb.getUpperRightY() < 2500 ? bb.getUpperRightY() : 800;
                if (desc >= 0 && bb != null && bb.getLowerLeftY() < 0 && bb.getLowerLeftY() > -1500) {
                    desc = bb.getLowerLeftY();
                }
            }
            if (desc > 0 || desc < -1500) {
                desc = -200;
            }
            double scale = sy == 0 ? 0.001 : Math.abs(sy);
            return new double[] {desc * scale, asc * scale};
        } catch (IOException | RuntimeException e) {
            return new double[] {-0.2, 0.8};
        }
    }

    private Acc acc(PDFont font, String resName, int pageNum) {
        if (font == lastFont) {
            return lastAcc;
        }
        Acc a = byFont.get(font);
        if (a != null) {
            lastFont = font;
            lastAcc = a;
            return a;
        }
        COSDictionary dict = font.getCOSObject();
        a = fonts.get(dict);
        if (a == null) {
            a = describe(font, dict, resName, pageNum);
            fonts.put(dict, a);
            order.add(a);
        }
        byFont.put(font, a);
        return a;
    }

    private Acc describe(PDFont font, COSDictionary dict, String resName, int pageNum) {
        Acc a = new Acc();
        String fallback = resourceNames.get(dict);
        if (fallback == null) {
            fallback = "res:" + pageNum + ":" + (resName == null ? "font" + System.identityHashCode(dict) : resName);
        }
        a.objectId = ObjectIds.idOr(dict, fallback);
        a.name = dict.getNameAsString(COSName.BASE_FONT);
        if (a.name == null) {
            a.name = font.getName();
        }
        a.type = dict.getNameAsString(COSName.SUBTYPE);
        a.subset = a.name != null && SUBSET.matcher(a.name).matches();
        a.standard14 = a.name != null && STANDARD_14.contains(a.name);
        PDFontDescriptor fd = font.getFontDescriptor();
        try {
            if (font instanceof PDType0Font t0) {
                var desc = t0.getDescendantFont();
                if (desc != null) {
                    a.descendantType = desc.getCOSObject().getNameAsString(COSName.SUBTYPE);
                    fd = desc.getFontDescriptor();
                    a.damaged = desc.isDamaged();
                }
            } else {
                a.damaged = font.isDamaged();
            }
        } catch (RuntimeException e) {
            a.damaged = true;
            a.problem = Problems.describe(e);
        }
        COSStream program = null;
        if (fd != null) {
            PDStream ff;
            if ((ff = fd.getFontFile()) != null) {
                a.fontFileType = "FontFile";
                program = ff.getCOSObject();
            } else if ((ff = fd.getFontFile2()) != null) {
                a.fontFileType = "FontFile2";
                program = ff.getCOSObject();
            } else if ((ff = fd.getFontFile3()) != null) {
                String sub = ff.getCOSObject().getNameAsString(COSName.SUBTYPE);
                a.fontFileType = "FontFile3" + (sub == null ? "" : "/" + sub);
                program = ff.getCOSObject();
            }
        }
        a.embedded = a.fontFileType != null || font instanceof PDType3Font;
        if (a.damaged && a.problem == null) {
            a.problem = a.embedded ? "the embedded font program could not be parsed" : "the font could not be loaded";
        }
        if (program != null && ("FontFile2".equals(a.fontFileType) || "FontFile3/OpenType".equals(a.fontFileType))) {
            a.fsType = fsType(program);
        }
        a.checkGlyphs = a.embedded && !a.damaged;
        if (a.checkGlyphs) {
            a.checked = new BitSet();
            a.missing = new BitSet();
        }
        return a;
    }

    /** OS/2 fsType from an sfnt (TrueType/OpenType) program, or null when there is no readable OS/2 table. */
    static Integer fsType(COSStream program) {
        try (InputStream in = program.createInputStream()) {
            byte[] b = in.readNBytes(MAX_FONT_BYTES);
            if (b.length < 12) {
                return null;
            }
            int numTables = u16(b, 4);
            for (int i = 0; i < numTables; i++) {
                int p = 12 + i * 16;
                if (p + 16 > b.length) {
                    return null;
                }
                if (b[p] == 'O' && b[p + 1] == 'S' && b[p + 2] == '/' && b[p + 3] == '2') {
                    long off = u32(b, p + 8);
                    if (off + 10 > b.length) {
                        return null;
                    }
                    return u16(b, (int) off + 8);
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static int u16(byte[] b, int p) {
        return ((b[p] & 0xFF) << 8) | (b[p + 1] & 0xFF);
    }

    private static long u32(byte[] b, int p) {
        return ((b[p] & 0xFFL) << 24) | ((b[p + 1] & 0xFFL) << 16) | ((b[p + 2] & 0xFFL) << 8) | (b[p + 3] & 0xFFL);
    }

    List<FontFact> facts() {
        var out = new ArrayList<FontFact>();
        for (Acc a : order) {
            out.add(new FontFact(a.objectId, a.name, a.type, a.descendantType, a.fontFileType, a.embedded, a.subset,
                    a.standard14, a.fsType, new ArrayList<>(a.pages), a.glyphsUsed, a.glyphsMissing, a.damaged,
                    a.problem, a.glyphsWithoutUnicode));
        }
        return out;
    }

    /** Drops per-page caches of PDFont objects (PDFBox may hand out new ones per page). */
    void endPage() {
        byFont.clear();
        lastFont = null;
        lastAcc = null;
    }
}
