package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.ImagePlacement;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;
import dev.preflight.engine.facts.TextInfo;
import dev.preflight.engine.facts.TransparencyGroupFact;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-built facts for the content check tests: a page is A4 with a 10 pt bleed around the trim, elements default
 * to visible, overlapping, opaque, Normal blend, OPM 1, placed at (100,100)-(200,120).
 */
public final class ContentFacts {

    /** Media box of every page. */
    public static final Box MEDIA = new Box(0, 0, 615, 862);
    /** Trim box of every page. */
    public static final Box TRIM = new Box(10, 10, 605, 852);

    private ContentFacts() {
    }

    // ---- colours

    public static PaintColor cmyk(double c, double m, double y, double k) {
        return PaintColor.device("DeviceCMYK", c, m, y, k);
    }

    public static PaintColor gray(double g) {
        return PaintColor.device("DeviceGray", g);
    }

    public static PaintColor rgb(double r, double g, double b) {
        return PaintColor.device("DeviceRGB", r, g, b);
    }

    public static PaintColor icc(String iccSpace, double... values) {
        var v = new ArrayList<Double>();
        for (double d : values) {
            v.add(d);
        }
        return new PaintColor("ICCBased", iccSpace, null, null, List.of(), v, null, "7 0 R");
    }

    public static PaintColor space(String family, double... values) {
        return PaintColor.device(family, values);
    }

    public static PaintColor sep(String name, double tint) {
        return new PaintColor("Separation", null, null, "DeviceCMYK", List.of(name), List.of(tint),
                "key:" + name, null);
    }

    public static PaintColor sep(String name, double tint, String alternate, String tintKey) {
        return new PaintColor("Separation", null, null, alternate, List.of(name), List.of(tint), tintKey, null);
    }

    public static PaintColor deviceN(List<String> names, List<Double> tints) {
        return new PaintColor("DeviceN", null, null, "DeviceCMYK", names, tints, "dn:" + names, null);
    }

    public static PaintColor indexed(String base) {
        return new PaintColor("Indexed", null, base, null, List.of(), List.of(3.0), null, null);
    }

    // ---- elements

    /** Text of the given effective size, 100 % black (DeviceCMYK) fill. */
    public static El text(double size) {
        var e = new El(ElementKind.TEXT);
        e.text = new TextInfo("10 0 R", "ABCDEF+Helvetica", size, 0, 5, "Hello");
        e.fill = cmyk(0, 0, 0, 1);
        return e;
    }

    /** A filled path in 100 % black. */
    public static El fill() {
        var e = new El(ElementKind.FILL);
        e.fill = cmyk(0, 0, 0, 1);
        return e;
    }

    /** A stroked path of the given effective width in 100 % black. */
    public static El stroke(double width) {
        var e = new El(ElementKind.STROKE);
        e.stroke = cmyk(0, 0, 0, 1);
        e.lineWidth = width;
        return e;
    }

    /** A thin filled rectangle counting as a line (GWG I00004). */
    public static El lineFill(double width) {
        var e = new El(ElementKind.FILL);
        e.fill = cmyk(0, 0, 0, 1);
        e.lineLikeFill = true;
        e.lineWidth = width;
        return e;
    }

    /** A placement of image {@code id} at the given effective resolution on both axes. */
    public static El image(String id, double ppi) {
        var e = new El(ElementKind.IMAGE);
        e.image = new ImagePlacement(id, ppi, ppi, 100, 20);
        e.objectId = id;
        return e;
    }

    /** A shading painted in the given colour space. */
    public static El shading(PaintColor c) {
        var e = new El(ElementKind.SHADING);
        e.fill = c;
        return e;
    }

