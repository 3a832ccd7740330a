package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.Colorants;
import org.apache.pdfbox.contentstream.PDContentStream;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdfparser.PDFStreamParser;
import org.apache.pdfbox.pdfwriter.ContentStreamWriter;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.common.function.PDFunction;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceGray;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceN;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceRGB;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDAbstractPattern;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDShadingPattern;
import org.apache.pdfbox.pdmodel.graphics.pattern.PDTilingPattern;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShading;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceDictionary;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceEntry;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceStream;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * SPOT_TO_PROCESS: fills and strokes in chosen Separation and DeviceN colour spaces rewritten into those spaces'
 * alternates, with the values their tint transforms give, in page content, form XObjects and annotation appearances.
 */
final class SpotToProcessFixup implements Fixup {

    static final String ID = "SPOT_TO_PROCESS";

    private static final FixupInfo INFO = new FixupInfo(ID, "Convert spot colours to process",
            "Converts the spot colours named in spot_names (all of them when the list is empty), except those in "
                    + "keep_names (a varnish, a die line, white), to their alternate colour space, names compared "
                    + "case-insensitively. Every fill and stroke colour in a Separation of such a spot, or in a "
                    + "DeviceN whose spot colorants are all converted, is rewritten in the content streams of "
                    + "pages, form XObjects and annotation appearances: the colour space selection becomes the "
                    + "alternate space (DeviceCMYK, DeviceRGB, DeviceGray by name, an ICC-based or Lab alternate "
                    + "as a new colour space resource) and every tint becomes the alternate's values as the tint "
                    + "transform computes them, so the page prints as a reader without that ink would show it. "
                    + "Kept spots and every other operator stay as they were; the converted spots' colour space "
                    + "entries are removed from the resources rewritten unless an inline image or a Type 3 glyph "
                    + "there may still name them. Image XObjects in a converted spot "
                    + "(8 bits per component, device alternate) get their samples converted in place, pixel by "
                    + "pixel through the tint transform; axial and radial shadings painted with sh get their "
                    + "function composed with the tint transform (sampled at 256 points), and so do those of "
                    + "shading patterns; a coloured tiling pattern's cell is rewritten like a form. It cannot "
                    + "convert function-based or mesh shadings, uncoloured tiling patterns in a converted spot, "
                    + "inline images, Type 3 glyphs or other images (1, 2, 4 or 16 bits, colour-key masks) in a "
                    + "converted spot, nor images and shadings whose alternate is ICC-based or Lab: they stay on "
                    + "the spot plate and images and shadings are counted in the notes. An "
                    + "overprinting spot becomes overprinting process colour, which may look different where it "
                    + "overlaps other process inks.",
            "color",
            List.of(ParamSpec.strings("spot_names", List.of(),
                            "spot colours to convert (case-insensitive); empty: every spot not kept"),
                    ParamSpec.strings("keep_names", List.of(),
                            "spot colours never converted (case-insensitive), e.g. a varnish or a die line")),
            List.of("SPOT_NOT_ALLOWED", "SPOT_COUNT_MAX"), "pdfbox");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    @SuppressWarnings("unchecked")
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        Set<String> chosen = lower((List<String>) params.get("spot_names"));
        Set<String> kept = lower((List<String>) params.get("keep_names"));
        return PdfEdit.run(ID, in, out, settings, doc -> {
            Conversion conv = new Conversion(doc, chosen, kept);
            List<Integer> pages = new ArrayList<>();
            int n = 0;
            for (PDPage page : doc.getPages()) {
                n++;
                if (conv.page(page)) {
                    pages.add(n);
                }
            }
            conv.dropConvertedColorSpaces();
            List<String> notes = new ArrayList<>();
            if (!conv.converted.isEmpty()) {
                notes.add("converted to process: " + String.join(", ", conv.converted));
            }
            if (!conv.keptSeen.isEmpty()) {
                notes.add("kept as spot colours: " + String.join(", ", conv.keptSeen));
            }
            if (conv.leftImages > 0 || conv.leftShadings > 0) {
                notes.add(String.format(Locale.ROOT, "%d images and %d shadings in a converted spot colour were "
                        + "left as they are: they still print on the spot plate", conv.leftImages, conv.leftShadings));
            }
            return new AppliedFixup(ID, params, pages, conv.changes, notes);
        });
    }

    private static Set<String> lower(List<String> names) {
        Set<String> out = new java.util.HashSet<>();
        for (String s : names) {
            out.add(s.toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** A converted colour space: its alternate's selection and the tint transform into it. */
    private record Target(COSName selection, PDColorSpace source, PDColorSpace alternate) {

        /** The alternate's components for these tints, clamped to the device range where the alternate is one. */
        List<COSBase> values(float[] tints) throws IOException {
            float[] in = new float[source.getNumberOfComponents()];
            for (int i = 0; i < in.length; i++) {
                in[i] = i < tints.length ? Math.max(0, Math.min(1, tints[i])) : 1f;
            }
            float[] v = source instanceof PDSeparation sep
                    // PDSeparation keeps its tint transform private: read it from the array, as PDFBox does
                    ? PDFunction.create(((COSArray) sep.getCOSObject()).getObject(3)).eval(in)
                    : ((PDDeviceN) source).getTintTransform().eval(in);
            boolean device = alternate instanceof PDDeviceCMYK || alternate instanceof PDDeviceRGB
                    || alternate instanceof PDDeviceGray;
            List<COSBase> out = new ArrayList<>();
            for (int i = 0; i < alternate.getNumberOfComponents(); i++) {
                float f = i < v.length ? v[i] : 0f;
                out.add(new COSFloat(device ? Math.max(0, Math.min(1, f)) : f));
            }
            return out;
        }
    }

    /** The walk over one document, with what it found. */
    private static final class Conversion {
        final PDDocument doc;
        final Set<String> chosen;
        final Set<String> kept;
        final Set<String> converted = new TreeSet<>();
        final Set<String> keptSeen = new TreeSet<>();
        final Set<COSStream> formsDone = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<COSBase> imagesSeen = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<COSBase> shadingsSeen = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<COSBase> patternsSeen = Collections.newSetFromMap(new IdentityHashMap<>());
        final Map<COSBase, Map<COSName, java.util.Optional<Target>>> targets = new IdentityHashMap<>();
        /** Resources whose converted colour spaces may still be named by what the walk does not rewrite. */
        final Set<COSBase> pinned = Collections.newSetFromMap(new IdentityHashMap<>());
        int changes;
        int leftImages;
        int leftShadings;

        Conversion(PDDocument doc, Set<String> chosen, Set<String> kept) {
            this.doc = doc;
            this.chosen = chosen;
            this.kept = kept;
        }

        /** Rewrites the page, the forms it draws and its annotations' appearances; whether anything changed. */
        boolean page(PDPage page) throws IOException {
            int before = changes;
            PDResources res = page.getResources();
            if (res == null) {
                res = new PDResources();
                page.setResources(res);
            }
            List<Object> tokens = rewrite(page, res, new State(null, null));
            if (tokens != null) {
                PDStream stream = new PDStream(doc);
                try (OutputStream o = stream.createOutputStream(COSName.FLATE_DECODE)) {
                    new ContentStreamWriter(o).writeTokens(tokens);
                }
                page.setContents(stream);
            }
            for (PDAnnotation a : page.getAnnotations()) {
                PDAppearanceDictionary ap = a.getAppearance();
                if (ap == null) {
                    continue;
                }
                for (PDAppearanceEntry e : new PDAppearanceEntry[] {ap.getNormalAppearance(),
                        ap.getRolloverAppearance(), ap.getDownAppearance()}) {
                    if (e == null) {
                        continue;
                    }
                    if (e.isStream()) {
                        form(e.getAppearanceStream(), res, new State(null, null));
                    } else if (e.isSubDictionary()) {
                        for (PDAppearanceStream s : e.getSubDictionary().values()) {
                            form(s, res, new State(null, null));
                        }
                    }
                }
            }
            return changes > before;
        }

        /**
         * Removes the converted spots' colour space entries from the resources the walk rewrote, so that no reader
         * or RIP lists a plate nothing prints on. Entries stay where something the walk leaves as it is might still
         * name them: an inline image or a Type 3 glyph drawn with these resources, or any image or shading left
         * on the spot plate.
         */
        void dropConvertedColorSpaces() {
            if (leftImages > 0 || leftShadings > 0) {
                return;
            }
            for (var e : targets.entrySet()) {
                if (pinned.contains(e.getKey()) || !(e.getKey() instanceof COSDictionary res)
                        || !(res.getDictionaryObject(COSName.COLORSPACE) instanceof COSDictionary spaces)) {
                    continue;
                }
                e.getValue().forEach((name, target) -> {
                    if (target.isPresent()) {
                        spaces.removeItem(name);
                    }
                });
            }
        }

        /** Whether these resources hold a Type 3 font, whose glyphs may select their colour spaces by name. */
        private static boolean hasType3Font(PDResources res) {
            if (!(res.getCOSObject().getDictionaryObject(COSName.FONT) instanceof COSDictionary fonts)) {
                return false;
            }
            for (COSName n : fonts.keySet()) {
                if (fonts.getDictionaryObject(n) instanceof COSDictionary f
                        && COSName.getPDFName("Type3").equals(f.getCOSName(COSName.SUBTYPE))) {
                    return true;
                }
            }
            return false;
        }

        /** Rewrites a form once, as its first use sees it (the colour state it inherits from that use). */
        void form(PDFormXObject form, PDResources outer, State inherited) throws IOException {
            COSStream stream = form.getCOSObject();
            if (!formsDone.add(stream)) {
                return;
            }
            PDResources res = form.getResources() != null ? form.getResources() : outer;
            List<Object> tokens = rewrite(form, res, inherited);
            if (tokens != null) {
                try (OutputStream o = stream.createOutputStream(COSName.FLATE_DECODE)) {
                    new ContentStreamWriter(o).writeTokens(tokens);
                }
            }
        }

        /** The stream's tokens with the conversions spliced in, or null when nothing changed. */
        List<Object> rewrite(PDContentStream content, PDResources res, State start) throws IOException {
            List<Object> in = new PDFStreamParser(content).parse();
            if (hasType3Font(res)) {
                pinned.add(res.getCOSObject());
            }
            List<Object> out = new ArrayList<>(in.size());
            Deque<State> stack = new ArrayDeque<>();
            State state = start;
            boolean changed = false;
            List<COSBase> operands = new ArrayList<>();
            for (Object t : in) {
                if (!(t instanceof Operator op)) {
                    operands.add((COSBase) t);
                    continue;
                }
                String name = op.getName();
                if (name.equals("BI")) {
                    pinned.add(res.getCOSObject());
                }
                boolean stroking = name.equals("CS") || name.equals("SC") || name.equals("SCN");
                switch (name) {
                    case "q" -> stack.push(state);
                    case "Q" -> state = stack.isEmpty() ? state : stack.pop();
                    case "g", "rg", "k" -> state = new State(state.stroke, null);
                    case "G", "RG", "K" -> state = new State(null, state.fill);
                    case "cs", "CS" -> {
                        Target target = operands.size() == 1 && operands.get(0) instanceof COSName csName
                                ? target(csName, res) : null;
                        state = stroking ? new State(target, state.fill) : new State(state.stroke, target);
                        if (target != null) {
                            out.add(target.selection());
                            out.add(op);
                            // a colour space selection also sets its initial colour (tint 1): give the alternate's
                            out.addAll(target.values(new float[0]));
                            out.add(Operator.getOperator(stroking ? "SCN" : "scn"));
                            changes++;
                            changed = true;
                            operands.clear();
                            continue;
                        }
                    }
                    case "sc", "scn", "SC", "SCN" -> {
                        Target target = stroking ? state.stroke : state.fill;
                        if (target != null && !operands.isEmpty()
                                && operands.stream().allMatch(o -> o instanceof COSNumber)) {
                            float[] tints = new float[operands.size()];
                            for (int i = 0; i < tints.length; i++) {
                                tints[i] = ((COSNumber) operands.get(i)).floatValue();
                            }
                            out.addAll(target.values(tints));
                            out.add(op);
                            changes++;
                            changed = true;
                            operands.clear();
                            continue;
                        }
                        if (!operands.isEmpty() && operands.get(operands.size() - 1) instanceof COSName patName) {
                            pattern(patName, res);
                        }
                    }
                    case "Do" -> {
                        if (operands.size() == 1 && operands.get(0) instanceof COSName xName) {
                            PDXObject x = res.getXObject(xName);
                            if (x instanceof PDFormXObject f) {
                                form(f, res, state);
                            } else if (x instanceof PDImageXObject img && imagesSeen.add(img.getCOSObject())
                                    && !img.isStencil() && converts(img.getColorSpace())) {
                                if (image(img)) {
                                    changes++;
                                } else {
                                    leftImages++;
                                }
                            }
                        }
                    }
                    case "sh" -> {
                        if (operands.size() == 1 && operands.get(0) instanceof COSName shName) {
                            PDShading sh = res.getShading(shName);
                            if (sh != null && shadingsSeen.add(sh.getCOSObject()) && converts(sh.getColorSpace())) {
                                if (shading(sh)) {
                                    changes++;
                                } else {
                                    leftShadings++;
                                }
                            }
                        }
                    }
                    default -> {
                        // every other operator passes through as it was
                    }
                }
                out.addAll(operands);
                out.add(op);
                operands.clear();
            }
            out.addAll(operands);
            return changed ? out : null;
        }

        /**
         * Rewrites an 8-bit image in a converted space in place (every use of it sees the new samples): each pixel's
         * tints, through the image's Decode array, go through the tint transform into the device alternate, written
         * 8-bit with Flate. Other depths, colour-key masks and non-device alternates are left (false).
         */
        boolean image(PDImageXObject img) throws IOException {
            PDColorSpace cs = img.getColorSpace();
            PDColorSpace alt = cs instanceof PDSeparation sep ? sep.getAlternateColorSpace()
                    : ((PDDeviceN) cs).getAlternateColorSpace();
            COSName device = alt instanceof PDDeviceCMYK ? COSName.DEVICECMYK
                    : alt instanceof PDDeviceRGB ? COSName.DEVICERGB
                    : alt instanceof PDDeviceGray ? COSName.DEVICEGRAY : null;
            COSStream stream = img.getCOSObject();
            if (device == null || img.getBitsPerComponent() != 8
                    || stream.getDictionaryObject(COSName.MASK) instanceof COSArray) {
                return false;
            }
            java.awt.image.WritableRaster raster = img.getRawRaster();
            int w = raster.getWidth();
            int h = raster.getHeight();
            int n = cs.getNumberOfComponents();
            int m = alt.getNumberOfComponents();
            COSArray decode = stream.getCOSArray(COSName.DECODE);
            float[] lo = new float[n];
            float[] hi = new float[n];
            for (int i = 0; i < n; i++) {
                lo[i] = decode != null && decode.size() >= 2 * n ? decode.toFloatArray()[2 * i] : 0f;
                hi[i] = decode != null && decode.size() >= 2 * n ? decode.toFloatArray()[2 * i + 1] : 1f;
            }
            Target target = new Target(device, cs, alt);
            Map<String, byte[]> cache = new java.util.HashMap<>();
            byte[] outSamples = new byte[w * h * m];
            int[] px = new int[n];
            float[] tints = new float[n];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    raster.getPixel(x, y, px);
                    String key = java.util.Arrays.toString(px);
                    byte[] v = cache.get(key);
                    if (v == null) {
                        for (int i = 0; i < n; i++) {
                            tints[i] = lo[i] + px[i] / 255f * (hi[i] - lo[i]);
                        }
                        List<COSBase> comps = target.values(tints);
                        v = new byte[m];
                        for (int i = 0; i < m; i++) {
                            v[i] = (byte) Math.round(((COSFloat) comps.get(i)).floatValue() * 255);
                        }
                        cache.put(key, v);
                    }
                    System.arraycopy(v, 0, outSamples, (y * w + x) * m, m);
                }
            }
            try (OutputStream o = stream.createOutputStream(COSName.FLATE_DECODE)) {
                o.write(outSamples);
            }
            stream.removeItem(COSName.DECODE_PARMS);
            stream.removeItem(COSName.DECODE);
            stream.setItem(COSName.COLORSPACE, device);
            stream.setInt(COSName.BITS_PER_COMPONENT, 8);
            converted.addAll(spots(cs));
            return true;
        }

        /**
         * Rewrites an axial or radial shading in a converted space in place: its function, composed with the tint
         * transform, sampled at 256 points of its domain into a Type 0 function (16 bits, linear between samples)
         * over the device alternate. Function-based and mesh shadings are left (false).
         */
        boolean shading(PDShading sh) throws IOException {
            if (sh.getShadingType() != PDShading.SHADING_TYPE2 && sh.getShadingType() != PDShading.SHADING_TYPE3) {
                return false;
            }
            PDColorSpace cs = sh.getColorSpace();
            PDColorSpace alt = cs instanceof PDSeparation sep ? sep.getAlternateColorSpace()
                    : ((PDDeviceN) cs).getAlternateColorSpace();
            COSName device = alt instanceof PDDeviceCMYK ? COSName.DEVICECMYK
                    : alt instanceof PDDeviceRGB ? COSName.DEVICERGB
                    : alt instanceof PDDeviceGray ? COSName.DEVICEGRAY : null;
            if (device == null) {
                return false;
            }
            COSArray domainArray = sh.getCOSObject().getCOSArray(COSName.DOMAIN);
            float t0 = domainArray != null && domainArray.size() == 2 ? domainArray.toFloatArray()[0] : 0f;
            float t1 = domainArray != null && domainArray.size() == 2 ? domainArray.toFloatArray()[1] : 1f;
            Target target = new Target(device, cs, alt);
            int m = alt.getNumberOfComponents();
            int samples = 256;
            byte[] data = new byte[samples * m * 2];
            for (int i = 0; i < samples; i++) {
                float t = t0 + (t1 - t0) * i / (samples - 1);
                float[] tints = sh.getShadingType() == PDShading.SHADING_TYPE2
                        ? ((org.apache.pdfbox.pdmodel.graphics.shading.PDShadingType2) sh).evalFunction(t)
                        : ((org.apache.pdfbox.pdmodel.graphics.shading.PDShadingType3) sh).evalFunction(t);
                List<COSBase> comps = target.values(tints);
                for (int k = 0; k < m; k++) {
                    int v = Math.round(((COSFloat) comps.get(k)).floatValue() * 65535);
                    data[(i * m + k) * 2] = (byte) (v >> 8);
                    data[(i * m + k) * 2 + 1] = (byte) v;
                }
            }
            COSStream fn = doc.getDocument().createCOSStream();
            fn.setInt(COSName.FUNCTION_TYPE, 0);
            fn.setItem(COSName.DOMAIN, floatArray(t0, t1));
            float[] range = new float[2 * m];
            for (int k = 0; k < m; k++) {
                range[2 * k + 1] = 1f;
            }
            fn.setItem(COSName.RANGE, floatArray(range));
            COSArray size = new COSArray();
            size.add(org.apache.pdfbox.cos.COSInteger.get(samples));
            fn.setItem(COSName.SIZE, size);
            fn.setInt(COSName.BITS_PER_SAMPLE, 16);
            try (OutputStream o = fn.createOutputStream(COSName.FLATE_DECODE)) {
                o.write(data);
            }
            COSArray background = sh.getCOSObject().getCOSArray(COSName.BACKGROUND);
            if (background != null) {
                sh.getCOSObject().setItem(COSName.BACKGROUND, new COSArray(target.values(background.toFloatArray())));
            }
            sh.getCOSObject().setItem(COSName.FUNCTION, fn);
            sh.getCOSObject().setItem(COSName.COLORSPACE, device);
            converted.addAll(spots(cs));
            return true;
        }

        private static COSArray floatArray(float... values) {
            COSArray a = new COSArray();
            for (float v : values) {
                a.add(new COSFloat(v));
            }
            return a;
        }

        /**
         * A pattern selected as a colour: a shading pattern's shading is converted like one painted with sh, a
         * coloured tiling pattern's cell is rewritten like a form (from the default colour state), each once.
         */
        void pattern(COSName name, PDResources res) throws IOException {
            PDAbstractPattern p = res.getPattern(name);
            if (p == null || !patternsSeen.add(p.getCOSObject())) {
                return;
            }
            if (p instanceof PDShadingPattern sp) {
                PDShading sh = sp.getShading();
                if (sh != null && shadingsSeen.add(sh.getCOSObject()) && converts(sh.getColorSpace())) {
                    if (shading(sh)) {
                        changes++;
                    } else {
                        leftShadings++;
                    }
                }
            } else if (p instanceof PDTilingPattern tp && tp.getCOSObject() instanceof COSStream stream) {
                PDResources own = tp.getResources() != null ? tp.getResources() : res;
                List<Object> tokens = rewrite(tp, own, new State(null, null));
                if (tokens != null) {
                    try (OutputStream o = stream.createOutputStream(COSName.FLATE_DECODE)) {
                        new ContentStreamWriter(o).writeTokens(tokens);
                    }
                }
            }
        }

        /** The conversion for a named colour space of these resources, or null when it stays. */
        Target target(COSName csName, PDResources res) throws IOException {
            Map<COSName, java.util.Optional<Target>> known = targets.computeIfAbsent(res.getCOSObject(),
                    k -> new java.util.HashMap<>());
            java.util.Optional<Target> t = known.get(csName);
            if (t == null) {
                t = java.util.Optional.ofNullable(newTarget(csName, res));
                known.put(csName, t);
            }
            return t.orElse(null);
        }

        private Target newTarget(COSName csName, PDResources res) throws IOException {
            if (!res.hasColorSpace(csName)) {
                return null;
            }
            PDColorSpace cs = res.getColorSpace(csName);
            if (!converts(cs)) {
                return null;
            }
            PDColorSpace alt = cs instanceof PDSeparation sep ? sep.getAlternateColorSpace()
                    : ((PDDeviceN) cs).getAlternateColorSpace();
            COSName selection;
            if (alt instanceof PDDeviceCMYK) {
                selection = COSName.DEVICECMYK;
            } else if (alt instanceof PDDeviceRGB) {
                selection = COSName.DEVICERGB;
            } else if (alt instanceof PDDeviceGray) {
                selection = COSName.DEVICEGRAY;
            } else {
                selection = res.add(alt);
            }
            converted.addAll(spots(cs));
            return new Target(selection, cs, alt);
        }

        /** Whether a colour space is a Separation or DeviceN whose spot colorants are all to be converted. */
        boolean converts(PDColorSpace cs) {
            if (!(cs instanceof PDSeparation) && !(cs instanceof PDDeviceN)) {
                return false;
            }
            List<String> spots = spots(cs);
            if (spots.isEmpty()) {
                return false;
            }
            boolean all = true;
            for (String s : spots) {
                String key = s.toLowerCase(Locale.ROOT);
                boolean convert = (chosen.isEmpty() || chosen.contains(key)) && !kept.contains(key);
                if (!convert) {
                    all = false;
                    if (kept.contains(key)) {
                        keptSeen.add(s);
                    }
                }
            }
            return all;
        }

        private static List<String> spots(PDColorSpace cs) {
            List<String> names = cs instanceof PDSeparation sep ? List.of(sep.getColorantName())
                    : ((PDDeviceN) cs).getColorantNames();
            List<String> out = new ArrayList<>();
            for (String n : names) {
                if (!Colorants.NOT_SPOTS.contains(n)) {
                    out.add(n);
                }
            }
            return out;
        }
    }

    /** The converted spaces currently selected for strokes and fills (null: not converted). */
    private record State(Target stroke, Target fill) {
    }
}
