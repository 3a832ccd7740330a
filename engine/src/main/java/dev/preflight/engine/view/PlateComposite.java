package dev.preflight.engine.view;

import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.function.PDFunction;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceGray;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceN;
import org.apache.pdfbox.pdmodel.graphics.color.PDIndexed;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDAbstractPattern;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDShadingPattern;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDTilingPattern;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShading;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceEntry;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceStream;

import java.awt.color.ICC_ColorSpace;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a chosen set of a page's plates prints, shown on screen through the output condition, as Acrobat's Output
 * Preview shows a page with some separations switched off.
 *
 * <p>The plates are Ghostscript's separations of the page (overprint already simulated). Each pixel's process inks
 * are the visible process plates; each visible spot ink adds its equivalent in the condition's CMYK (its tint
 * transform's value at full tint, through the condition's profile when the alternate is not CMYK or gray) scaled by
 * its tint, mixed subtractively ({@code 1 - (1 - a)(1 - b)} per process ink), which is how Ghostscript's own
 * overprint simulation shows spots on a composite device. The resulting CMYK goes to the screen through the soft
 * proof's own conversion, sampled ({@link ProofLut}), so with every plate visible the composite and the tile agree.
 */
public final class PlateComposite {

    /** Bound on the objects one page's walk visits, so a hostile resource graph cannot stall it. */
    static final int MAX_VISITS = 20_000;

    private PlateComposite() {
    }