    /** Mutable element builder. */
    public static final class El {
        ElementKind kind;
        Box bbox = new Box(100, 100, 200, 120);
        Box visibleBox;
        PaintColor fill;
        PaintColor stroke;
        boolean op;
        boolean opStroke;
        int opm = 1;
        String blend = "Normal";
        double ca = 1;
        double strokeCa = 1;
        boolean smask;
        double lineWidth;
        boolean lineLikeFill;
        TextInfo text;
        ImagePlacement image;
        String ocg;
        boolean hiddenByOc;
        boolean visible = true;
        boolean overlapping = true;
        String reason;
        String context = "page";
        String objectId;

        El(ElementKind kind) {
            this.kind = kind;
        }

        public El fill(PaintColor c) {
            fill = c;
            return this;
        }

        public El stroke(PaintColor c) {
            stroke = c;
            return this;
        }

        public El overprint() {
            op = true;
            opStroke = true;
            return this;
        }

        /** Overprint for the fill only (the stroke knocks out). */
        public El overprintFill() {
            op = true;
            opStroke = false;
            return this;
        }

        /** Overprint for the stroke only (the fill knocks out). */
        public El overprintStroke() {
            op = false;
            opStroke = true;
            return this;
        }

        public El opm(int mode) {
            opm = mode;
            return this;
        }

        public El blend(String mode) {
            blend = mode;
            return this;
        }

        public El alpha(double a) {
            ca = a;
            strokeCa = a;
            return this;
        }

        /** Constant alpha of the fill only. */
        public El fillAlpha(double a) {
            ca = a;
            return this;
        }

        /** Constant alpha of the stroke only. */
        public El strokeAlpha(double a) {
            strokeCa = a;
            return this;
        }

        public El softMask() {
            smask = true;
            return this;
        }

        public El width(double w) {
            lineWidth = w;
            return this;
        }

        public El at(double x0, double y0, double x1, double y1) {
            bbox = new Box(x0, y0, x1, y1);
            visibleBox = null;
            return this;
        }

        /** The text's characters (default "Hello"). */
        public El content(String characters) {
            text = new TextInfo(text.fontObjectId(), text.fontName(), text.fontSize(), text.renderMode(),
                    text.glyphCount(), characters);
            return this;
        }

        public El renderMode(int mode) {
            text = new TextInfo(text.fontObjectId(), text.fontName(), text.fontSize(), mode, text.glyphCount(),
                    text.text());
            if (mode == 3 || mode == 7) {
                fill = null;
                stroke = null;
            }
            return this;
        }

        public El ppi(double x, double y) {
            image = new ImagePlacement(image.imageObjectId(), x, y, image.placedWidthPt(), image.placedHeightPt());
            return this;
        }

        public El placedSize(double w, double h) {
            image = new ImagePlacement(image.imageObjectId(), image.ppiX(), image.ppiY(), w, h);
            return this;
        }

        public El mask() {
            kind = ElementKind.IMAGE_MASK;
            fill = cmyk(0, 0, 0, 1);
            return this;
        }

        public El notOverlapping() {
            overlapping = false;
            return this;
        }

        public El hidden(String why) {
            visible = false;
            reason = why;
            return this;
        }

        public El hiddenLayer(String name) {
            ocg = name;
            hiddenByOc = true;
            visible = false;
            reason = "hidden_oc";
            return this;
        }

        public El layer(String name) {
            ocg = name;
            return this;
        }

        public El context(String c) {
            context = c;
            return this;
        }

        public PaintedElement build() {
            Box vis = visible || "covered".equals(reason) ? (visibleBox != null ? visibleBox : bbox) : null;
            return new PaintedElement(kind, bbox, vis, fill, stroke, op, opStroke, opm, blend, ca, strokeCa, smask,
                    lineWidth, lineLikeFill, text, image, ocg, hiddenByOc, visible, overlapping, reason, context,
                    objectId);
        }
    }

    // ---- images

    /** An 8-bit DeviceCMYK image resource of 1000 x 1000 pixels. */
    public static Img img(String id) {
        return new Img(id);
    }

