package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * ADD_BLEED: the page enlarged around its trim, its content drawn once as it was and again, clipped and mirrored (or
 * stretched), into the new bleed strips.
 */
final class AddBleedFixup implements Fixup {

    static final String ID = "ADD_BLEED";
    private static final double MM = 72 / 25.4;

    private static final FixupInfo INFO = new FixupInfo(ID, "Add bleed",
            "Grows every page whose bleed is smaller than bleed_mm: the MediaBox becomes the TrimBox grown by "
                    + "bleed_mm on every side (never smaller than it was), the BleedBox that same rectangle, the "
                    + "CropBox is removed, and a page without a TrimBox gets its visible area (CropBox, else "
                    + "MediaBox) as TrimBox. The page's content becomes a form XObject drawn first into each of "
                    + "the eight new strips and corners, clipped to them and mirrored about the trim edge (mode "
                    + "mirror) or with the outer stretch_source_mm of the page stretched across the bleed (mode "
                    + "stretch), and then once more at its place, unchanged, so content that already reached past "
                    + "the trim stays. Annotations keep their places. It cannot invent what lies beyond the trim: "
                    + "text or faces at the edge are mirrored too, and mirrored content does not carry the page's "
                    + "own transparency group beyond a copy of its attributes.",
            "page",
            List.of(ParamSpec.number("bleed_mm", 3.0, 0.1, 50, "bleed to add around the trim on every side, mm"),
                    ParamSpec.string("mode", "mirror", List.of("mirror", "stretch"),
                            "how the strips are filled: mirror the trim edge, or stretch its outer part"),
                    ParamSpec.number("stretch_source_mm", 1.0, 0.1, 20,
                            "mode stretch: width of the page's edge stretched across the bleed, mm")),
            List.of("PAGE_BLEED_INSUFFICIENT", "PAGE_BLEEDBOX_MISSING"), "pdfbox");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        float b = (float) (((Number) params.get("bleed_mm")).doubleValue() * MM);
        boolean stretch = "stretch".equals(params.get("mode"));
        float source = (float) (((Number) params.get("stretch_source_mm")).doubleValue() * MM);
        return PdfEdit.run(ID, in, out, settings, doc -> {
            List<Integer> pages = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            int n = 0;
            for (PDPage page : doc.getPages()) {
                n++;
                PDRectangle media = page.getMediaBox();
                PDRectangle visible = Rectangles.intersect(page.getCropBox(), media);
                boolean hasTrim = page.getCOSObject().containsKey(COSName.TRIM_BOX);
                PDRectangle trim = hasTrim ? page.getTrimBox() : visible;
                PDRectangle want = grow(trim, b);
                PDRectangle bleed = page.getCOSObject().containsKey(COSName.BLEED_BOX) ? page.getBleedBox() : null;
                if (bleed != null && contains(Rectangles.intersect(bleed, visible), want)) {
                    continue;
                }
                if (stretch && (source * 2 > trim.getWidth() || source * 2 > trim.getHeight())) {
                    notes.add(String.format(Locale.ROOT, "page %d: the page is too small to stretch %.1f mm of "
                            + "its edge; left unchanged", n, source / MM));
                    continue;
                }
                bleedPage(doc, page, visible, trim, b, stretch, source);
                if (!hasTrim) {
                    page.setTrimBox(trim);
                }
                PDRectangle newMedia = union(media, want);
                page.setMediaBox(newMedia);
                page.getCOSObject().removeItem(COSName.CROP_BOX);
                page.setBleedBox(want);
                pages.add(n);
            }
            return new AppliedFixup(ID, params, pages, pages.size(), notes);
        });
    }

    private static void bleedPage(PDDocument doc, PDPage page, PDRectangle visible, PDRectangle trim, float b,
                                  boolean stretch, float source) throws IOException {
        PDFormXObject form = new PDFormXObject(doc);
        try (InputStream content = page.getContents(); OutputStream o = form.getContentStream()
                .createOutputStream(COSName.FLATE_DECODE)) {
            if (content != null) {
                content.transferTo(o);
            }
        }
        form.setBBox(visible);
        PDResources resources = page.getResources();
        form.setResources(resources == null ? new PDResources() : resources);
        COSBase group = page.getCOSObject().getDictionaryObject(COSName.GROUP);
        if (group instanceof COSDictionary g) {
            form.getCOSObject().setItem(COSName.GROUP, new COSDictionary(g));
        }
        PDResources pageResources = new PDResources();
        COSName name = pageResources.add(form);

        float x0 = trim.getLowerLeftX();
        float y0 = trim.getLowerLeftY();
        float x1 = trim.getUpperRightX();
        float y1 = trim.getUpperRightY();
        StringBuilder c = new StringBuilder();
        // columns and rows: -1 before the trim, 0 inside, +1 after; (0, 0) is the page itself, drawn last
        for (int col = -1; col <= 1; col++) {
            for (int row = -1; row <= 1; row++) {
                if (col == 0 && row == 0) {
                    continue;
                }
                float cx = col < 0 ? x0 - b : col == 0 ? x0 : x1;
                float cw = col == 0 ? x1 - x0 : b;
                float cy = row < 0 ? y0 - b : row == 0 ? y0 : y1;
                float ch = row == 0 ? y1 - y0 : b;
                double[] mx = axis(col, x0, x1, b, stretch, source);
                double[] my = axis(row, y0, y1, b, stretch, source);
                c.append("q ").append(f(cx)).append(' ').append(f(cy)).append(' ').append(f(cw)).append(' ')
                        .append(f(ch)).append(" re W n ").append(f(mx[0])).append(" 0 0 ").append(f(my[0]))
                        .append(' ').append(f(mx[1])).append(' ').append(f(my[1])).append(" cm /")
                        .append(name.getName()).append(" Do Q\n");
            }
        }
        c.append("q /").append(name.getName()).append(" Do Q\n");
        PDStream stream = new PDStream(doc);
        try (OutputStream o = stream.createOutputStream(COSName.FLATE_DECODE)) {
            o.write(c.toString().getBytes(StandardCharsets.US_ASCII));
        }
        page.setContents(stream);
        page.setResources(pageResources);
    }

    /**
     * Scale and offset along one axis: identity inside the trim; before it (side -1) or after it (+1), a mirror
     * about the trim edge, or the outer {@code source} points stretched over the bleed.
     */
    private static double[] axis(int side, float lo, float hi, float b, boolean stretch, float source) {
        if (side == 0) {
            return new double[] {1, 0};
        }
        float edge = side < 0 ? lo : hi;
        if (!stretch) {
            return new double[] {-1, 2.0 * edge};
        }
        // before the trim, [edge, edge + source] lands on [edge - b, edge]; after it, [edge - source, edge] lands
        // on [edge, edge + b]: x' = k x + t with k = b / source, the page's own edge at the bleed's outer edge
        double k = b / source;
        return new double[] {k, side < 0 ? edge - b - k * edge : edge + b - k * edge};
    }

    private static String f(double v) {
        String s = String.format(Locale.ROOT, "%.4f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static PDRectangle grow(PDRectangle r, float b) {
        return new PDRectangle(r.getLowerLeftX() - b, r.getLowerLeftY() - b, r.getWidth() + 2 * b,
                r.getHeight() + 2 * b);
    }

    private static boolean contains(PDRectangle outer, PDRectangle inner) {
        float eps = 0.01f;
        return outer.getLowerLeftX() <= inner.getLowerLeftX() + eps
                && outer.getLowerLeftY() <= inner.getLowerLeftY() + eps
                && outer.getUpperRightX() >= inner.getUpperRightX() - eps
                && outer.getUpperRightY() >= inner.getUpperRightY() - eps;
    }

    private static PDRectangle union(PDRectangle a, PDRectangle b) {
        float llx = Math.min(a.getLowerLeftX(), b.getLowerLeftX());
        float lly = Math.min(a.getLowerLeftY(), b.getLowerLeftY());
        float urx = Math.max(a.getUpperRightX(), b.getUpperRightX());
        float ury = Math.max(a.getUpperRightY(), b.getUpperRightY());
        return new PDRectangle(llx, lly, urx - llx, ury - lly);
    }
}
