package dev.preflight.engine.render;

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
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;
import org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds small PDFs with known ink: rectangles of CMYK or spot colour, optionally overprinting, on sized pages. */
final class InkPdfs {

    private final List<PageSpec> pages = new ArrayList<>();

    private InkPdfs() {
    }

    static InkPdfs create() {
        return new InkPdfs();
    }

    /** Starts a page of the given size in points. */
    InkPdfs page(float width, float height) {
        pages.add(new PageSpec(width, height));
        return this;
    }

    InkPdfs rotate(int degrees) {
        current().rotation = degrees;
        return this;
    }

    /** Sets a CropBox inside the MediaBox. */
    InkPdfs crop(float x0, float y0, float x1, float y1) {
        current().crop = new PDRectangle(x0, y0, x1 - x0, y1 - y0);
        return this;
    }

    /** Fills a rectangle with a DeviceCMYK colour, components 0..1. */
    InkPdfs cmyk(float x, float y, float w, float h, float c, float m, float yel, float k) {
        current().paints.add(new Paint(x, y, w, h, new float[] {c, m, yel, k}, null, false));
        return this;
    }

    /** Fills a rectangle with a DeviceCMYK colour and overprint on (OP, op, OPM 1), as black text usually is. */
    InkPdfs cmykOverprint(float x, float y, float w, float h, float c, float m, float yel, float k) {
        current().paints.add(new Paint(x, y, w, h, new float[] {c, m, yel, k}, null, true));
        return this;
    }

    /** Fills a rectangle with a Separation colour space (alternate CMYK) at the given tint. */
    InkPdfs spot(String name, float x, float y, float w, float h, float tint) {
        current().paints.add(new Paint(x, y, w, h, new float[] {tint}, name, false));
        return this;
    }

    Path write(Path file) {
        try (var doc = new PDDocument()) {
            for (PageSpec spec : pages) {
                var page = new PDPage(new PDRectangle(spec.width, spec.height));
                page.setRotation(spec.rotation);
                if (spec.crop != null) {
                    page.setCropBox(spec.crop);
                }
                doc.addPage(page);
                try (var cs = new PDPageContentStream(doc, page)) {
                    for (Paint p : spec.paints) {
                        cs.saveGraphicsState();
                        if (p.overprint) {
                            var gs = new PDExtendedGraphicsState();
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
                        cs.addRect(p.x, p.y, p.w, p.h);
                        cs.fill();
                        cs.restoreGraphicsState();
                    }
                }
            }
            doc.save(file.toFile());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PDSeparation separation(String name) throws IOException {
        var sep = new PDSeparation();
        sep.setColorantName(name);
        sep.setAlternateColorSpace(PDDeviceCMYK.INSTANCE);
        var fn = new COSDictionary();
        fn.setInt(COSName.FUNCTION_TYPE, 2);
        fn.setItem(COSName.DOMAIN, array(0, 1));
        fn.setItem(COSName.C0, array(0, 0, 0, 0));
        fn.setItem(COSName.C1, array(0, 0.3f, 0.9f, 0.1f));
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
        int rotation;
        PDRectangle crop;
        final List<Paint> paints = new ArrayList<>();

        PageSpec(float width, float height) {
            this.width = width;
            this.height = height;
        }
    }

    private record Paint(float x, float y, float w, float h, float[] components, String spotName,
                         boolean overprint) {
    }
}