    /** Mutable image resource builder. */
    public static final class Img {
        String id;
        int w = 1000;
        int h = 1000;
        int bpc = 8;
        PaintColor color = PaintColor.device("DeviceCMYK");
        List<String> filters = List.of("FlateDecode");
        boolean mask;
        boolean smask;
        boolean usedAsSmask;
        boolean hasMask;
        boolean interpolate;
        Integer upsample;
        boolean alternates;
        boolean opi;

        Img(String id) {
            this.id = id;
        }

        public Img size(int width, int height) {
            w = width;
            h = height;
            return this;
        }

        public Img bpc(int b) {
            bpc = b;
            return this;
        }

        public Img color(PaintColor c) {
            color = c;
            return this;
        }

        public Img filters(String... f) {
            filters = List.of(f);
            return this;
        }

        public Img imageMask() {
            mask = true;
            bpc = 1;
            color = null;
            return this;
        }

        public Img softMask() {
            smask = true;
            return this;
        }

        public Img usedAsSoftMask() {
            usedAsSmask = true;
            return this;
        }

        public Img masked() {
            hasMask = true;
            return this;
        }

        public Img interpolate() {
            interpolate = true;
            return this;
        }

        public Img upsampled(int factor) {
            upsample = factor;
            return this;
        }

        public Img alternates() {
            alternates = true;
            return this;
        }

        public Img opi() {
            opi = true;
            return this;
        }

        public ImageFact build() {
            return new ImageFact(id, w, h, bpc, color, filters, mask, smask, usedAsSmask, hasMask, interpolate,
                    upsample, alternates, opi, List.of(1));
        }
    }

    // ---- ink

    /** Ink of a page with the given coverage per separation; every other value neutral (0, no window). */
    public static Ink ink(Map<String, Double> coverage) {
        return new Ink(coverage);
    }

    /** Mutable ink builder. */
    public static final class Ink {
        Map<String, Double> coverage;
        double tacAll;
        double tacCmyk;
        double pixel;
        double areaAll;
        double areaCmyk;
        double k;
        double cmy;
        double grey;
        boolean empty;
        Box window = new Box(50, 50, 92.52, 92.52);
        Box windowCmyk = window;

        Ink(Map<String, Double> coverage) {
            this.coverage = coverage;
            this.empty = coverage.values().stream().allMatch(v -> v <= 0);
        }

        public Ink tac(double all, double cmyk) {
            tacAll = all;
            tacCmyk = cmyk;
            return this;
        }

        /** Places the worst all-separations window and the worst CMYK window apart. */
        public Ink windows(Box all, Box cmyk) {
            window = all;
            windowCmyk = cmyk;
            return this;
        }

        /** Sets the renderer's "empty" flag regardless of the coverage values. */
        public Ink flaggedEmpty(boolean flag) {
            empty = flag;
            return this;
        }

        public Ink pixel(double p) {
            pixel = p;
            return this;
        }

        public Ink area(double all, double cmyk) {
            areaAll = all;
            areaCmyk = cmyk;
            return this;
        }

        public Ink black(double window) {
            k = window;
            return this;
        }

        public Ink cmyAfterK(double v) {
            cmy = v;
            return this;
        }

        public Ink grey(double pct) {
            grey = pct;
            return this;
        }

        public InkFacts build() {
            return new InkFacts(72, coverage, tacAll, window, tacCmyk, windowCmyk, pixel, areaAll, areaCmyk, k, cmy,
                    grey, empty, 15.0);
        }
    }

    // ---- documents

    /** A document builder; every {@link Doc#page} call adds one page. */
    public static Doc doc() {
        return new Doc();
    }

    /** A one-page document with the given elements. */
    public static DocumentFacts page(El... elements) {
        return doc().page(elements).build();
    }

    /** Mutable document builder. */
    public static final class Doc {
        private final List<List<El>> pages = new ArrayList<>();
        private final List<ImageFact> images = new ArrayList<>();
        private final Map<Integer, InkFacts> ink = new HashMap<>();
        private final Map<Integer, Double> userUnits = new HashMap<>();
        private final Map<Integer, Box> trims = new HashMap<>();
        private final List<TransparencyGroupFact> groups = new ArrayList<>();
        private final List<AnnotationFact> annotations = new ArrayList<>();
        private final List<OptionalContentFact.Group> ocgs = new ArrayList<>();