    /**
     * Each spot ink reachable from a page (its resources, forms, patterns, shadings, images and annotation
     * appearances), with its full-tint equivalent in the condition's CMYK, 0..1 per ink; the first colour space
     * that names an ink decides. Process names (Cyan, Magenta, Yellow, Black) and None/All are not spots.
     */
    public static Map<String, float[]> spotInks(PDPage page, ICC_ColorSpace cmyk) {
        var walk = new Walk(cmyk);
        walk.resources(page.getResources(), 0);
        try {
            for (PDAnnotation a : page.getAnnotations()) {
                if (a.getAppearance() == null) {
                    continue;
                }
                for (PDAppearanceEntry e : new PDAppearanceEntry[] {a.getAppearance().getNormalAppearance(),
                        a.getAppearance().getRolloverAppearance(), a.getAppearance().getDownAppearance()}) {
                    if (e == null) {
                        continue;
                    }
                    if (e.isStream()) {
                        walk.form(e.getAppearanceStream(), 0);
                    } else if (e.isSubDictionary()) {
                        for (PDAppearanceStream s : e.getSubDictionary().values()) {
                            walk.form(s, 0);
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // damaged annotations: the inks found so far stand; an ink without an equivalent shows as black below
        }
        return walk.inks;
    }

    /**
     * The visible plates composed and converted to sRGB.
     *
     * @param page   the page's separations
     * @param hidden ink names left out
     * @param spots  each spot ink's CMYK equivalent ({@link #spotInks}); a spot plate without one counts as black
     * @param lut    the soft proof's conversion of the output condition ({@link ProofLut})
     */
    public static BufferedImage compose(SeparationPage page, Set<String> hidden, Map<String, float[]> spots,
                                        ProofLut lut) {
        return compose(page, hidden, spots, lut, 0, 0, page.width(), page.height());
    }

    /**
     * The sRGB colour, as {@code 0xRRGGBB}, of the composite's pixel (every plate visible) holding a PDF point
     * (points, origin lower-left): what the colour picker reads, from the same render as the densitometer.
     *
     * @throws InvalidViewRequestException when the point is off the page
     */
    public static int rgbAt(SeparationPage page, Map<String, float[]> spots, ProofLut lut, double x, double y) {
        RasterGrid grid = new RasterGrid(page.geometry(), page.dpi(), page.width(), page.height());
        int[] px = grid.pixelAt(x, y);
        if (px == null) {
            throw TileRenderer.offPage(grid, x, y);
        }
        return compose(page, Set.of(), spots, lut, px[0], px[1], 1, 1).getRGB(0, 0) & 0xFFFFFF;
    }

    /** The composite of a window of the page (pixels, origin top-left), the window's size. */
    static BufferedImage compose(SeparationPage page, Set<String> hidden, Map<String, float[]> spots,
                                 ProofLut lut, int x0, int y0, int w, int h) {
        if (x0 < 0 || y0 < 0 || w < 1 || h < 1 || x0 + w > page.width() || y0 + h > page.height()) {
            throw new IllegalArgumentException("window " + x0 + "," + y0 + " " + w + "x" + h + " is off the "
                    + page.width() + "x" + page.height() + " page");
        }
        int stride = page.width();
        int n = w * h;
        byte[] out = new byte[n * 4];
        // process plates straight into their component
        for (int c = 0; c < 4; c++) {
            Channel plate = hidden.contains(SeparationPage.PROCESS_INKS.get(c)) ? null
                    : page.channel(SeparationPage.PROCESS_INKS.get(c));
            if (plate == null || plate.type() != ChannelType.PROCESS) {
                continue;
            }
            byte[] p = plate.plane();
            for (int y = 0; y < h; y++) {
                int from = (y0 + y) * stride + x0;
                int to = y * w;
                for (int x = 0; x < w; x++) {
                    out[(to + x) * 4 + c] = (byte) (255 - (p[from + x] & 0xff));
                }
            }
        }
        // spots: each one's share of every process ink, mixed subtractively with what is there
        for (Channel plate : page.channels()) {
            if (plate.type() != ChannelType.SPOT || hidden.contains(plate.name())) {
                continue;
            }
            float[] eq = spots.getOrDefault(plate.name(), new float[] {0, 0, 0, 1});
            int[] share = new int[4];
            for (int c = 0; c < 4; c++) {
                share[c] = Math.round(Math.max(0, Math.min(1, eq[c])) * 255);
            }
            byte[] p = plate.plane();
            for (int y = 0; y < h; y++) {
                int from = (y0 + y) * stride + x0;
                int to = y * w;
                for (int x = 0; x < w; x++) {
                    int t = 255 - (p[from + x] & 0xff);
                    if (t == 0) {
                        continue;
                    }
                    int i = (to + x) * 4;
                    for (int c = 0; c < 4; c++) {
                        int have = out[i + c] & 0xff;
                        int add = share[c] * t / 255;
                        out[i + c] = (byte) (255 - (255 - have) * (255 - add) / 255);
                    }
                }
            }
        }
        return lut.convert(out, w, h);
    }

    /** The walk over what a page can paint with, collecting spot inks. */
    private static final class Walk {
        final ICC_ColorSpace cmyk;
        final Map<String, float[]> inks = new LinkedHashMap<>();
        final Set<COSBase> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        int visits;

        Walk(ICC_ColorSpace cmyk) {
            this.cmyk = cmyk;
        }

        boolean enter(COSBase object, int depth) {
            return object != null && depth < 32 && ++visits < MAX_VISITS && seen.add(object);
        }

        void resources(PDResources res, int depth) {
            if (res == null || !enter(res.getCOSObject(), depth)) {
                return;
            }
            try {
                for (COSName name : res.getColorSpaceNames()) {
                    space(res.getColorSpace(name));
                }
                for (COSName name : res.getXObjectNames()) {
                    PDXObject x = res.getXObject(name);
                    if (x instanceof PDFormXObject f) {
                        form(f, depth + 1);
                    } else if (x instanceof PDImageXObject img && enter(img.getCOSObject(), depth + 1)
                            && !img.isStencil()) {
                        space(img.getColorSpace());
                    }
                }
                for (COSName name : res.getPatternNames()) {
                    PDAbstractPattern p = res.getPattern(name);
                    if (p instanceof PDTilingPattern t && enter(t.getCOSObject(), depth + 1)) {
                        resources(t.getResources(), depth + 1);
                    } else if (p instanceof PDShadingPattern s && s.getShading() != null) {
                        space(s.getShading().getColorSpace());
                    }
                }
                for (COSName name : res.getShadingNames()) {
                    PDShading s = res.getShading(name);
                    if (s != null) {
                        space(s.getColorSpace());
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a damaged resource: the inks found so far stand
            }
        }

        void form(PDFormXObject form, int depth) {
            if (form != null && enter(form.getCOSObject(), depth)) {
                resources(form.getResources(), depth + 1);
            }
        }

        void space(PDColorSpace cs) throws IOException {
            if (cs instanceof PDIndexed indexed) {
                space(indexed.getBaseColorSpace());
            } else if (cs instanceof PDSeparation sep) {
                String name = sep.getColorantName();
                if (spot(name) && !inks.containsKey(name)) {
                    // PDSeparation keeps its tint transform private; the array holds it at index 3
                    PDFunction f = PDFunction.create(((org.apache.pdfbox.cos.COSArray) sep.getCOSObject())
                            .getObject(3));
                    inks.put(name, toCmyk(sep.getAlternateColorSpace(), f.eval(new float[] {1f})));
                }
            } else if (cs instanceof PDDeviceN dn) {
                List<String> names = dn.getColorantNames();
                for (int i = 0; i < names.size(); i++) {
                    String name = names.get(i);
                    if (spot(name) && !inks.containsKey(name)) {
                        float[] unit = new float[names.size()];
                        unit[i] = 1f;
                        inks.put(name, toCmyk(dn.getAlternateColorSpace(), dn.getTintTransform().eval(unit)));
                    }
                }
            }
        }

        float[] toCmyk(PDColorSpace alternate, float[] v) throws IOException {
            if (alternate instanceof PDDeviceCMYK && v.length >= 4) {
                return new float[] {clamp(v[0]), clamp(v[1]), clamp(v[2]), clamp(v[3])};
            }
            if (alternate instanceof PDDeviceGray && v.length >= 1) {
                return new float[] {0, 0, 0, 1 - clamp(v[0])};
            }
            float[] rgb = alternate.toRGB(v);
            return cmyk.fromRGB(new float[] {clamp(rgb[0]), clamp(rgb[1]), clamp(rgb[2])});
        }

        static boolean spot(String name) {
            return name != null && !SeparationPage.PROCESS_INKS.contains(name) && !name.equals("None")
                    && !name.equals("All");
        }

        static float clamp(float f) {
            return Math.max(0, Math.min(1, f));
        }
    }
}
