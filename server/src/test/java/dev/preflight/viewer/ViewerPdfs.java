package dev.preflight.viewer;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.function.PDFunctionType2;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;
import org.apache.pdfbox.pdmodel.graphics.optionalcontent.PDOptionalContentGroup;
import org.apache.pdfbox.pdmodel.graphics.optionalcontent.PDOptionalContentProperties;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PDFs whose viewer answers are known: pages of a given size holding rectangles of DeviceCMYK or spot colour
 * (optionally inside a layer) and lines of Helvetica text. Coordinates are PDF points, origin lower-left.
 */
public final class ViewerPdfs {

    /** A4 in points. */
    public static final float A4_W = 595.28f;
    public static final float A4_H = 841.89f;

    private final List<PageSpec> pages = new ArrayList<>();
    /** Layers by name, with their default state, in /OCGs order. */
    private final Map<String, Boolean> layers = new LinkedHashMap<>();

    private ViewerPdfs() {
    }

    public static ViewerPdfs create() {
        return new ViewerPdfs();
    }

    /** A page of the given size; rotation 0. */
    public ViewerPdfs page(float width, float height) {
        pages.add(new PageSpec(width, height));
        return this;
    }

    public ViewerPdfs a4() {
        return page(A4_W, A4_H);
    }

    /** Declares a layer (optional-content group) with its default state. */
    public ViewerPdfs layer(String name, boolean defaultOn) {
        layers.put(name, defaultOn);
        return this;
    }

    /** A DeviceCMYK rectangle, components 0..1. */
    public ViewerPdfs cmyk(float x, float y, float w, float h, float c, float m, float yel, float k) {
        current().paints.add(new Paint(x, y, w, h, new float[] {c, m, yel, k}, null, null, null, false));
        return this;
    }

    /** A DeviceCMYK rectangle drawn inside a layer declared with {@link #layer}. */
    public ViewerPdfs cmykInLayer(String layer, float x, float y, float w, float h, float c, float m, float yel, float k) {
        current().paints.add(new Paint(x, y, w, h, new float[] {c, m, yel, k}, null, layer, null, false));
        return this;
    }

    /** A DeviceCMYK rectangle painted with overprint on and overprint mode 1 (zero components leave the plates). */
    public ViewerPdfs cmykOverprint(float x, float y, float w, float h, float c, float m, float yel, float k) {
        current().paints.add(new Paint(x, y, w, h, new float[] {c, m, yel, k}, null, null, null, true));
        return this;
    }

    /** A rectangle of a Separation colour space (alternate CMYK) at a tint. */
    public ViewerPdfs spot(String name, float x, float y, float w, float h, float tint) {
        current().paints.add(new Paint(x, y, w, h, new float[] {tint}, name, null, null, false));
        return this;
    }

    /** A line of black Helvetica text (not embedded) at a size, its baseline starting at (x, y). */
    public ViewerPdfs text(String text, float x, float y, float size) {
        current().paints.add(new Paint(x, y, size, 0, new float[] {0, 0, 0, 1}, null, null, text, false));
        return this;
    }

    public byte[] bytes() {
        try (var doc = new PDDocument()) {
            var groups = new LinkedHashMap<String, PDOptionalContentGroup>();
            if (!layers.isEmpty()) {
                var props = new PDOptionalContentProperties();
                doc.getDocumentCatalog().setOCProperties(props);
                for (var e : layers.entrySet()) {
                    var group = new PDOptionalContentGroup(e.getKey());
                    props.addGroup(group);
                    props.setGroupEnabled(group, e.getValue());
                    groups.put(e.getKey(), group);
                }
            }
            for (PageSpec spec : pages) {
                var page = new PDPage(new PDRectangle(spec.width, spec.height));
                doc.addPage(page);
                try (var cs = new PDPageContentStream(doc, page)) {
                    for (Paint p : spec.paints) {
                        cs.saveGraphicsState();
                        if (p.layer != null) {
                            cs.beginMarkedContent(COSName.OC, groups.get(p.layer));
                        }
                        if (p.overprint) {
                            var gs = new org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState();
                            gs.setNonStrokingOverprintControl(true);
                            gs.setStrokingOverprintControl(true);
                            gs.setOverprintMode(1);
                            cs.setGraphicsStateParameters(gs);
                        }
                        if (p.spotName == null) {
                            cs.setNonStrokingColor(new PDColor(p.components, PDDeviceCMYK.INSTANCE));
                        } else {
                            cs.setNonStrokingColor(new PDColor(p.components, separation(p.spotName)));
                        }
                        if (p.text != null) {
                            cs.beginText();
                            cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), p.w);
                            cs.newLineAtOffset(p.x, p.y);
                            cs.showText(p.text);
                            cs.endText();
                        } else {
                            cs.addRect(p.x, p.y, p.w, p.h);
                            cs.fill();
                        }
                        if (p.layer != null) {
                            cs.endMarkedContent();
                        }
                        cs.restoreGraphicsState();
                    }
                }
            }
            var out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static PDSeparation separation(String name) throws IOException {
        var sep = new PDSeparation();
        sep.setColorantName(name);
        sep.setAlternateColorSpace(PDDeviceCMYK.INSTANCE);
        var fn = new COSDictionary();
        fn.setInt(COSName.FUNCTION_TYPE, 2);
        fn.setItem(COSName.DOMAIN, array(0, 1));
        fn.setItem(COSName.C0, array(0, 0, 0, 0));
        fn.setItem(COSName.C1, array(0, 0.8f, 0.9f, 0));
        fn.setItem(COSName.N, COSInteger.ONE);
        sep.setTintTransform(new PDFunctionType2(fn));
        return sep;
    }

    private static COSArray array(float... values) {
        var a = new COSArray();
        for (float v : values) {
            a.add(new COSFloat(v));
        }
        return a;
    }

    private PageSpec current() {
        if (pages.isEmpty()) {
            throw new IllegalStateException("call page() first");
        }
        return pages.getLast();
    }

    private static final class PageSpec {
        final float width;
        final float height;
        final List<Paint> paints = new ArrayList<>();

        PageSpec(float width, float height) {
            this.width = width;
            this.height = height;
        }
    }

    private record Paint(float x, float y, float w, float h, float[] components, String spotName, String layer,
                         String text, boolean overprint) {
    }
}