        public Doc page(El... elements) {
            pages.add(List.of(elements));
            return this;
        }

        public Doc images(Img... imgs) {
            for (Img i : imgs) {
                images.add(i.build());
            }
            return this;
        }

        public Doc ink(int page, Ink i) {
            ink.put(page, i.build());
            return this;
        }

        public Doc userUnit(int page, double uu) {
            userUnits.put(page, uu);
            return this;
        }

        public Doc trim(int page, Box trim) {
            trims.put(page, trim);
            return this;
        }

        public Doc group(String where, String colorSpace, boolean luminosity, boolean knockout) {
            groups.add(new TransparencyGroupFact(1, where, colorSpace, true, knockout, luminosity, "30 0 R"));
            return this;
        }

        public Doc annotation(String objectId, boolean print) {
            annotations.add(new AnnotationFact(1, objectId, "Stamp", new Box(0, 0, 10, 10), print, false, true,
                    null));
            return this;
        }

        public Doc processingStepLayer(String name) {
            ocgs.add(new OptionalContentFact.Group(ocgs.size(), name, "40 0 R", true, null, true, "Structural",
                    "Cutting"));
            return this;
        }

        public DocumentFacts build() {
            var pageFacts = new ArrayList<PageFacts>();
            for (int i = 0; i < pages.size(); i++) {
                int n = i + 1;
                var g = new PageGeometry(n, MEDIA, MEDIA, trims.getOrDefault(n, TRIM), MEDIA, null, 0,
                        userUnits.getOrDefault(n, 1.0));
                pageFacts.add(new PageFacts(g, pages.get(i).stream().map(El::build).toList(),
                        n == 1 ? annotations : List.of(),
                        groups.stream().filter(x -> x.pageNum() == n).toList(), false, List.of(), false));
            }
            var info = new DocumentInfoFact("1.6", 1000, false, null, true, true, true, false, List.of(), null, null,
                    null, null, null, null, null, null, null, null, false, false);
            return new DocumentFacts(info, pageFacts, List.of(), images, List.of(),
                    new OptionalContentFact(!ocgs.isEmpty(), false, ocgs), List.of(), List.of(), ink, List.of());
        }
    }

    // ---- running

    /** Runs a check with its default parameters. */
    public static List<Finding> run(Check check, DocumentFacts facts) {
        return run(check, facts, Map.of());
    }

    /** Runs a check with some parameters set (the rest default) and the check's default severity. */
    public static List<Finding> run(Check check, DocumentFacts facts, Map<String, Object> params) {
        return run(check, facts, params, null);
    }

    /** Runs a check as a profile would: parameters, severity override. */
    public static List<Finding> run(Check check, DocumentFacts facts, Map<String, Object> params, Severity sev) {
        return runWithNotes(check, facts, params, sev).stream().filter(f -> !isSkipNote(f)).toList();
    }

    /** Runs a check and keeps its skipped-object notes (I00006) among the findings. */
    public static List<Finding> runWithNotes(Check check, DocumentFacts facts, Map<String, Object> params,
                                             Severity sev) {
        var ctx = new CheckContext(check.info(), new ProfileCheck(check.info().id(), sev,
                new LinkedHashMap<>(params), null), 100);
        check.run(facts, ctx);
        return ctx.findings();
    }

    /** An info note saying which objects a check skipped (GWG I00006), not a verdict on an object. */
    public static boolean isSkipNote(Finding f) {
        return Boolean.TRUE.equals(f.details().get("skipped"));
    }

    /** Parameters from key/value pairs (values may be null). */
    public static Map<String, Object> params(Object... kv) {
        var m = new LinkedHashMap<String, Object>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
