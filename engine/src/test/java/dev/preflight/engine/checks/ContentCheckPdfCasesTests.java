package dev.preflight.engine.checks;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every content check on small generated PDFs run through the real engine with a one-check profile: a file that
 * passes, a file that fails with the finding on page 1 around the offending mark, and for the GWG thresholds files
 * exactly at, just above and just below the limit. Every failing mark is also found on page 2 behind a passing
 * page 1, and harder variants (CTM and text-matrix scaling, forms, inline images, layers that are off, clipping,
 * UserUnit, GWG white and overlap rules) hold. A coverage test keeps the table complete.
 */
class ContentCheckPdfCasesTests {

    private static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);
    private static final Pdfs.Colour WHITE = Pdfs.cmyk(0, 0, 0, 0);
    private static final Pdfs.Colour CYAN = Pdfs.cmyk(1, 0, 0, 0);
    private static final Pdfs.Colour PMS185 = Pdfs.spot("PANTONE 185 C", 1, 0, 1, 0.8, 0);

    /** Ids whose pass/fail PDFs live in {@link GwgContentPdfTests}, read from its CASES table (which runs them). */
    private static final Set<String> COVERED_BY_GWG_CONTENT_PDF_TESTS = GwgContentPdfTests.CASES.stream()
            .map(c -> c.check().info().id()).collect(Collectors.toUnmodifiableSet());

    /** Ids no PDF written by PDFBox can trigger, with the reason. */
    private static final Map<String, String> EXEMPT = Map.of();

    /** The rectangle (x0, y0, x1, y1, points) the failing mark occupies; a finding's bbox must lie around it. */
    record Box(double x0, double y0, double x1, double y1) {
    }

    /** One check: profile parameters, a passing and a failing page, and where the failing mark is (or null). */
    record Case(String id, Map<String, Object> params, Consumer<Pdfs.Page> pass, Consumer<Pdfs.Page> fail,
                Box at) {
    }

    /** A page at a threshold: the parameters, the page and whether the check must report it. */
    record Variant(String id, String label, Map<String, Object> params, Consumer<Pdfs.Page> page,
                   boolean reported) {
    }

    @TempDir
    Path tmp;

    private static Case c(String id, Consumer<Pdfs.Page> pass, Consumer<Pdfs.Page> fail, Box at) {
        return new Case(id, Map.of(), pass, fail, at);
    }

    private static Case c(String id, Map<String, Object> params, Consumer<Pdfs.Page> pass,
                          Consumer<Pdfs.Page> fail, Box at) {
        return new Case(id, params, pass, fail, at);
    }

    private static Box box(double x, double y, double w, double h) {
        return new Box(x, y, x + w, y + h);
    }

    /** A cyan background, so that marks on it overlap other content (GWG D0031). */
    private static Pdfs.Page background(Pdfs.Page p) {
        return p.fill(CYAN).rect(50, 50, 300, 300);
    }

    private static final Box RECT = box(100, 100, 50, 50);
    private static final Box IMAGE = box(100, 100, 72, 72);
    /** Text at (100, 200): a generous box around its glyphs. */
    private static final Box TEXT = new Box(98, 195, 200, 215);
    private static final Box LINE = new Box(59, 199, 301, 201);

    private static Consumer<Pdfs.Page> rect(Pdfs.Colour c) {
        return p -> p.fill(c).rect(100, 100, 50, 50);
    }

    /** A 100 pt square gray image at (100, 100) of which a clipping rectangle shows the left {@code percent}. */
    private static Consumer<Pdfs.Page> croppedImage(double percent) {
        return p -> p.save().clipRect(100, 100, percent, 100).image(Pdfs.image(32, 32).gray(), 100, 100, 100, 100)
                .restore();
    }

    /** A 72 pt gray image turned by {@code degrees} about its lower left corner at (100, 100). */
    private static Consumer<Pdfs.Page> rotatedImage(double degrees) {
        double r = Math.toRadians(degrees);
        return p -> p.save().transform(Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 100, 100)
                .image(Pdfs.image(32, 32).gray(), 0, 0, 72, 72).restore();
    }

    /** The page area {@link #rotatedImage} covers, for an angle between 0 and 90 degrees. */
    private static Box rotatedBox(double degrees) {
        double r = Math.toRadians(degrees);
        double c = 72 * Math.cos(r);
        double s = 72 * Math.sin(r);
        return new Box(100 - s, 100, 100 + c, 100 + s + c);
    }

    private static Consumer<Pdfs.Page> img(Pdfs.ImageSpec spec) {
        return p -> p.image(spec, 100, 100, 72, 72);
    }

    private static Consumer<Pdfs.Page> text(Pdfs.Colour c, double size) {
        return p -> p.fill(c).text(100, 200, size, "Sample");
    }

    private static Consumer<Pdfs.Page> line(Pdfs.Colour c, double width) {
        return p -> p.stroke(c).lineWidth(width).line(60, 200, 300, 200);
    }

    /** An image XObject made by hand (colour space, depth, filter and dictionary entries the builder lacks). */
    private static Consumer<Pdfs.Page> raw(COSBase cs, int bpc, int w, int h, byte[] data, String filter,
                                          Map<String, COSBase> extra) {
        return p -> Pdfs.rawImage(p, cs, bpc, w, h, data, filter, extra, 100, 100, 72, 72);
    }

    /** A 4 x 4 DeviceGray image of {@code bpc} bits (the sample buffer is large enough for up to 16 bits). */
    private static Consumer<Pdfs.Page> rawGray(int bpc, Map<String, COSBase> extra) {
        return raw(COSName.DEVICEGRAY, bpc, 4, 4, new byte[4 * 4 * 2], null, extra);
    }

    /** Fills the 100,100 50x50 square in a hand-made colour space with the given components. */
    private static Consumer<Pdfs.Page> rectIn(COSBase cs, String components) {
        return p -> {
            COSName n = p.resource(COSName.COLORSPACE, cs, "CS");
            p.raw("/" + n.getName() + " cs " + components + " sc 100 100 50 50 re f");
        };
    }

    private static COSArray array(COSBase... items) {
        COSArray a = new COSArray();
        for (COSBase b : items) {
            a.add(b);
        }
        return a;
    }

    private static COSArray nums(double... v) {
        COSArray a = new COSArray();
        for (double d : v) {
            a.add(new COSFloat((float) d));
        }
        return a;
    }

    private static COSDictionary whitePoint() {
        COSDictionary d = new COSDictionary();
        d.setItem(COSName.WHITE_POINT, nums(0.9505, 1, 1.089));
        return d;
    }

    private static COSArray calGray() {
        return array(COSName.getPDFName("CalGray"), whitePoint());
    }

    private static COSArray calRgb() {
        return array(COSName.getPDFName("CalRGB"), whitePoint());
    }

    private static COSArray labSpace() {
        return array(COSName.LAB, whitePoint());
    }

    private static COSArray indexedCmyk() {
        return array(COSName.INDEXED, COSName.DEVICECMYK, COSInteger.ONE,
                new COSString(new byte[] {0, 0, 0, 0, (byte) 255, 0, 0, 0}));
    }

    /** A Separation colour space with the given alternate space and full-tint alternate values. */
    private static COSArray separation(String name, COSBase alternate, double[] c0, double[] c1) {
        COSDictionary fn = new COSDictionary();
        fn.setInt(COSName.FUNCTION_TYPE, 2);
        fn.setItem(COSName.DOMAIN, nums(0, 1));
        fn.setItem(COSName.C0, nums(c0));
        fn.setItem(COSName.C1, nums(c1));
        fn.setInt(COSName.N, 1);
        return array(COSName.SEPARATION, COSName.getPDFName(name), alternate, fn);
    }

    /** Fills the square with an axial shading pattern in {@code c0}'s colour family. */
    private static Consumer<Pdfs.Page> patternRect(Pdfs.Colour c0, Pdfs.Colour c1) {
        return p -> {
            COSDictionary fn = new COSDictionary();
            fn.setInt(COSName.FUNCTION_TYPE, 2);
            fn.setItem(COSName.DOMAIN, nums(0, 1));
            COSArray a0 = new COSArray();
            COSArray a1 = new COSArray();
            for (int i = 0; i < c0.values().length; i++) {
                a0.add(new COSFloat(c0.values()[i]));
                a1.add(new COSFloat(c1.values()[i]));
            }
            fn.setItem(COSName.C0, a0);
            fn.setItem(COSName.C1, a1);
            fn.setInt(COSName.N, 1);
            COSDictionary sh = new COSDictionary();
            sh.setInt(COSName.SHADING_TYPE, 2);
            sh.setItem(COSName.COLORSPACE, Pdfs.colourSpaceOf(p.done(), c0));
            sh.setItem(COSName.COORDS, nums(100, 100, 150, 150));
            sh.setItem(COSName.FUNCTION, fn);
            COSDictionary pat = new COSDictionary();
            pat.setItem(COSName.TYPE, COSName.PATTERN);
            pat.setInt(COSName.PATTERN_TYPE, 2);
            pat.setItem(COSName.SHADING, sh);
            COSName n = p.resource(COSName.PATTERN, pat, "P");
            p.raw("/Pattern cs /" + n.getName() + " scn 100 100 50 50 re f");
        };
    }

    private static Consumer<Pdfs.Page> shadedRect(Pdfs.Colour c0, Pdfs.Colour c1) {
        return p -> p.save().clipRect(100, 100, 50, 50).axialShading(100, 100, 150, 150, c0, c1).restore();
    }

    private static Consumer<Pdfs.Page> twoSpots(String a, String b) {
        return p -> p.fill(Pdfs.spot(a, 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50)
                .fill(Pdfs.spot(b, 1, 1, 0.4, 0, 0)).rect(200, 100, 50, 50);
    }

    private static Consumer<Pdfs.Page> trimmed(Consumer<Pdfs.Page> content) {
        return p -> content.accept(p.trimBox(50, 50, 350, 350));
    }

    private static Consumer<Pdfs.Page> fullPage(Pdfs.Colour c) {
        return p -> p.fill(c).rect(0, 0, 400, 400);
    }

    private static final Box FULL = new Box(0, 0, 400, 400);
    private static final Box SQUARE = box(100, 100, 200, 200);

    private static Consumer<Pdfs.Page> square(Pdfs.Colour c) {
        return p -> p.fill(c).rect(100, 100, 200, 200);
    }

    private static final byte[] J2K = {(byte) 0xFF, 0x4F, (byte) 0xFF, 0x51, 0, 0, 0, 0, 0, 0, 0, 0};

    static List<Case> cases() {
        Pdfs.Colour dn = Pdfs.deviceN(List.of("PANTONE 185 C", "PANTONE 300 C"), new double[] {0.5, 0.5},
                new double[][] {{0, 1, 0.8, 0}, {1, 0.4, 0, 0}});
        COSDictionary opi = new COSDictionary();
        COSDictionary opi20 = new COSDictionary();
        opi20.setItem(COSName.TYPE, COSName.getPDFName("OPI"));
        opi20.setItem(COSName.VERSION, new COSFloat(2.0f));
        opi20.setString(COSName.F, "hires.tif");
        opi.setItem(COSName.getPDFName("2.0"), opi20);
        return List.of(
                // ------------------------------------------------------------------ image
                c("IMG_ALTERNATES", rawGray(8, Map.of()), rawGray(8, Map.of("Alternates", new COSArray())), IMAGE),
                c("IMG_DEVICEN", img(Pdfs.image(16, 16).cmyk()),
                        p -> Pdfs.rawImage(p, Pdfs.colourSpaceOf(p.done(), dn), 8, 4, 4, new byte[32], null,
                                Map.of(), 100, 100, 72, 72), IMAGE),
                c("IMG_GRAY", img(Pdfs.image(16, 16).cmyk()), img(Pdfs.image(16, 16).gray()), IMAGE),
                c("IMG_ICC", img(Pdfs.image(16, 16).rgb()), img(Pdfs.image(16, 16).iccRgb()), IMAGE),
                c("IMG_INDEXED", img(Pdfs.image(16, 16).cmyk()),
                        raw(indexedCmyk(), 8, 4, 4, new byte[16], null, Map.of()), IMAGE),
                c("IMG_INTERPOLATE", img(Pdfs.image(16, 16).cmyk()), img(Pdfs.image(16, 16).cmyk().interpolate()),
                        IMAGE),
                c("IMG_JBIG2", rawGray(1, Map.of()),
                        raw(COSName.DEVICEGRAY, 1, 2, 2, new byte[] {0, 0}, "JBIG2Decode", Map.of()), IMAGE),
                c("IMG_JPEG", img(Pdfs.image(16, 16).rgb()), img(Pdfs.image(16, 16).rgb().jpeg()), IMAGE),
                c("IMG_JPEG2000", rawGray(8, Map.of()), raw(COSName.DEVICERGB, 8, 2, 2, J2K, "JPXDecode", Map.of()),
                        IMAGE),
                c("IMG_LAB", img(Pdfs.image(16, 16).cmyk()), raw(labSpace(), 8, 4, 4, new byte[48], null, Map.of()),
                        IMAGE),
                c("IMG_BIT_DEPTH_LOW", rawGray(8, Map.of()), rawGray(4, Map.of()), IMAGE),
                c("IMG_MASKED", rawGray(8, Map.of()), rawGray(8, Map.of("Mask", nums(0, 10))), IMAGE),
                c("IMG_SCALED_NONPROPORTIONAL", img(Pdfs.image(100, 100).gray()),
                        p -> p.image(Pdfs.image(100, 100).gray(), 100, 100, 72, 36), box(100, 100, 72, 36)),
                c("IMG_OPI", rawGray(8, Map.of()), rawGray(8, Map.of("OPI", opi)), IMAGE),
                c("IMG_ROTATED", rotatedImage(90), rotatedImage(30), rotatedBox(30)),
                c("IMG_JPEG_QUALITY_LOW", img(Pdfs.image(64, 64).jpeg(0.5f)), img(Pdfs.image(64, 64).jpeg(0.3f)),
                        IMAGE),
                c("COLOR_TINT_BELOW_MIN_DOT", rect(Pdfs.cmyk(0.03, 0, 0, 0.5)), rect(Pdfs.cmyk(0.025, 0, 0, 0.5)),
                        RECT),
                c("IMG_MOSTLY_CROPPED", croppedImage(26), croppedImage(24), box(100, 100, 100, 100)),
                c("IMG_RES_EXCESSIVE", p -> p.image(Pdfs.image(100, 100).gray(), 100, 100, 15, 15),
                        p -> p.image(Pdfs.image(100, 100).gray(), 100, 100, 10, 10), box(100, 100, 10, 10)),
                c("IMG_RGB", img(Pdfs.image(16, 16).cmyk()), img(Pdfs.image(16, 16).rgb()), IMAGE),
                c("IMG_16BIT", rawGray(8, Map.of()), rawGray(16, Map.of()), IMAGE),
                c("IMG_SOFT_MASK", img(Pdfs.image(16, 16).cmyk()), img(Pdfs.image(16, 16).cmyk().softMask()), IMAGE),
                c("IMG_SPOT", img(Pdfs.image(16, 16).cmyk()), img(Pdfs.image(16, 16).separation(PMS185)), IMAGE),
                c("IMG_TINY", p -> p.image(Pdfs.image(8, 8).gray(), 100, 100, 20, 20),
                        p -> p.image(Pdfs.image(8, 8).gray(), 100, 100, 4, 4), box(100, 100, 4, 4)),
                c("IMG_UPSAMPLED", img(Pdfs.image(64, 64).gray()), img(Pdfs.image(64, 64).gray().upsampled(4)),
                        IMAGE),
                // ------------------------------------------------------------------ colour
                c("COLOR_CALGRAY_USED", rect(Pdfs.gray(0.5)), rectIn(calGray(), "0.5"), RECT),
                c("COLOR_CALRGB_USED", rect(Pdfs.rgb(1, 0, 0)), rectIn(calRgb(), "1 0 0"), RECT),
                c("COLOR_BINDING_LATE", rect(Pdfs.iccRgb(1, 0, 0)), rect(Pdfs.rgb(1, 0, 0)), RECT),
                c("COLOR_DEVICEGRAY_USED", rect(BLACK), rect(Pdfs.gray(0.5)), RECT),
                c("COLOR_DEVICEN_USED", rect(PMS185), rect(dn), RECT),
                c("COLOR_FOUR_COLOR_BLACK", rect(Pdfs.cmyk(0.6, 0.5, 0.5, 1)), rect(Pdfs.cmyk(1, 1, 1, 1)), RECT),
                c("BRAND_COLOR_OFF_SPEC", Map.of("color_names", List.of("Brand red"), "color_values",
                        List.of("cmyk(0, 100, 100, 0)")), rect(Pdfs.cmyk(0, 0.99, 1, 0)), rect(Pdfs.cmyk(0, 0.9, 1, 0)),
                        RECT),
                c("BRAND_RICH_BLACK_OFF_SPEC", Map.of("target_c", 60.0, "target_m", 40.0, "target_y", 40.0,
                        "target_k", 100.0), rect(Pdfs.cmyk(0.6, 0.4, 0.4, 1)), rect(Pdfs.cmyk(0.3, 0.3, 0.3, 1)), RECT),
                c("COLOR_ICC_CMYK_USED", rect(BLACK), rect(Pdfs.iccCmyk(0, 0, 0, 1)), RECT),
                c("COLOR_ICC_GRAY_USED", rect(Pdfs.gray(0.5)), rect(Pdfs.iccGray(0.5)), RECT),
                c("COLOR_ICC_RGB_USED", rect(Pdfs.rgb(1, 0, 0)), rect(Pdfs.iccRgb(1, 0, 0)), RECT),
                c("COLOR_ICC_USED", rect(Pdfs.rgb(1, 0, 0)), rect(Pdfs.iccCmyk(0, 0, 0, 1)), RECT),
                c("COLOR_INDEXED_USED", rect(BLACK), rectIn(indexedCmyk(), "1"), RECT),
                c("COLOR_LAB_USED", rect(BLACK), rect(Pdfs.lab(50, 20, 20)), RECT),
                c("COLOR_PATTERN_USED", rect(BLACK), patternRect(CYAN, BLACK), RECT),
                c("COLOR_RGB_SHADING", shadedRect(CYAN, BLACK), shadedRect(Pdfs.rgb(1, 0, 0), Pdfs.rgb(0, 0, 1)),
                        RECT),
                c("COLOR_RGB_TEXT", text(BLACK, 10), text(Pdfs.rgb(0, 0, 0), 10), TEXT),
                c("COLOR_RGB_USED", rect(BLACK), rect(Pdfs.rgb(1, 0, 0)), RECT),
                c("COLOR_RGB_VECTOR", text(Pdfs.rgb(0, 0, 0), 10), rect(Pdfs.rgb(1, 0, 0)), RECT),
                // ------------------------------------------------------------------ overprint
                c("OP_CMYK_OPM0", p -> background(p).fill(Pdfs.cmyk(0, 1, 0, 0)).overprint(true, true, 1)
                                .rect(100, 100, 50, 50),
                        p -> background(p).fill(Pdfs.cmyk(0, 1, 0, 0)).overprint(true, true, 0)
                                .rect(100, 100, 50, 50), RECT),
                c("OP_NONBLACK_PROCESS", p -> background(p).fill(BLACK).overprint(true, true, 1).rect(100, 100, 50, 50),
                        p -> background(p).fill(Pdfs.cmyk(0, 1, 0, 0)).overprint(true, true, 1)
                                .rect(100, 100, 50, 50), RECT),
                c("OP_USED", p -> background(p).fill(BLACK).rect(100, 100, 50, 50),
                        p -> background(p).fill(BLACK).overprint(true, true, 1).rect(100, 100, 50, 50), RECT),
                c("OP_RGB", p -> p.fill(Pdfs.rgb(1, 0, 0)).rect(100, 100, 50, 50),
                        p -> p.fill(Pdfs.rgb(1, 0, 0)).overprint(true, true, 1).rect(100, 100, 50, 50), RECT),
                // ------------------------------------------------------------------ text
                c("TEXT_COVERED", p -> p.fill(BLACK).text(100, 200, 10, "Sample").fill(CYAN).rect(250, 250, 50, 50),
                        p -> p.fill(BLACK).text(100, 200, 10, "Sample").fill(CYAN).rect(90, 180, 120, 50), TEXT),
                c("TEXT_CROSSES_TRIM", trimmed(p -> p.fill(BLACK).text(100, 200, 10, "Sample")),
                        trimmed(p -> p.fill(BLACK).text(330, 200, 10, "Crossing the trim")),
                        new Box(328, 195, 430, 215)),
                c("TEXT_INVISIBLE", text(BLACK, 10), p -> p.textRenderMode(3).fill(BLACK).text(100, 200, 10, "Sample"),
                        TEXT),
                c("TEXT_NEAR_TRIM", trimmed(p -> p.fill(BLACK).text(100, 200, 10, "Sample")),
                        trimmed(p -> p.fill(BLACK).text(53, 200, 10, "Sample")), new Box(51, 195, 120, 215)),
                c("TEXT_OUTSIDE_TRIM", trimmed(p -> p.fill(BLACK).text(100, 200, 10, "Sample")),
                        trimmed(p -> p.fill(BLACK).text(355, 200, 6, "Slug")), new Box(353, 195, 400, 210)),
                c("TEXT_OUTLINE_THIN", p -> p.textRenderMode(1).stroke(BLACK).lineWidth(0.5)
                                .text(100, 200, 10, "Sample"),
                        p -> p.textRenderMode(1).stroke(BLACK).lineWidth(0.1).text(100, 200, 10, "Sample"), TEXT),
                c("TEXT_SMALL", text(BLACK, 6), text(BLACK, 4), TEXT),
                // ------------------------------------------------------------------ lines
                c("LINE_HAIRLINE", line(BLACK, 1), line(BLACK, 0), LINE),
                c("LINE_LIGHT_TINT_THIN", line(Pdfs.cmyk(0.5, 0, 0, 0), 0.3), line(Pdfs.cmyk(0.05, 0, 0, 0), 0.3),
                        LINE),
                c("LINE_THIN", line(BLACK, 0.2), line(BLACK, 0.1), LINE),
                // ------------------------------------------------------------------ spot colours
                c("SPOT_ALTERNATE_LAB", rect(PMS185),
                        rectIn(separation("PANTONE 185 C", labSpace(), new double[] {100, 0, 0},
                                new double[] {48, 70, 40}), "1"), RECT),
                c("SPOT_ALTERNATE_RGB", rect(PMS185),
                        rectIn(separation("PANTONE 185 C", COSName.DEVICERGB, new double[] {1, 1, 1},
                                new double[] {0.9, 0.1, 0.2}), "1"), RECT),
                c("SPOT_AMBIGUOUS_NAMES", twoSpots("PANTONE 185 C", "PANTONE 300 C"),
                        twoSpots("PANTONE 185 C", "PMS 185"), box(200, 100, 50, 50)),
                c("SPOT_NOT_ALLOWED", Map.of("allowed_names", List.of("PANTONE 185 C")), rect(PMS185),
                        rect(Pdfs.spot("PANTONE 300 C", 1, 1, 0.4, 0, 0)), RECT),
                c("SPOT_PROCESS_LIKE_NAME", rect(PMS185), rect(Pdfs.spot("Process Cyan", 1, 1, 0, 0, 0)), RECT),
                c("SPOT_USED", rect(BLACK), rect(PMS185), RECT),
                // ------------------------------------------------------------------ ink (rendered by Ghostscript)
                c("INK_AREA_OVER_LIMIT", fullPage(Pdfs.cmyk(0.6, 0.6, 0.6, 0.6)), fullPage(Pdfs.cmyk(1, 1, 1, 1)),
                        FULL),
                c("PAGE_EMPTY", square(Pdfs.cmyk(0.3, 0, 0, 0)), p -> { }, FULL),
                c("INK_SPOT_PLATE_EMPTY", rect(PMS185), p -> p.fill(PMS185).rect(100, 100, 50, 50).fill(CYAN)
                        .rect(90, 90, 70, 70), FULL),
                c("INK_PIXEL_TAC_MAX", p -> p.fill(Pdfs.cmyk(0.9, 0.9, 0.9, 0.9)).rect(100, 100, 20, 20),
                        p -> p.fill(Pdfs.cmyk(1, 1, 1, 1)).rect(100, 100, 20, 20), null),
                c("INK_SEPARATION_HEAVY", fullPage(Pdfs.cmyk(0.5, 0, 0, 0)), fullPage(CYAN), FULL),
                c("INK_TAC_ALL", square(Pdfs.cmyk(0.75, 0.75, 0.75, 0.75)), square(Pdfs.cmyk(1, 1, 1, 1)), SQUARE),
                c("INK_TAC_CMYK", square(Pdfs.cmyk(0.75, 0.75, 0.75, 0.75)), square(Pdfs.cmyk(1, 1, 1, 1)), SQUARE),
                // ------------------------------------------------------------------ transparency
                c("TRANSP_ALPHA", rect(BLACK), p -> p.alpha(0.5, 0.5).fill(BLACK).rect(100, 100, 50, 50), RECT),
                c("TRANSP_BLEND_CS", p -> p.transparencyGroup("DeviceCMYK").fill(BLACK).alpha(0.5, 0.5)
                                .rect(100, 100, 50, 50),
                        p -> p.transparencyGroup("DeviceRGB").fill(BLACK).alpha(0.5, 0.5).rect(100, 100, 50, 50), null),
                c("TRANSP_BLEND_MODE", rect(BLACK), p -> p.blend("Multiply").fill(BLACK).rect(100, 100, 50, 50),
                        RECT),
                c("TRANSP_BLEND_SPOT", p -> p.blend("Multiply").fill(PMS185).rect(100, 100, 50, 50),
                        p -> p.blend("Luminosity").fill(PMS185).rect(100, 100, 50, 50), RECT),
                c("TRANSP_GROUP", rect(BLACK), p -> p.transparencyGroup("DeviceCMYK").fill(BLACK)
                        .rect(100, 100, 50, 50), null),
                c("TRANSP_KNOCKOUT_GROUP",
                        p -> p.transparencyGroup(400, 400, "DeviceCMYK", true, false,
                                f -> f.fill(BLACK).rect(100, 100, 50, 50)),
                        p -> p.transparencyGroup(400, 400, "DeviceCMYK", true, true,
                                f -> f.fill(BLACK).rect(100, 100, 50, 50)), null),
                c("TRANSP_SOFT_MASK", rect(BLACK), p -> p.softMask(400, 400).fill(BLACK).rect(100, 100, 50, 50), RECT),
                c("TRANSP_USED", rect(BLACK), p -> p.alpha(0.5, 0.5).fill(BLACK).rect(100, 100, 50, 50), RECT),
                // ------------------------------------------------------------------ EPM
                c("SVC_EPM_BLACK_LINEART_REJECT", img(Pdfs.image(64, 64).cmyk()), img(Pdfs.image(64, 64).bitonal()),
                        IMAGE),
                c("SVC_EPM_BLACK_ONLY_PAGE_REJECT", square(CYAN), square(BLACK), FULL),
                c("SVC_EPM_BLACK_OVERPRINT_REJECT", p -> background(p).fill(BLACK).rect(100, 100, 50, 50),
                        p -> background(p).fill(BLACK).overprint(true, true, 1).rect(100, 100, 50, 50), RECT),
                c("SVC_EPM_CMY_TAC_REJECT", square(Pdfs.cmyk(0.3, 0.3, 0.3, 0)), square(BLACK), SQUARE),
                c("SVC_EPM_FOUR_COLOR_BLACK_REJECT", trimmed(rect(BLACK)), trimmed(rect(Pdfs.cmyk(1, 1, 1, 1))), RECT),
                c("SVC_EPM_GRAY_IMAGE_REJECT", img(Pdfs.image(16, 16).cmyk()), img(Pdfs.image(16, 16).gray()), IMAGE),
                c("SVC_EPM_HEAVY_BLACK_REJECT", square(Pdfs.cmyk(0, 0, 0, 0.5)), square(BLACK), SQUARE),
                c("SVC_EPM_NEUTRAL_GREY_REJECT", fullPage(CYAN), fullPage(Pdfs.cmyk(0, 0, 0, 0.5)), FULL),
                c("SVC_EPM_REGISTRATION_COLOR_REJECT", trimmed(rect(BLACK)),
                        trimmed(rect(Pdfs.spot("All", 1, 1, 1, 1, 1))), RECT),
                c("SVC_EPM_RGB_CONTENT_REJECT", rect(BLACK), rect(Pdfs.rgb(1, 0, 0)), RECT),
                c("SVC_EPM_RICH_BLACK_REJECT", rect(BLACK), rect(Pdfs.cmyk(0.4, 0.4, 0.4, 1)), RECT),
                c("SVC_EPM_SMALL_BLACK_TEXT_REJECT", text(BLACK, 14), text(BLACK, 6), TEXT),
                c("SVC_EPM_SMALL_REVERSED_TEXT_REJECT", p -> background(p).fill(WHITE).text(100, 200, 10, "Sample"),
                        p -> background(p).fill(WHITE).text(100, 200, 6, "Sample"), TEXT),
                c("SVC_EPM_SPECIAL_SPOT_REJECT", rect(PMS185), rect(Pdfs.spot("Opaque White", 1, 0, 0, 0, 0)), RECT),
                c("SVC_EPM_SPOT_CONVERSION_REJECT", rect(BLACK), rect(PMS185), RECT),
                c("SVC_EPM_THIN_BLACK_LINE_REJECT", line(BLACK, 1), line(BLACK, 0.1), LINE));
    }

    /** GWG thresholds exactly at, just above and just below the limit (R0009, R0015, R0016, R0017, R0019, R0031). */
    static List<Variant> variants() {
        Map<String, Object> errorOnly = new HashMap<>();
        errorOnly.put("error_ppi", 149.0);
        errorOnly.put("warning_ppi", null);
        Map<String, Object> r0009 = Map.of("max_size_pt", 12.0);
        Map<String, Object> eight = Map.of("min_size_pt", 8.0);
        Map<String, Object> quarter = Map.of("min_width_pt", 0.25);
        Pdfs.Colour blue = Pdfs.cmyk(0.5, 0.5, 0, 0);
        return List.of(
                new Variant("OP_BLACK_TEXT_MISSING", "R0009 at 12 pt", r0009,
                        p -> background(p).fill(BLACK).text(100, 200, 12, "Black"), false),
                new Variant("OP_BLACK_TEXT_MISSING", "R0009 above, 12.1 pt", r0009,
                        p -> background(p).fill(BLACK).text(100, 200, 12.1, "Black"), false),
                new Variant("OP_BLACK_TEXT_MISSING", "R0009 below, 11.9 pt", r0009,
                        p -> background(p).fill(BLACK).text(100, 200, 11.9, "Black"), true),
                new Variant("TEXT_RICH_BLACK", "R0015 at 280 %", Map.of("max_sum", 2.8),
                        text(Pdfs.cmyk(0.6, 0.6, 0.6, 1), 10), false),
                new Variant("TEXT_RICH_BLACK", "R0015 above, 283 %", Map.of("max_sum", 2.8),
                        text(Pdfs.cmyk(0.61, 0.61, 0.61, 1), 10), true),
                new Variant("TEXT_RICH_BLACK", "R0015 below, 277 %", Map.of("max_sum", 2.8),
                        text(Pdfs.cmyk(0.59, 0.59, 0.59, 1), 10), false),
                new Variant("TEXT_WHITE_SMALL", "R0016 at 8 pt", eight,
                        p -> background(p).fill(WHITE).text(100, 200, 8, "White"), false),
                new Variant("TEXT_WHITE_SMALL", "R0016 above, 8.1 pt", eight,
                        p -> background(p).fill(WHITE).text(100, 200, 8.1, "White"), false),
                new Variant("TEXT_WHITE_SMALL", "R0016 below, 7.9 pt", eight,
                        p -> background(p).fill(WHITE).text(100, 200, 7.9, "White"), true),
                new Variant("TEXT_MULTICHANNEL_SMALL", "R0017 at 8 pt", eight, text(blue, 8), false),
                new Variant("TEXT_MULTICHANNEL_SMALL", "R0017 above, 8.1 pt", eight, text(blue, 8.1), false),
                new Variant("TEXT_MULTICHANNEL_SMALL", "R0017 below, 7.9 pt", eight, text(blue, 7.9), true),
                new Variant("LINE_MULTICHANNEL_THIN", "R0019 at 0.25 pt", quarter, line(blue, 0.25), false),
                new Variant("LINE_MULTICHANNEL_THIN", "R0019 above, 0.26 pt", quarter, line(blue, 0.26), false),
                new Variant("LINE_MULTICHANNEL_THIN", "R0019 below, 0.24 pt", quarter, line(blue, 0.24), true),
                new Variant("IMG_RES_LOW", "R0031 at 149 ppi", errorOnly,
                        p -> p.image(Pdfs.image(149, 149).cmyk(), 100, 100, 72, 72), true),
                new Variant("IMG_RES_LOW", "R0031 above, 150 ppi", errorOnly,
                        p -> p.image(Pdfs.image(150, 150).cmyk(), 100, 100, 72, 72), false),
                new Variant("IMG_RES_LOW", "R0031 below, 148 ppi", errorOnly,
                        p -> p.image(Pdfs.image(148, 148).cmyk(), 100, 100, 72, 72), true));
    }

    /**
     * Harder real-PDF situations for the same checks: content scaled by the CTM or the text matrix, inside form
     * XObjects, inline images, fill-only versus stroke-only graphics state, invisible text.
     */
    static List<Variant> edges() {
        Map<String, Object> none = Map.of();
        Pdfs.Colour blue = Pdfs.cmyk(0.5, 0.5, 0, 0);
        return List.of(
                new Variant("TEXT_SMALL", "10 pt shrunk to 3 pt by the text matrix", none,
                        p -> p.fill(BLACK).textMatrix(0.3, 0, 0, 0.3, 100, 200, 10, "Sample"), true),
                new Variant("TEXT_SMALL", "2 pt enlarged to 10 pt by the text matrix", none,
                        p -> p.fill(BLACK).textMatrix(5, 0, 0, 5, 100, 200, 2, "Sample"), false),
                new Variant("TEXT_SMALL", "10 pt shrunk to 3 pt by the CTM", none,
                        p -> p.save().transform(0.3, 0, 0, 0.3, 0, 0).fill(BLACK).text(300, 600, 10, "Sample")
                                .restore(), true),
                new Variant("TEXT_SMALL", "small text inside a form XObject", none,
                        p -> p.form(400, 400, f -> f.fill(BLACK).text(100, 200, 3, "Sample")), true),
                new Variant("TEXT_SMALL", "invisible 3 pt text does not print", none,
                        p -> p.textRenderMode(3).fill(BLACK).text(100, 200, 3, "Sample"), false),
                new Variant("SVC_EPM_SMALL_BLACK_TEXT_REJECT", "invisible 3 pt black text does not print", none,
                        p -> p.textRenderMode(3).fill(BLACK).text(100, 200, 3, "Sample"), false),
                new Variant("TEXT_MULTICHANNEL_SMALL", "rotated 7 pt text", Map.of("min_size_pt", 8.0),
                        p -> p.fill(blue).textMatrix(0, 1, -1, 0, 200, 100, 7, "Sample"), true),
                new Variant("TEXT_MULTICHANNEL_SMALL", "rotated 9 pt text", Map.of("min_size_pt", 8.0),
                        p -> p.fill(blue).textMatrix(0, 1, -1, 0, 200, 100, 9, "Sample"), false),
                new Variant("LINE_THIN", "1 pt line scaled to 0.05 pt by the CTM", none,
                        p -> p.save().transform(0.05, 0, 0, 0.05, 0, 0).stroke(BLACK).lineWidth(1)
                                .line(2000, 4000, 6000, 4000).restore(), true),
                new Variant("LINE_THIN", "0.1 pt line scaled to 1 pt by the CTM", none,
                        p -> p.save().transform(10, 0, 0, 10, 0, 0).stroke(BLACK).lineWidth(0.1)
                                .line(6, 20, 30, 20).restore(), false),
                new Variant("LINE_THIN", "thin line inside a form XObject", none,
                        p -> p.form(400, 400, f -> f.stroke(BLACK).lineWidth(0.05).line(60, 200, 300, 200)), true),
                new Variant("LINE_THIN", "thin filled shape", none, p -> p.fill(BLACK).rect(60, 200, 240, 0.05),
                        true),
                new Variant("LINE_HAIRLINE", "hairline inside a form XObject", none,
                        p -> p.form(400, 400, f -> f.stroke(BLACK).lineWidth(0).line(60, 200, 300, 200)), true),
                new Variant("LINE_HAIRLINE", "zero width set but only filling", none,
                        p -> p.lineWidth(0).fill(BLACK).rect(100, 100, 50, 50), false),
                new Variant("IMG_RES_LOW", "100 px image scaled up by a form and the CTM", none,
                        p -> p.save().transform(2, 0, 0, 2, 0, 0).form(200, 200,
                                f -> f.image(Pdfs.image(100, 100).cmyk(), 50, 50, 36, 36)).restore(), true),
                new Variant("IMG_RES_LOW", "300 px image in a form at 1 inch", none,
                        p -> p.form(400, 400, f -> f.image(Pdfs.image(300, 300).cmyk(), 50, 50, 72, 72)), false),
                new Variant("IMG_RGB", "inline RGB image", none,
                        p -> p.inlineImage(Pdfs.image(8, 8).rgb(), 100, 100, 72, 72), true),
                new Variant("IMG_RGB", "inline CMYK image", none,
                        p -> p.inlineImage(Pdfs.image(8, 8).cmyk(), 100, 100, 72, 72), false),
                new Variant("IMG_TINY", "thin but long image", none,
                        p -> p.image(Pdfs.image(8, 8).gray(), 100, 100, 4, 100), false),
                new Variant("OP_NONBLACK_PROCESS", "fill overprint, cyan only stroked", none,
                        p -> background(p).overprint(true, false, 1).stroke(CYAN).lineWidth(2)
                                .line(60, 200, 300, 200), false),
                new Variant("OP_NONBLACK_PROCESS", "stroke overprint, cyan stroked", none,
                        p -> background(p).overprint(false, true, 1).stroke(CYAN).lineWidth(2)
                                .line(60, 200, 300, 200), true),
                new Variant("OP_USED", "overprint set but nothing painted after it", none,
                        p -> background(p).overprint(true, true, 1), false),
                new Variant("TRANSP_ALPHA", "opacity 1 set explicitly", none,
                        p -> p.alpha(1, 1).fill(BLACK).rect(100, 100, 50, 50), false),
                new Variant("TRANSP_ALPHA", "opacity set but nothing painted after it", none,
                        p -> p.fill(BLACK).rect(100, 100, 50, 50).alpha(0.5, 0.5), false),
                new Variant("TRANSP_BLEND_MODE", "Normal blend mode set explicitly", none,
                        p -> p.blend("Normal").fill(BLACK).rect(100, 100, 50, 50), false),
                new Variant("TEXT_COVERED", "covered by an overprinting object", none,
                        p -> p.fill(BLACK).text(100, 200, 10, "Sample").fill(BLACK).overprint(true, true, 1)
                                .rect(90, 180, 120, 50), false),
                new Variant("TEXT_COVERED", "covered by a half-transparent object", none,
                        p -> p.fill(BLACK).text(100, 200, 10, "Sample").alpha(0.5, 0.5).fill(CYAN)
                                .rect(90, 180, 120, 50), false),
                new Variant("TEXT_COVERED", "partly covered", none,
                        p -> p.fill(BLACK).text(100, 200, 10, "Sample").fill(CYAN).rect(90, 180, 20, 50), false),
                new Variant("SPOT_USED", "spot colour set but nothing painted with it", none,
                        p -> p.fill(PMS185).fill(BLACK).rect(100, 100, 50, 50), false),
                new Variant("COLOR_RGB_USED", "RGB set but nothing painted with it", none,
                        p -> p.fill(Pdfs.rgb(1, 0, 0)).fill(BLACK).rect(100, 100, 50, 50), false),
                new Variant("COLOR_RGB_USED", "RGB inside a form XObject", none,
                        p -> p.form(400, 400, f -> f.fill(Pdfs.rgb(1, 0, 0)).rect(100, 100, 50, 50)), true),
                new Variant("TEXT_OUTSIDE_TRIM", "text inside the trim", none,
                        trimmed(p -> p.fill(BLACK).text(100, 300, 10, "Inside")), false),
                new Variant("TEXT_CROSSES_TRIM", "text completely outside the trim", none,
                        trimmed(p -> p.fill(BLACK).text(355, 200, 6, "Slug")), false),
                new Variant("TEXT_INVISIBLE", "clipping text (render mode 7) is not invisible text", none,
                        p -> p.textRenderMode(7).fill(BLACK).text(100, 200, 10, "Sample"), false),
                new Variant("IMG_SCALED_NONPROPORTIONAL", "4 % difference, inside the 5 % tolerance", none,
                        p -> p.image(Pdfs.image(100, 100).gray(), 100, 100, 72, 69.12), false),
                new Variant("COLOR_TINT_BELOW_MIN_DOT", "cyan at 3.1 %", none, rect(Pdfs.cmyk(0.031, 0, 0, 0)), false),
                new Variant("COLOR_TINT_BELOW_MIN_DOT", "cyan at 2.9 %", none, rect(Pdfs.cmyk(0.029, 0, 0, 0)), true),
                new Variant("COLOR_TINT_BELOW_MIN_DOT", "inks at 0 and 100 %", none, rect(Pdfs.cmyk(1, 0, 0, 1)),
                        false),
                new Variant("COLOR_TINT_BELOW_MIN_DOT", "gray 0.98 is black at 2 %", none, rect(Pdfs.gray(0.98)),
                        true),
                new Variant("COLOR_TINT_BELOW_MIN_DOT", "gray 1 is paper white", none, rect(Pdfs.gray(1)), false),
                new Variant("COLOR_TINT_BELOW_MIN_DOT", "a spot stroke at a 2 % tint", none,
                        p -> p.stroke(Pdfs.spot("PANTONE 185 C", 0.02, 0, 1, 0.8, 0)).lineWidth(2).line(60, 200, 300, 200), true),
                new Variant("COLOR_TINT_BELOW_MIN_DOT", "2.5 % passes a 2 % flexo minimum",
                        Map.of("min_dot_percent", 2.0), rect(Pdfs.cmyk(0.025, 0, 0, 0)), false),
                new Variant("COLOR_TINT_BELOW_MIN_DOT", "1.9 % fails a 2 % flexo minimum",
                        Map.of("min_dot_percent", 2.0), rect(Pdfs.cmyk(0.019, 0, 0, 0)), true),
                new Variant("IMG_JPEG_QUALITY_LOW", "quality 51", none, img(Pdfs.image(64, 64).jpeg(0.51f)), false),
                new Variant("IMG_JPEG_QUALITY_LOW", "quality 49", none, img(Pdfs.image(64, 64).jpeg(0.49f)), true),
                new Variant("IMG_JPEG_QUALITY_LOW", "quality 95", none, img(Pdfs.image(64, 64).jpeg(0.95f)), false),
                new Variant("IMG_JPEG_QUALITY_LOW", "gray JPEG at quality 20", none,
                        img(Pdfs.image(64, 64).gray().jpeg(0.2f)), true),
                new Variant("IMG_JPEG_QUALITY_LOW", "quality 75 under min_quality 80", Map.of("min_quality", 80),
                        img(Pdfs.image(64, 64).jpeg(0.75f)), true),
                new Variant("IMG_JPEG_QUALITY_LOW", "an unencoded image has no JPEG quality", none,
                        img(Pdfs.image(64, 64).gray()), false),
                new Variant("IMG_MOSTLY_CROPPED", "exactly 25 % shows", none, croppedImage(25), false),
                new Variant("IMG_MOSTLY_CROPPED", "10 % on the page, the rest off its left edge", none,
                        p -> p.image(Pdfs.image(32, 32).gray(), -90, 100, 100, 100), true),
                new Variant("IMG_MOSTLY_CROPPED", "wholly clipped away", none,
                        p -> p.save().clipRect(300, 300, 10, 10).image(Pdfs.image(32, 32).gray(), 100, 100, 100, 100)
                                .restore(), true),
                new Variant("IMG_MOSTLY_CROPPED", "10 % shows under min_visible_percent 5", Map.of("min_visible_percent",
                        5.0), croppedImage(10), false),
                new Variant("IMG_ROTATED", "0.4 degrees, inside the 0.5 degree tolerance", none, rotatedImage(0.4),
                        false),
                new Variant("IMG_ROTATED", "0.6 degrees, outside the tolerance", none, rotatedImage(0.6), true),
                new Variant("IMG_ROTATED", "upside down, 180 degrees", none, rotatedImage(180), false),
                new Variant("IMG_ROTATED", "270 degrees", none, rotatedImage(270), false),
                new Variant("IMG_ROTATED", "-89.7 degrees, 0.3 off the axis", none, rotatedImage(-89.7), false),
                new Variant("IMG_ROTATED", "mirrored, not rotated", none,
                        p -> p.save().transform(-1, 0, 0, 1, 300, 0).image(Pdfs.image(32, 32).gray(), 100, 100, 72,
                                72).restore(), false),
                new Variant("IMG_ROTATED", "sheared by 10 degrees, bottom edge level", none,
                        p -> p.save().transform(1, 0, Math.tan(Math.toRadians(10)), 1, 0, 0)
                                .image(Pdfs.image(32, 32).gray(), 100, 100, 72, 72).restore(), true),
                new Variant("IMG_RES_EXCESSIVE", "1-bit image at 720 ppi is not excessive", none,
                        p -> p.image(Pdfs.image(96, 96).bitonal(), 100, 100, 9.6, 9.6), false),
                new Variant("IMG_UPSAMPLED", "factor 2", none, img(Pdfs.image(64, 64).gray().upsampled(2)), true),
                new Variant("SPOT_PROCESS_LIKE_NAME", "exactly Cyan is the process ink", none,
                        rect(Pdfs.spot("Cyan", 1, 1, 0, 0, 0)), false),
                new Variant("SPOT_PROCESS_LIKE_NAME", "lower-case black", none,
                        rect(Pdfs.spot("black", 1, 0, 0, 0, 1)), true),
                new Variant("SPOT_NOT_ALLOWED", "case ignored on request",
                        Map.of("allowed_names", List.of("pantone 185 c"), "ignore_case", true), rect(PMS185), false),
                new Variant("SPOT_NOT_ALLOWED", "case matters by default",
                        Map.of("allowed_names", List.of("pantone 185 c")), rect(PMS185), true),
                new Variant("SPOT_AMBIGUOUS_NAMES", "same ink with another library prefix and suffix", none,
                        twoSpots("PANTONE 185 C", "PMS 185 U"), true),
                new Variant("LINE_LIGHT_TINT_THIN", "spot colour at a 5 % tint", none,
                        line(Pdfs.spot("PANTONE 185 C", 0.05, 0, 1, 0.8, 0), 0.3), true),
                new Variant("SVC_EPM_FOUR_COLOR_BLACK_REJECT", "four-colour black outside the trim", none,
                        trimmed(p -> p.fill(Pdfs.cmyk(1, 1, 1, 1)).rect(360, 360, 30, 30)), false),
                new Variant("SVC_EPM_REGISTRATION_COLOR_REJECT", "registration marks outside the trim", none,
                        trimmed(p -> p.stroke(Pdfs.spot("All", 1, 1, 1, 1, 1)).lineWidth(0.5)
                                .line(360, 20, 390, 20)), false),
                new Variant("SVC_EPM_BLACK_OVERPRINT_REJECT", "overprinting black over paper", none,
                        p -> p.fill(BLACK).overprint(true, true, 1).rect(100, 100, 50, 50), false),
                new Variant("SVC_EPM_SPOT_CONVERSION_REJECT", "a technical dieline colour", none,
                        p -> p.stroke(Pdfs.spot("Dieline", 1, 0, 1, 0, 0)).lineWidth(0.5).strokeRect(60, 60, 280, 280),
                        false),
                new Variant("SVC_EPM_SPECIAL_SPOT_REJECT", "a gold ink", none,
                        rect(Pdfs.spot("HKS Gold", 1, 0, 0.2, 0.6, 0.3)), true),
                new Variant("TRANSP_GROUP", "group of a form XObject", none,
                        p -> p.transparencyGroup(400, 400, "DeviceCMYK", true, false,
                                f -> f.fill(BLACK).rect(100, 100, 50, 50)), true),
                new Variant("TRANSP_SOFT_MASK", "image with a soft mask", none,
                        img(Pdfs.image(16, 16).cmyk().softMask()), true),
                new Variant("TRANSP_USED", "image with a soft mask", none,
                        img(Pdfs.image(16, 16).cmyk().softMask()), true),
                new Variant("TRANSP_BLEND_SPOT", "process colour in a non-separable mode", none,
                        p -> p.blend("Luminosity").fill(CYAN).rect(100, 100, 50, 50), false),
                new Variant("PAGE_EMPTY", "white rectangle only", none,
                        p -> p.fill(WHITE).rect(100, 100, 200, 200), true),
                new Variant("PAGE_EMPTY", "invisible text only", none,
                        p -> p.textRenderMode(3).fill(BLACK).text(100, 200, 10, "Sample"), true),
                new Variant("INK_SPOT_PLATE_EMPTY", "spot painted at tint 0 only", none,
                        rect(Pdfs.spot("PANTONE 185 C", 0, 0, 1, 0.8, 0)), true),
                new Variant("INK_SEPARATION_HEAVY", "only magenta judged, cyan solid", 
                        Map.of("separations", List.of("Magenta")), fullPage(CYAN), false),
                new Variant("INK_TAC_ALL", "300 % CMYK with an overprinting spot solid", none,
                        p -> p.fill(Pdfs.cmyk(0.75, 0.75, 0.75, 0.75)).rect(100, 100, 200, 200).fill(PMS185)
                                .overprint(true, true, 1).rect(100, 100, 200, 200), true),
                new Variant("INK_TAC_CMYK", "300 % CMYK with an overprinting spot solid", none,
                        p -> p.fill(Pdfs.cmyk(0.75, 0.75, 0.75, 0.75)).rect(100, 100, 200, 200).fill(PMS185)
                                .overprint(true, true, 1).rect(100, 100, 200, 200), false),
                new Variant("TEXT_SMALL", "small text on a layer that is off", none,
                        p -> p.layer("Hidden", h -> h.fill(BLACK).text(100, 200, 3, "Sample")), false),
                new Variant("LINE_THIN", "thin line on a layer that is off", none,
                        p -> p.layer("Hidden", h -> h.stroke(BLACK).lineWidth(0.05).line(60, 200, 300, 200)), false),
                new Variant("LINE_THIN", "1 pt line squeezed to 0.05 pt across its length", none,
                        p -> p.save().transform(1, 0, 0, 0.05, 0, 0).stroke(BLACK).lineWidth(1)
                                .line(60, 4000, 300, 4000).restore(), true),
                new Variant("IMG_RES_LOW", "1-bit image is judged by the 1-bit check only", none,
                        p -> p.image(Pdfs.image(100, 100).bitonal(), 100, 100, 72, 72), false),
                new Variant("IMG_RES_LOW_1BIT", "100 ppi 1-bit image", none,
                        p -> p.image(Pdfs.image(100, 100).bitonal(), 100, 100, 72, 72), true),
                new Variant("IMG_RES_LOW", "100 ppi image rotated by 90 degrees", none,
                        p -> p.save().transform(0, 1, -1, 0, 300, 100).image(Pdfs.image(100, 100).cmyk(), 0, 0, 72, 72)
                                .restore(), true),
                new Variant("IMG_RES_LOW", "300 ppi image rotated by 90 degrees", none,
                        p -> p.save().transform(0, 1, -1, 0, 300, 100).image(Pdfs.image(300, 300).cmyk(), 0, 0, 72, 72)
                                .restore(), false),
                new Variant("IMG_GRAY", "stencil mask is not a greyscale image", none,
                        img(Pdfs.image(16, 16).stencil()), false),
                new Variant("OP_CMYK_OPM0", "no 0 % component, so OPM 0 changes nothing", none,
                        p -> background(p).fill(Pdfs.cmyk(0.5, 0.5, 0.5, 0.5)).overprint(true, true, 0)
                                .rect(100, 100, 50, 50), false),
                new Variant("TEXT_COVERED", "covered by an opaque image", none,
                        p -> p.fill(BLACK).text(100, 200, 10, "Sample").image(Pdfs.image(16, 16).cmyk(), 90, 180,
                                120, 50), true),
                new Variant("TEXT_COVERED", "painted after the rectangle", none,
                        p -> p.fill(CYAN).rect(90, 180, 120, 50).fill(BLACK).text(100, 200, 10, "Sample"), false),
                new Variant("TEXT_NEAR_TRIM", "baseline just above the bottom trim edge", none,
                        trimmed(p -> p.fill(BLACK).text(150, 54, 10, "Sample")), true),
                new Variant("TEXT_NEAR_TRIM", "no trim box: the media box edge counts", none,
                        p -> p.fill(BLACK).text(4, 200, 10, "Sample"), true),
                new Variant("IMG_UPSAMPLED", "factor 2 below min_factor 3", Map.of("min_factor", 3),
                        img(Pdfs.image(64, 64).gray().upsampled(2)), false),
                new Variant("IMG_TINY", "1.4 mm image above min_size_mm 1", Map.of("min_size_mm", 1.0),
                        p -> p.image(Pdfs.image(8, 8).gray(), 100, 100, 4, 4), false),
                new Variant("TEXT_RICH_BLACK", "RGB black is not a CMYK rich black", none,
                        text(Pdfs.rgb(0, 0, 0), 10), false),
                new Variant("TEXT_BLACK_GRAY_SMALL", "14 pt gray black text is large enough", none,
                        p -> background(p).fill(Pdfs.gray(0)).text(100, 200, 14, "Sample"), false),
                new Variant("COLOR_RGB_USED", "printing annotation with an RGB appearance", none,
                        p -> p.fill(BLACK).rect(10, 10, 5, 5).annotation("Square", 100, 100, 50, 50, true, false,
                                Pdfs.rgb(1, 0, 0)), true),
                new Variant("COLOR_RGB_USED", "non-printing annotation with an RGB appearance", none,
                        p -> p.fill(BLACK).rect(10, 10, 5, 5).annotation("Square", 100, 100, 50, 50, false, false,
                                Pdfs.rgb(1, 0, 0)), false),
                new Variant("SPOT_USED", "spot only on a layer that is off", none,
                        p -> p.layer("Hidden", h -> h.fill(PMS185).rect(100, 100, 50, 50)), false),
                new Variant("TRANSP_ALPHA", "opacity only on a layer that is off", none,
                        p -> p.layer("Hidden", h -> h.alpha(0.5, 0.5).fill(BLACK).rect(100, 100, 50, 50)), false),
                new Variant("SVC_EPM_RGB_CONTENT_REJECT", "RGB only on a layer that is off", none,
                        p -> p.layer("Hidden", h -> h.fill(Pdfs.rgb(1, 0, 0)).rect(100, 100, 50, 50)), false),
                new Variant("IMG_RES_LOW", "low-resolution image entirely off the page", none,
                        p -> p.image(Pdfs.image(100, 100).cmyk(), 1000, 1000, 72, 72), false),
                new Variant("TEXT_SMALL", "small text entirely off the page", none,
                        p -> p.fill(BLACK).text(1000, 1000, 3, "Sample"), false),
                new Variant("TEXT_SMALL", "small text clipped away", none,
                        p -> p.save().clipRect(300, 300, 10, 10).fill(BLACK).text(100, 200, 3, "Sample").restore(),
                        false),
                new Variant("IMG_ICC", "indexed image over an ICC base", none,
                        p -> Pdfs.rawImage(p, array(COSName.INDEXED, Pdfs.colourSpaceOf(p.done(), Pdfs.iccRgb(0, 0, 0)),
                                        COSInteger.ONE, new COSString(new byte[] {0, 0, 0, (byte) 255, 0, 0})), 8, 4, 4,
                                new byte[16], null, Map.of(), 100, 100, 72, 72), true),
                new Variant("SPOT_USED", "DeviceN of process colorants only", none,
                        rect(Pdfs.deviceN(List.of("Cyan", "Magenta"), new double[] {0.5, 0.5},
                                new double[][] {{1, 0, 0, 0}, {0, 1, 0, 0}})), false),
                new Variant("SPOT_USED", "DeviceN with one spot colorant", none,
                        rect(Pdfs.deviceN(List.of("Cyan", "PANTONE 185 C"), new double[] {0.5, 0.5},
                                new double[][] {{1, 0, 0, 0}, {0, 1, 0.8, 0}})), true),
                new Variant("SPOT_USED", "Separation None paints nothing", none,
                        rect(Pdfs.spot("None", 1, 0, 0, 0, 0)), false),
                new Variant("SPOT_USED", "Separation Cyan is a process plate", none,
                        rect(Pdfs.spot("Cyan", 1, 1, 0, 0, 0)), false),
                new Variant("SPOT_USED", "registration colour All is not a spot colour", none,
                        rect(Pdfs.spot("All", 1, 1, 1, 1, 1)), false),
                new Variant("OP_NONBLACK_PROCESS", "overprinting spot colour is not a process colour", none,
                        p -> background(p).fill(PMS185).overprint(true, true, 1).rect(100, 100, 50, 50), false),
                new Variant("SPOT_COUNT_MAX", "Separation None and All do not count", Map.of("max_spots", 0),
                        p -> p.fill(Pdfs.spot("None", 1, 0, 0, 0, 0)).rect(100, 100, 50, 50)
                                .fill(Pdfs.spot("All", 1, 1, 1, 1, 1)).rect(200, 100, 50, 50), false),
                new Variant("COLOR_DEVICEGRAY_USED", "greyscale image", none, img(Pdfs.image(16, 16).gray()), true),
                new Variant("OP_USED", "stencil mask painted with overprint", none,
                        p -> background(p).fill(BLACK).overprint(true, true, 1).image(Pdfs.image(16, 16).stencil(),
                                100, 100, 72, 72), true),
                new Variant("OP_BLACK_TEXT_MISSING", "knocking out of a black-only background", none,
                        p -> p.fill(Pdfs.cmyk(0, 0, 0, 0.4)).rect(50, 50, 300, 300).fill(BLACK)
                                .text(100, 200, 8, "Black"), false),
                new Variant("OP_BLACK_TEXT_MISSING", "knocking out of a spot background", none,
                        p -> p.fill(PMS185).rect(50, 50, 300, 300).fill(BLACK).text(100, 200, 8, "Black"), true),
                new Variant("OP_WHITE_TEXT", "DeviceGray white overprinting", none,
                        p -> background(p).fill(Pdfs.gray(1)).overprint(true, true, 1).text(100, 200, 10, "White"),
                        true),
                new Variant("OP_WHITE_PATH", "spot at tint 0 overprinting", none,
                        p -> background(p).fill(Pdfs.spot("PANTONE 185 C", 0, 0, 1, 0.8, 0)).overprint(true, true, 1)
                                .rect(100, 100, 50, 50), true),
                new Variant("TEXT_WHITE_SMALL", "DeviceGray white 6 pt", none,
                        p -> background(p).fill(Pdfs.gray(1)).text(100, 200, 6, "White"), true),
                new Variant("LINE_WHITE_THIN", "DeviceGray white 0.1 pt", none,
                        p -> background(p).stroke(Pdfs.gray(1)).lineWidth(0.1).line(60, 200, 300, 200), true),
                new Variant("TEXT_MULTICHANNEL_SMALL", "cyan only is one channel", none, text(CYAN, 6), false),
                new Variant("TEXT_MULTICHANNEL_SMALL", "one spot is one channel", none, text(PMS185, 6), false),
                new Variant("TEXT_MULTICHANNEL_SMALL", "DeviceN of two spots", none,
                        text(Pdfs.deviceN(List.of("PANTONE 185 C", "PANTONE 300 C"), new double[] {0.5, 0.5},
                                new double[][] {{0, 1, 0.8, 0}, {1, 0.4, 0, 0}}), 6), true),
                new Variant("LINE_MULTICHANNEL_THIN", "black only is one channel", none, line(BLACK, 0.1), false),
                new Variant("TEXT_RICH_BLACK", "84 % black is not black", none,
                        text(Pdfs.cmyk(1, 1, 1, 0.84), 10), false),
                new Variant("TEXT_SMALL", "small text in an embedded Type 0 font", none,
                        p -> p.font(Pdfs.Font.EMBEDDED_SANS).fill(BLACK).text(100, 200, 4, "Sample"), true),
                new Variant("TEXT_SMALL", "small text outside the crop box", none,
                        p -> p.cropBox(0, 0, 300, 300).fill(BLACK).text(320, 350, 3, "Sample"), false),
                new Variant("TEXT_SMALL", "4 pt text on a page with UserUnit 2 is 8 pt", none,
                        p -> p.userUnit(2).fill(BLACK).text(100, 200, 4, "Sample"), false),
                new Variant("LINE_THIN", "0.1 pt line on a page with UserUnit 2 is 0.2 pt", none,
                        p -> p.userUnit(2).stroke(BLACK).lineWidth(0.1).line(60, 200, 300, 200), false),
                new Variant("LINE_THIN", "0.05 pt line on a page with UserUnit 2 is 0.1 pt", none,
                        p -> p.userUnit(2).stroke(BLACK).lineWidth(0.05).line(60, 200, 300, 200), true),
                new Variant("TEXT_CROSSES_TRIM", "0.3 pt over the left trim edge, inside the tolerance", none,
                        trimmed(p -> p.fill(BLACK).text(49.7, 200, 10, "Sample")), false),
                new Variant("TEXT_CROSSES_TRIM", "over the left trim edge", none,
                        trimmed(p -> p.fill(BLACK).text(40, 200, 10, "Sample")), true),
                new Variant("TEXT_NEAR_TRIM", "text crossing the trim is not inside it", none,
                        trimmed(p -> p.fill(BLACK).text(330, 200, 10, "Crossing the trim")), false),
                new Variant("COLOR_RGB_VECTOR", "RGB-stroked text is text", none,
                        p -> p.textRenderMode(1).stroke(Pdfs.rgb(1, 0, 0)).text(100, 200, 10, "Sample"), false),
                new Variant("COLOR_RGB_TEXT", "RGB-stroked text", none,
                        p -> p.textRenderMode(1).stroke(Pdfs.rgb(1, 0, 0)).text(100, 200, 10, "Sample"), true),
                new Variant("COLOR_RGB_TEXT", "RGB fill unused by stroked text", none,
                        p -> p.fill(Pdfs.rgb(1, 0, 0)).textRenderMode(1).stroke(BLACK).text(100, 200, 10, "Sample"),
                        false),
                new Variant("OP_BLACK_TEXT_MISSING", "invisible black text", none,
                        p -> background(p).textRenderMode(3).fill(BLACK).text(100, 200, 8, "Black"), false),
                new Variant("LINE_BLACK_GRAY_THIN", "DeviceGray black filled square is no line", none,
                        p -> background(p).fill(Pdfs.gray(0)).rect(100, 100, 50, 50), false),
                new Variant("TEXT_SMALL", "clipping-only text (mode 7) paints nothing", none,
                        p -> p.textRenderMode(7).fill(BLACK).text(100, 200, 3, "Sample"), false),
                new Variant("SVC_EPM_SMALL_REVERSED_TEXT_REJECT", "white text over nothing", none,
                        p -> p.fill(WHITE).text(100, 200, 6, "Sample"), false));
    }

    @TestFactory
    Stream<DynamicTest> checksHoldOnHarderPdfs() {
        return edges().stream().map(v -> DynamicTest.dynamicTest(v.id() + " " + v.label(), () -> {
            List<Finding> f = findings(v.id(), v.params(), v.page());
            if (v.reported()) {
                assertThat(f).as(v.label()).isNotEmpty();
                assertThat(f.get(0).pageNum()).isEqualTo(1);
            } else {
                assertThat(f).as(v.label()).isEmpty();
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyContentCheckPassesAndFailsOnARealPdf() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            assertThat(findings(c.id(), c.params(), c.pass())).as("passing file").isEmpty();
            List<Finding> f = findings(c.id(), c.params(), c.fail());
            assertThat(f).as("failing file").isNotEmpty();
            Finding first = f.get(0);
            assertThat(first.pageNum()).isEqualTo(1);
            if (c.at() != null) {
                assertThat(first.bbox()).as("bbox of " + first).hasSize(4);
                assertAround(first, c.at());
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> theFindingNamesThePageOfTheMark() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            List<Finding> f = findings(c.id(), c.params(), List.of(c.pass(), c.fail()));
            assertThat(f).as("passing page 1, failing page 2").isNotEmpty()
                    .allSatisfy(x -> assertThat(x.pageNum()).as(x.toString()).isEqualTo(2));
        }));
    }

    @TestFactory
    Stream<DynamicTest> gwgThresholdsAtJustAboveAndJustBelowTheLimit() {
        return variants().stream().map(v -> DynamicTest.dynamicTest(v.id() + " " + v.label(), () -> {
            List<Finding> f = findings(v.id(), v.params(), v.page());
            if (v.reported()) {
                assertThat(f).isNotEmpty();
                assertThat(f.get(0).pageNum()).isEqualTo(1);
            } else {
                assertThat(f).isEmpty();
            }
        }));
    }

    @Test
    void peakInkPixelIsNotPlacedOnTheWorstAveragingWindowElsewhere() {
        List<Finding> f = findings("INK_PIXEL_TAC_MAX", Map.of(), p -> p.fill(Pdfs.cmyk(1, 1, 1, 1))
                .rect(30, 30, 5, 5).fill(Pdfs.cmyk(0.9, 0.9, 0.9, 0.6)).rect(200, 200, 150, 150));
        assertThat(f).singleElement().satisfies(x -> {
            assertThat((Double) x.details().get("pixel_tac_percent")).isGreaterThan(380.0);
            assertThat(x.bbox()).as("the 330 % square is not where the 400 % dot is").isNull();
        });
    }

    @Test
    void pageTransparencyGroupsAreReportedAsPageObjects() {
        for (String id : List.of("TRANSP_GROUP", "TRANSP_BLEND_CS")) {
            List<Finding> f = findings(id, Map.of(), p -> p.transparencyGroup("DeviceRGB").fill(BLACK)
                    .rect(100, 100, 50, 50));
            assertThat(f).as(id).singleElement().satisfies(x -> assertThat(x.objectType()).isEqualTo("page"));
        }
    }

    @Test
    void imagePlacedTwiceIsJudgedPerPlacement() {
        List<Finding> f = findings("IMG_RES_LOW", Map.of(), p -> {
            var image = p.imageObject(Pdfs.image(100, 100).cmyk());
            p.image(image, 20, 20, 20, 20).image(image, 100, 100, 72, 72);
        });
        assertThat(f).singleElement().satisfies(x -> assertAround(x, IMAGE));
    }

    @Test
    void imageBetweenErrorAndWarningResolutionIsAWarning() {
        List<Finding> f = findings("IMG_RES_LOW", Map.of(), p -> p.image(Pdfs.image(200, 200).cmyk(), 100, 100,
                72, 72));
        assertThat(f).singleElement().satisfies(x -> assertThat(x.severity().wire()).isEqualTo("warning"));
    }

    @Test
    void everyContentCheckHasAPassAndAFailPdf() {
        Set<String> tabled = cases().stream().map(Case::id).collect(Collectors.toSet());
        assertThat(tabled).as("ids with a case here and in GwgContentPdfTests")
                .doesNotContainAnyElementsOf(COVERED_BY_GWG_CONTENT_PDF_TESTS);
        Set<String> all = ContentChecks.all().stream().map(ch -> ch.info().id())
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> missing = new TreeSet<>(all);
        missing.removeAll(tabled);
        missing.removeAll(COVERED_BY_GWG_CONTENT_PDF_TESTS);
        missing.removeAll(EXEMPT.keySet());
        assertThat(missing).as("content checks without a pass and a fail PDF").isEmpty();
        assertThat(all).containsAll(tabled).containsAll(COVERED_BY_GWG_CONTENT_PDF_TESTS)
                .containsAll(EXEMPT.keySet());
    }

    private static void assertAround(Finding f, Box at) {
        List<Double> bbox = f.bbox();
        double tol = 3;
        assertThat(bbox.get(0)).as("x0 of %s", f).isBetween(at.x0() - tol, at.x1());
        assertThat(bbox.get(1)).as("y0 of %s", f).isBetween(at.y0() - tol, at.y1());
        assertThat(bbox.get(2)).as("x1 of %s", f).isBetween(at.x0(), at.x1() + tol);
        assertThat(bbox.get(3)).as("y1 of %s", f).isBetween(at.y0(), at.y1() + tol);
    }

    private List<Finding> findings(String id, Map<String, Object> params, Consumer<Pdfs.Page> content) {
        return findings(id, params, List.of(content));
    }

    /** Runs the one-check profile on a document with one page per content (a layer "Hidden" is declared off). */
    private List<Finding> findings(String id, Map<String, Object> params, List<Consumer<Pdfs.Page>> pages) {
        Check check = ContentChecks.all().stream().filter(ch -> ch.info().id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no content check " + id));
        var doc = Pdfs.document().layer("Hidden", false);
        for (Consumer<Pdfs.Page> content : pages) {
            content.accept(doc.page(400, 400));
        }
        Path file = doc.write(tmp.resolve(id + "-" + System.nanoTime() + ".pdf"));
        Profile profile = new Profile("case", "case", "", null, false,
                List.of(new ProfileCheck(id, null, new LinkedHashMap<>(params), null)));
        try {
            var result = new Engine(EngineSettings.defaults())
                    .analyze(file, new AnalysisRequest(profile, check.info().needsInk()));
            if (check.info().needsInk()) {
                assertThat(result.inkRendered()).as("ink rendered").isTrue();
            }
            // skipped-object notes (I00006) are not verdicts; SkippedObjectNotesTests covers them
            return result.findings().stream().filter(f -> f.inspectionId().equals(id))
                    .filter(f -> !ContentFacts.isSkipNote(f)).toList();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
