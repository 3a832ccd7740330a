package dev.preflight.engine.testpdf;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDTrueTypeFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.font.encoding.WinAnsiEncoding;
import org.apache.pdfbox.pdmodel.graphics.color.PDOutputIntent;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.zip.DeflaterOutputStream;

/**
 * A fluent builder of test PDFs, written with PDFBox: pages with boxes, text, vector paths, images, spot colours,
 * layers, transparency, forms, annotations, JavaScript and encryption. Content streams are written operator by
 * operator (see {@link Canvas}), so a test knows exactly what the file contains, and can add raw operators.
 *
 * <pre>{@code
 * byte[] pdf = Pdfs.document()
 *         .layer("Dielines", false)
 *         .page(595, 842).trimBox(10, 10, 585, 832)
 *             .fill(Pdfs.cmyk(0, 0, 0, 1)).overprint(true, false, 1)
 *             .font(Pdfs.Font.EMBEDDED_SANS).text(72, 700, 8, "Small black text")
 *             .stroke(Pdfs.spot("PANTONE 485 C", 1, 0, 0.95, 1, 0)).lineWidth(0.1).line(72, 690, 300, 690)
 *             .image(Pdfs.image(100, 80).rgb(), 72, 400, 200, 160)
 *             .layer("Dielines", c -> c.strokeRect(10, 10, 575, 822))
 *         .done()
 *         .bytes();
 * }</pre>
 *
 * Coordinates are PDF points in the current user space (origin bottom-left). Colours are {@link Colour} values
 * made by {@link #gray}, {@link #rgb}, {@link #cmyk}, {@link #spot}, {@link #deviceN}, {@link #iccRgb},
 * {@link #iccGray}, {@link #iccCmyk} and {@link #lab}. Images are described with {@link #image(int, int)}.
 */
public final class Pdfs {

    private Pdfs() {
    }

    /** Starts a new document (PDF 1.4 header unless {@link Doc#version} raises it). */
    public static Doc document() {
        return new Doc();
    }

    // ------------------------------------------------------------------------------------------ colours

    /**
     * A colour to paint with: a family and its component values; spots carry their colorant names and the
     * alternate CMYK of each colorant at full tint (the tint transform is linear from paper white).
     */
    public record Colour(String family, float[] values, List<String> names, float[][] alternateCmyk) {
    }

    public static Colour gray(double g) {
        return new Colour("DeviceGray", floats(g), List.of(), null);
    }

    public static Colour rgb(double r, double g, double b) {
        return new Colour("DeviceRGB", floats(r, g, b), List.of(), null);
    }

    public static Colour cmyk(double c, double m, double y, double k) {
        return new Colour("DeviceCMYK", floats(c, m, y, k), List.of(), null);
    }

    /** Separation colour: {@code name} at {@code tint}, alternate DeviceCMYK (c, m, y, k) at full tint. */
    public static Colour spot(String name, double tint, double c, double m, double y, double k) {
        return new Colour("Separation", floats(tint), List.of(name), new float[][] {floats(c, m, y, k)});
    }

    /** DeviceN colour: one tint per name; {@code alternates[i]} is the CMYK of colorant i at full tint. */
    public static Colour deviceN(List<String> names, double[] tints, double[][] alternates) {
        float[][] alt = new float[alternates.length][];
        for (int i = 0; i < alternates.length; i++) {
            alt[i] = floats(alternates[i]);
        }
        return new Colour("DeviceN", floats(tints), List.copyOf(names), alt);
    }

    /** ICCBased RGB with the JDK's sRGB profile. */
    public static Colour iccRgb(double r, double g, double b) {
        return new Colour("ICCRGB", floats(r, g, b), List.of(), null);
    }

    /** ICCBased gray with the JDK's linear gray profile. */
    public static Colour iccGray(double g) {
        return new Colour("ICCGRAY", floats(g), List.of(), null);
    }

    /** ICCBased CMYK with the small CMYK profile that ships inside PDFBox. */
    public static Colour iccCmyk(double c, double m, double y, double k) {
        return new Colour("ICCCMYK", floats(c, m, y, k), List.of(), null);
    }

    public static Colour lab(double l, double a, double b) {
        return new Colour("Lab", floats(l, a, b), List.of(), null);
    }

    private static float[] floats(double... v) {
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return f;
    }

    /** The sRGB ICC profile bytes. */
    public static byte[] srgbProfile() {
        return ICC_Profile.getInstance(ColorSpace.CS_sRGB).getData();
    }

    /** A CMYK ICC profile (PDFBox's bundled CGATS001-compatible micro profile). */
    public static byte[] cmykProfile() {
        try (InputStream in = PDDocument.class.getResourceAsStream(
                "/org/apache/pdfbox/resources/icc/CGATS001Compat-v2-micro.icc")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ------------------------------------------------------------------------------------------ images

    /** Starts an image description of {@code pxW} x {@code pxH} pixels (8-bit DeviceRGB noise unless changed). */
    public static ImageSpec image(int pxW, int pxH) {
        return new ImageSpec(pxW, pxH);
    }

    /** Pixels and encoding of a test image. Pixel values are seeded noise, so images never compress to nothing. */
    public static final class ImageSpec {
        final int width;
        final int height;
        String family = "DeviceRGB";
        int bpc = 8;
        int upsample = 1;
        boolean softMask;
        boolean stencil;
        boolean jpeg;
        float jpegQuality = 0.95f;
        boolean interpolate;
        long seed = 42;
        Colour spot;
        byte[] given;

        private ImageSpec(int w, int h) {
            this.width = w;
            this.height = h;
        }

        public ImageSpec rgb() {
            family = "DeviceRGB";
            return this;
        }

        public ImageSpec gray() {
            family = "DeviceGray";
            return this;
        }

        public ImageSpec cmyk() {
            family = "DeviceCMYK";
            return this;
        }

        /** ICCBased sRGB samples. */
        public ImageSpec iccRgb() {
            family = "ICCRGB";
            return this;
        }

        /** 1-bit DeviceGray (a bitonal image, not a mask). */
        public ImageSpec bitonal() {
            family = "DeviceGray";
            bpc = 1;
            return this;
        }

        /** Samples in a Separation colour space ({@code spot}'s name and alternate). */
        public ImageSpec separation(Colour spot) {
            family = "Separation";
            this.spot = spot;
            return this;
        }

        /** An /ImageMask stencil painted with the fill colour. */
        public ImageSpec stencil() {
            stencil = true;
            bpc = 1;
            return this;
        }

        /** Each source pixel repeated {@code factor} x {@code factor} times (width and height must divide). */
        public ImageSpec upsampled(int factor) {
            upsample = factor;
            return this;
        }

        public ImageSpec softMask() {
            softMask = true;
            return this;
        }

        /** DCT (JPEG) encoding; RGB and gray only. */
        public ImageSpec jpeg() {
            jpeg = true;
            return this;
        }

        /** DCT (JPEG) encoding at an ImageIO quality (0..1; 0.5 writes the IJG standard tables, quality 50). */
        public ImageSpec jpeg(float quality) {
            jpeg = true;
            jpegQuality = quality;
            return this;
        }

        public ImageSpec interpolate() {
            interpolate = true;
            return this;
        }

        /** These samples instead of noise (8 bits per component in the image's family, rows top to bottom). */
        public ImageSpec samples(byte[] samples) {
            given = samples.clone();
            return this;
        }

        public ImageSpec seed(long s) {
            seed = s;
            return this;
        }

        int components() {
            return switch (family) {
                case "DeviceGray", "Separation" -> 1;
                case "DeviceCMYK" -> 4;
                default -> 3;
            };
        }

        /** Raw samples, one byte per component (8 bpc) or packed rows (1 bpc). */
        byte[] samples() {
            if (given != null) {
                return given.clone();
            }
            Random r = new Random(seed);
            int n = stencil ? 1 : components();
            int sw = Math.max(1, width / upsample);
            int sh = Math.max(1, height / upsample);
            int[][] src = new int[sh * sw][n];
            for (int[] px : src) {
                for (int c = 0; c < n; c++) {
                    px[c] = bpc == 1 ? r.nextInt(2) : r.nextInt(256);
                }
            }
            if (bpc == 1) {
                int rowBytes = (width + 7) / 8;
                byte[] out = new byte[rowBytes * height];
                for (int y = 0; y < height; y++) {
                    for (int x = 0; x < width; x++) {
                        int v = src[Math.min(sh - 1, y / upsample) * sw + Math.min(sw - 1, x / upsample)][0];
                        if (v != 0) {
                            out[y * rowBytes + x / 8] |= (byte) (0x80 >> (x % 8));
                        }
                    }
                }
                return out;
            }
            byte[] out = new byte[width * height * n];
            int p = 0;
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    int[] px = src[Math.min(sh - 1, y / upsample) * sw + Math.min(sw - 1, x / upsample)];
                    for (int c = 0; c < n; c++) {
                        out[p++] = (byte) px[c];
                    }
                }
            }
            return out;
        }
    }

    /** Fonts the builder can use. Standard 14 fonts are not embedded; the EMBEDDED_* ones are. */
    public enum Font {
        HELVETICA, TIMES, COURIER,
        /** LiberationSans as a Type 0 / CIDFontType2 font, embedded as a subset. */
        EMBEDDED_SANS,
        /** LiberationSans as a simple TrueType font, fully embedded, WinAnsi encoding. */
        EMBEDDED_TRUETYPE
    }

    // ------------------------------------------------------------------------------------------ document

    /** The document under construction. */
    public static final class Doc {
        final PDDocument pd = new PDDocument();
        private final List<Page> pages = new ArrayList<>();
        private final Map<String, COSDictionary> layers = new HashMap<>();
        private final Map<String, COSBase> colourSpaces = new HashMap<>();
        private final Map<Font, PDFont> fonts = new HashMap<>();
        private COSDictionary ocProperties;
        private StandardProtectionPolicy protection;
        private boolean classicXref;
        private final List<Object[]> namedJs = new ArrayList<>();
        private final List<Object[]> embeddedFiles = new ArrayList<>();

        private Doc() {
        }

        /** Header/catalog version (PDFBox only raises the version, never lowers it). */
        public Doc version(float v) {
            pd.setVersion(v);
            return this;
        }

        /** The document catalog, for tests that need entries the builder has no method for. */
        public COSDictionary catalog() {
            return pd.getDocumentCatalog().getCOSObject();
        }

        /** Adds a page of the given MediaBox size (points) and returns it for drawing. */
        public Page page(double width, double height) {
            PDPage p = new PDPage(new PDRectangle((float) width, (float) height));
            pd.addPage(p);
            Page page = new Page(this, p);
            pages.add(page);
            return page;
        }

        /** Declares an optional-content group, ON or OFF in the default configuration. */
        public Doc layer(String name, boolean on) {
            layerDict(name, on);
            return this;
        }

        /** Declares a layer with /Usage /Print /PrintState. */
        public Doc layerPrintState(String name, boolean on, boolean printOn) {
            COSDictionary g = layerDict(name, on);
            COSDictionary print = new COSDictionary();
            print.setItem(COSName.getPDFName("PrintState"), printOn ? COSName.ON : COSName.OFF);
            COSDictionary usage = new COSDictionary();
            usage.setItem(COSName.PRINT, print);
            g.setItem(COSName.USAGE, usage);
            return this;
        }

        /** Declares an ISO 19593-1 processing-step layer (GTS_Metadata with group and type). */
        public Doc processStepLayer(String name, String group, String type) {
            COSDictionary g = layerDict(name, true);
            COSDictionary meta = new COSDictionary();
            meta.setItem(COSName.getPDFName("GTS_ProcStepsGroup"), COSName.getPDFName(group));
            meta.setItem(COSName.getPDFName("GTS_ProcStepsType"), COSName.getPDFName(type));
            g.setItem(COSName.getPDFName("GTS_Metadata"), meta);
            return this;
        }

        /** Adds an (empty) /Configs array to /OCProperties (GWG R0034). */
        public Doc layerConfigs() {
            ocProperties();
            ocProperties.setItem(COSName.getPDFName("Configs"), new COSArray());
            return this;
        }

        private COSDictionary ocProperties() {
            if (ocProperties == null) {
                ocProperties = new COSDictionary();
                ocProperties.setItem(COSName.OCGS, new COSArray());
                COSDictionary d = new COSDictionary();
                d.setItem(COSName.ON, new COSArray());
                d.setItem(COSName.OFF, new COSArray());
                ocProperties.setItem(COSName.D, d);
                pd.getDocumentCatalog().getCOSObject().setItem(COSName.OCPROPERTIES, ocProperties);
            }
            return ocProperties;
        }

        private COSDictionary layerDict(String name, boolean on) {
            COSDictionary props = ocProperties();
            COSDictionary g = layers.get(name);
            if (g == null) {
                g = new COSDictionary();
                g.setItem(COSName.TYPE, COSName.OCG);
                g.setString(COSName.NAME, name);
                layers.put(name, g);
                ((COSArray) props.getDictionaryObject(COSName.OCGS)).add(g);
                COSDictionary d = props.getCOSDictionary(COSName.D);
                ((COSArray) d.getDictionaryObject(on ? COSName.ON : COSName.OFF)).add(g);
            }
            return g;
        }

        /** The OCG dictionary of a layer declared with {@link #layer} (for hand-made membership dictionaries). */
        public COSDictionary layerGroup(String name) {
            COSDictionary g = layers.get(name);
            if (g == null) {
                throw new IllegalArgumentException("layer '" + name + "' was not declared with Doc.layer");
            }
            return g;
        }

        /** A document output intent (GTS_PDFX) with a CMYK or RGB profile. */
        public Doc outputIntent(String conditionIdentifier, boolean cmyk) {
            return outputIntent(conditionIdentifier, cmyk ? cmykProfile() : srgbProfile());
        }

        /** A document output intent (GTS_PDFX) with the given ICC profile. */
        public Doc outputIntent(String conditionIdentifier, byte[] profile) {
            try {
                PDOutputIntent oi = new PDOutputIntent(pd, new ByteArrayInputStream(profile));
                oi.getCOSObject().setItem(COSName.S, COSName.getPDFName("GTS_PDFX"));
                oi.setOutputConditionIdentifier(conditionIdentifier);
                oi.setInfo(conditionIdentifier);
                oi.setRegistryName("http://www.color.org");
                pd.getDocumentCatalog().addOutputIntent(oi);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        /** The Info dictionary, for entries {@link #info} does not set (dates, Creator, Producer). */
        public COSDictionary infoDictionary() {
            return pd.getDocumentInformation().getCOSObject();
        }

        /**
         * The font dictionary a {@link Font} is written as (created on first use), for tests that change its
         * program or show codes by hand; {@link Canvas#resource} gives it the same name that {@link Canvas#text} uses.
         */
        public COSDictionary fontDictionary(Font f) {
            return font(f).getCOSObject();
        }

        /** Info dictionary entries; null values are left out. */
        public Doc info(String title, String trapped, String pdfxVersion) {
            var info = pd.getDocumentInformation();
            if (title != null) {
                info.setTitle(title);
            }
            if (trapped != null) {
                info.setTrapped(trapped);
            }
            if (pdfxVersion != null) {
                info.setCustomMetadataValue("GTS_PDFXVersion", pdfxVersion);
            }
            return this;
        }

        /** Catalog /Metadata with the given XMP text. */
        public Doc xmp(String xml) {
            COSStream s = pd.getDocument().createCOSStream();
            try (OutputStream out = s.createOutputStream()) {
                out.write(xml.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            s.setItem(COSName.TYPE, COSName.METADATA);
            s.setItem(COSName.SUBTYPE, COSName.getPDFName("XML"));
            pd.getDocumentCatalog().getCOSObject().setItem(COSName.METADATA, s);
            return this;
        }

        /** Catalog /OpenAction running JavaScript. */
        public Doc openActionJavaScript(String js) {
            pd.getDocumentCatalog().getCOSObject().setItem(COSName.OPEN_ACTION, javaScript(js));
            return this;
        }

        /** Catalog /OpenAction of any type (e.g. "Launch", "URI"), with extra entries. */
        public Doc openAction(String type, Map<String, String> entries) {
            COSDictionary a = new COSDictionary();
            a.setItem(COSName.TYPE, COSName.getPDFName("Action"));
            a.setItem(COSName.S, COSName.getPDFName(type));
            entries.forEach((k, v) -> a.setString(COSName.getPDFName(k), v));
            pd.getDocumentCatalog().getCOSObject().setItem(COSName.OPEN_ACTION, a);
            return this;
        }

        /** A document-level script in the Names /JavaScript tree. */
        public Doc namedJavaScript(String name, String js) {
            namedJs.add(new Object[] {name, javaScript(js)});
            return this;
        }

        /** An embedded file in the Names /EmbeddedFiles tree. */
        public Doc embeddedFile(String name, byte[] data, String mimeType) {
            embeddedFiles.add(new Object[] {name, data, mimeType});
            return this;
        }

        /**
         * Saves without object streams, with a classic cross-reference table (PDFBox otherwise writes an xref
         * stream), for tests that edit the file's bytes.
         */
        public Doc classicXref() {
            classicXref = true;
            return this;
        }

        /** Encrypts with AES-128 on save. */
        public Doc encrypt(String ownerPassword, String userPassword, boolean canPrint, boolean canModify) {
            AccessPermission ap = new AccessPermission();
            ap.setCanPrint(canPrint);
            ap.setCanPrintFaithful(canPrint);
            ap.setCanModify(canModify);
            protection = new StandardProtectionPolicy(ownerPassword, userPassword, ap);
            protection.setEncryptionKeyLength(128);
            return this;
        }

        static COSDictionary javaScript(String js) {
            COSDictionary a = new COSDictionary();
            a.setItem(COSName.TYPE, COSName.getPDFName("Action"));
            a.setItem(COSName.S, COSName.JAVA_SCRIPT);
            a.setString(COSName.JS, js);
            return a;
        }

        PDFont font(Font f) {
            return fonts.computeIfAbsent(f, k -> {
                try {
                    return switch (k) {
                        case HELVETICA -> new PDType1Font(Standard14Fonts.FontName.HELVETICA);
                        case TIMES -> new PDType1Font(Standard14Fonts.FontName.TIMES_ROMAN);
                        case COURIER -> new PDType1Font(Standard14Fonts.FontName.COURIER);
                        case EMBEDDED_SANS -> PDType0Font.load(pd, sans());
                        case EMBEDDED_TRUETYPE -> PDTrueTypeFont.load(pd, sans(), WinAnsiEncoding.INSTANCE);
                    };
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }

        private static InputStream sans() {
            return PDDocument.class.getResourceAsStream(
                    "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf");
        }

        COSBase colourSpace(Colour c) {
            String key = c.family() + "|" + c.names();
            return colourSpaces.computeIfAbsent(key, k -> makeColourSpace(c));
        }

        private COSBase makeColourSpace(Colour c) {
            switch (c.family()) {
                case "DeviceGray", "DeviceRGB", "DeviceCMYK" -> {
                    return COSName.getPDFName(c.family());
                }
                case "ICCRGB", "ICCGRAY", "ICCCMYK" -> {
                    byte[] prof = switch (c.family()) {
                        case "ICCRGB" -> srgbProfile();
                        case "ICCGRAY" -> ICC_Profile.getInstance(ColorSpace.CS_GRAY).getData();
                        default -> cmykProfile();
                    };
                    COSStream s = stream(prof, true);
                    s.setInt(COSName.N, c.values().length);
                    COSArray a = new COSArray();
                    a.add(COSName.ICCBASED);
                    a.add(s);
                    return a;
                }
                case "Lab" -> {
                    COSArray a = new COSArray();
                    a.add(COSName.LAB);
                    COSDictionary d = new COSDictionary();
                    d.setItem(COSName.WHITE_POINT, floatArray(0.9505f, 1f, 1.089f));
                    d.setItem(COSName.RANGE, floatArray(-128, 127, -128, 127));
                    a.add(d);
                    return a;
                }
                case "Separation" -> {
                    COSArray a = new COSArray();
                    a.add(COSName.SEPARATION);
                    a.add(COSName.getPDFName(c.names().get(0)));
                    a.add(COSName.DEVICECMYK);
                    COSDictionary fn = new COSDictionary();
                    fn.setInt(COSName.FUNCTION_TYPE, 2);
                    fn.setItem(COSName.DOMAIN, floatArray(0, 1));
                    fn.setItem(COSName.C0, floatArray(0, 0, 0, 0));
                    fn.setItem(COSName.C1, floatArray(c.alternateCmyk()[0]));
                    fn.setInt(COSName.N, 1);
                    a.add(fn);
                    return a;
                }
                case "DeviceN" -> {
                    COSArray a = new COSArray();
                    a.add(COSName.DEVICEN);
                    COSArray names = new COSArray();
                    for (String n : c.names()) {
                        names.add(COSName.getPDFName(n));
                    }
                    a.add(names);
                    a.add(COSName.DEVICECMYK);
                    a.add(linearTintTransform(c.alternateCmyk()));
                    return a;
                }
                default -> throw new IllegalArgumentException("unknown colour family " + c.family());
            }
        }

        /** A Type 4 function summing each colorant's CMYK weighted by its tint. */
        private COSStream linearTintTransform(float[][] alt) {
            int n = alt.length;
            StringBuilder ps = new StringBuilder("{ ");
            for (int j = 0; j < 4; j++) {
                ps.append("0 ");
                for (int i = 0; i < n; i++) {
                    int depth = (n - 1 - i) + j + 1;
                    ps.append(depth).append(" index ").append(num(alt[i][j])).append(" mul add ");
                }
            }
            ps.append(n + 4).append(" 4 roll ");
            for (int i = 0; i < n; i++) {
                ps.append("pop ");
            }
            ps.append("}");
            COSStream s = stream(ps.toString().getBytes(StandardCharsets.US_ASCII), false);
            s.setInt(COSName.FUNCTION_TYPE, 4);
            float[] domain = new float[2 * n];
            for (int i = 0; i < n; i++) {
                domain[2 * i + 1] = 1;
            }
            s.setItem(COSName.DOMAIN, floatArray(domain));
            s.setItem(COSName.RANGE, floatArray(0, 1, 0, 1, 0, 1, 0, 1));
            return s;
        }

        /** A new stream in this document holding {@code data}, optionally Flate-compressed. */
        public COSStream stream(byte[] data, boolean deflate) {
            COSStream s = pd.getDocument().createCOSStream();
            try (OutputStream out = deflate ? s.createOutputStream(COSName.FLATE_DECODE) : s.createOutputStream()) {
                out.write(data);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return s;
        }

        PDImageXObject imageXObject(ImageSpec spec) {
            try {
                if (spec.jpeg) {
                    BufferedImage bi = bufferedImage(spec);
                    PDImageXObject x = JPEGFactory.createFromImage(pd, bi, spec.jpegQuality);
                    finishImage(spec, x);
                    return x;
                }
                byte[] samples = spec.samples();
                COSStream s = stream(samples, true);
                s.setItem(COSName.TYPE, COSName.XOBJECT);
                s.setItem(COSName.SUBTYPE, COSName.IMAGE);
                s.setInt(COSName.WIDTH, spec.width);
                s.setInt(COSName.HEIGHT, spec.height);
                s.setInt(COSName.BITS_PER_COMPONENT, spec.bpc);
                if (spec.stencil) {
                    s.setBoolean(COSName.IMAGE_MASK, true);
                } else {
                    Colour c = switch (spec.family) {
                        case "Separation" -> spec.spot;
                        case "ICCRGB" -> iccRgb(0, 0, 0);
                        default -> new Colour(spec.family, new float[spec.components()], List.of(), null);
                    };
                    s.setItem(COSName.COLORSPACE, colourSpace(c));
                }
                PDImageXObject x = new PDImageXObject(new org.apache.pdfbox.pdmodel.common.PDStream(s), null);
                finishImage(spec, x);
                return x;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void finishImage(ImageSpec spec, PDImageXObject x) throws IOException {
            if (spec.interpolate) {
                x.getCOSObject().setBoolean(COSName.INTERPOLATE, true);
            }
            if (spec.softMask) {
                ImageSpec m = new ImageSpec(spec.width, spec.height).gray().seed(spec.seed + 1);
                PDImageXObject mask = imageXObject(m);
                x.getCOSObject().setItem(COSName.SMASK, mask.getCOSObject());
            }
        }

        private static BufferedImage bufferedImage(ImageSpec spec) {
            boolean gray = spec.family.equals("DeviceGray");
            BufferedImage bi = new BufferedImage(spec.width, spec.height,
                    gray ? BufferedImage.TYPE_BYTE_GRAY : BufferedImage.TYPE_INT_RGB);
            byte[] s = spec.samples();
            int n = gray ? 1 : 3;
            for (int y = 0; y < spec.height; y++) {
                for (int x = 0; x < spec.width; x++) {
                    int p = (y * spec.width + x) * n;
                    int rgb = gray ? (s[p] & 0xFF) * 0x010101
                            : ((s[p] & 0xFF) << 16) | ((s[p + 1] & 0xFF) << 8) | (s[p + 2] & 0xFF);
                    bi.setRGB(x, y, rgb);
                }
            }
            return bi;
        }

        /** Writes the document; encryption and name trees are applied here. */
        public byte[] bytes() {
            try {
                for (Page p : pages) {
                    p.finish();
                }
                COSDictionary names = null;
                if (!namedJs.isEmpty()) {
                    names = names();
                    names.setItem(COSName.JAVA_SCRIPT, nameTree(namedJs));
                }
                if (!embeddedFiles.isEmpty()) {
                    var entries = new ArrayList<Object[]>();
                    for (Object[] e : embeddedFiles) {
                        COSStream ef = stream((byte[]) e[1], true);
                        ef.setItem(COSName.TYPE, COSName.EMBEDDED_FILE);
                        if (e[2] != null) {
                            ef.setItem(COSName.SUBTYPE, COSName.getPDFName((String) e[2]));
                        }
                        COSDictionary params = new COSDictionary();
                        params.setInt(COSName.SIZE, ((byte[]) e[1]).length);
                        ef.setItem(COSName.PARAMS, params);
                        COSDictionary spec = new COSDictionary();
                        spec.setItem(COSName.TYPE, COSName.FILESPEC);
                        spec.setString(COSName.F, (String) e[0]);
                        spec.setString(COSName.UF, (String) e[0]);
                        COSDictionary efd = new COSDictionary();
                        efd.setItem(COSName.F, ef);
                        spec.setItem(COSName.EF, efd);
                        entries.add(new Object[] {e[0], spec});
                    }
                    names = names();
                    names.setItem(COSName.EMBEDDED_FILES, nameTree(entries));
                }
                for (PDFont f : fonts.values()) {
                    // PDFBox only subsets fonts set through its own content stream writer; we write our own.
                    if (f.willBeSubset()) {
                        f.subset();
                    }
                }
                if (protection != null) {
                    pd.protect(protection);
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                if (classicXref) {
                    pd.save(out, org.apache.pdfbox.pdfwriter.compress.CompressParameters.NO_COMPRESSION);
                } else {
                    pd.save(out);
                }
                pd.close();
                return out.toByteArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Writes the document to a file. */
        public Path write(Path file) {
            try {
                Files.write(file, bytes());
                return file;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Writes and reloads the document (the caller closes it). */
        public PDDocument open() {
            try {
                return Loader.loadPDF(new RandomAccessReadBuffer(bytes()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private COSDictionary names() {
            COSDictionary cat = pd.getDocumentCatalog().getCOSObject();
            COSDictionary names = cat.getCOSDictionary(COSName.NAMES);
            if (names == null) {
                names = new COSDictionary();
                cat.setItem(COSName.NAMES, names);
            }
            return names;
        }

        private static COSDictionary nameTree(List<Object[]> entries) {
            var sorted = new ArrayList<>(entries);
            sorted.sort((a, b) -> ((String) a[0]).compareTo((String) b[0]));
            COSArray arr = new COSArray();
            for (Object[] e : sorted) {
                arr.add(new COSString((String) e[0]));
                arr.add((COSBase) e[1]);
            }
            COSDictionary tree = new COSDictionary();
            tree.setItem(COSName.NAMES, arr);
            return tree;
        }
    }

    // ------------------------------------------------------------------------------------------ drawing

    /**
     * Writes content operators into a page or form XObject. Every method appends operators and returns this
     * canvas; graphics state follows PDF rules (use {@link #save()}/{@link #restore()} to scope changes).
     */
    public static class Canvas<T extends Canvas<T>> {
        final Doc doc;
        final COSDictionary resources;
        final StringBuilder ops = new StringBuilder();
        private final Map<COSBase, COSName> named = new IdentityHashMap<>();
        private int counter;
        private Font font = Font.HELVETICA;
        private Colour fillColour = gray(0);

        Canvas(Doc doc, COSDictionary resources) {
            this.doc = doc;
            this.resources = resources;
        }

        /** Appends raw content operators (a space is added after them). */
        public T raw(String operators) {
            ops.append(operators).append('\n');
            return self();
        }

        @SuppressWarnings("unchecked")
        T self() {
            return (T) this;
        }

        public T save() {
            return raw("q");
        }

        public T restore() {
            return raw("Q");
        }

        /** Concatenates a matrix to the CTM. */
        public T transform(double a, double b, double c, double d, double e, double f) {
            return raw(num(a) + " " + num(b) + " " + num(c) + " " + num(d) + " " + num(e) + " " + num(f) + " cm");
        }

        /** Sets the fill colour (and colour space). */
        public T fill(Colour c) {
            fillColour = c;
            return raw(colourOps(c, false));
        }

        /** Sets the stroke colour (and colour space). */
        public T stroke(Colour c) {
            return raw(colourOps(c, true));
        }

        private String colourOps(Colour c, boolean stroking) {
            StringBuilder v = new StringBuilder();
            for (float f : c.values()) {
                v.append(num(f)).append(' ');
            }
            switch (c.family()) {
                case "DeviceGray" -> {
                    return v + (stroking ? "G" : "g");
                }
                case "DeviceRGB" -> {
                    return v + (stroking ? "RG" : "rg");
                }
                case "DeviceCMYK" -> {
                    return v + (stroking ? "K" : "k");
                }
                default -> {
                    COSName cs = resource(COSName.COLORSPACE, doc.colourSpace(c), "CS");
                    return "/" + cs.getName() + (stroking ? " CS " : " cs ") + v + (stroking ? "SCN" : "scn");
                }
            }
        }

        public T lineWidth(double w) {
            return raw(num(w) + " w");
        }

        /** A filled rectangle ({@code re f}). */
        public T rect(double x, double y, double w, double h) {
            return raw(num(x) + " " + num(y) + " " + num(w) + " " + num(h) + " re f");
        }

        /** A stroked rectangle ({@code re S}). */
        public T strokeRect(double x, double y, double w, double h) {
            return raw(num(x) + " " + num(y) + " " + num(w) + " " + num(h) + " re S");
        }

        /** A stroked straight line. */
        public T line(double x0, double y0, double x1, double y1) {
            return raw(num(x0) + " " + num(y0) + " m " + num(x1) + " " + num(y1) + " l S");
        }

        /** Intersects the clip with a rectangle (then {@code n}). */
        public T clipRect(double x, double y, double w, double h) {
            return raw(num(x) + " " + num(y) + " " + num(w) + " " + num(h) + " re W n");
        }

        /** Font for later {@link #text} calls. */
        public T font(Font f) {
            font = f;
            return self();
        }

        /** Shows text at (x, y) in the current font and fill colour. */
        public T text(double x, double y, double size, String text) {
            return textMatrix(1, 0, 0, 1, x, y, size, text);
        }

        /** Shows text with a full text matrix (for scaled or rotated text). */
        public T textMatrix(double a, double b, double c, double d, double e, double f, double size,
                                 String text) {
            PDFont pf = doc.font(font);
            COSName fn = resource(COSName.FONT, pf.getCOSObject(), "F");
            String hex;
            try {
                if (pf.willBeSubset()) {
                    text.codePoints().forEach(pf::addToSubset);
                }
                hex = hex(pf.encode(text));
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
            return raw("BT /" + fn.getName() + " " + num(size) + " Tf " + num(a) + " " + num(b) + " " + num(c) + " "
                    + num(d) + " " + num(e) + " " + num(f) + " Tm <" + hex + "> Tj ET");
        }

        /** Text render mode (Tr) for later text; 0 fill, 1 stroke, 2 fill+stroke, 3 invisible, 7 clip. */
        public T textRenderMode(int mode) {
            return raw(mode + " Tr");
        }

        /** Overprint through an ExtGState: /op (fill), /OP (stroke) and /OPM. */
        public T overprint(boolean fillOp, boolean strokeOp, int mode) {
            COSDictionary gs = new COSDictionary();
            gs.setItem(COSName.TYPE, COSName.EXT_G_STATE);
            gs.setBoolean(COSName.OP_NS, fillOp);
            gs.setBoolean(COSName.OP, strokeOp);
            gs.setInt(COSName.OPM, mode);
            return extGState(gs);
        }

        /** Constant alpha through an ExtGState: /ca (fill) and /CA (stroke). */
        public T alpha(double fillAlpha, double strokeAlpha) {
            COSDictionary gs = new COSDictionary();
            gs.setItem(COSName.TYPE, COSName.EXT_G_STATE);
            gs.setFloat(COSName.CA_NS, (float) fillAlpha);
            gs.setFloat(COSName.CA, (float) strokeAlpha);
            return extGState(gs);
        }

        /** Blend mode through an ExtGState (Normal, Multiply, Screen, ...). */
        public T blend(String mode) {
            COSDictionary gs = new COSDictionary();
            gs.setItem(COSName.TYPE, COSName.EXT_G_STATE);
            gs.setItem(COSName.BM, COSName.getPDFName(mode));
            return extGState(gs);
        }

        /** Line width through an ExtGState (/LW). */
        public T lineWidthGs(double w) {
            COSDictionary gs = new COSDictionary();
            gs.setItem(COSName.TYPE, COSName.EXT_G_STATE);
            gs.setFloat(COSName.LW, (float) w);
            return extGState(gs);
        }

        /** A luminosity soft mask (its /G group paints a 50 % gray page-size rectangle, group space DeviceGray). */
        public T softMask(double w, double h) {
            Form g = new Form(doc);
            g.fill(gray(0.5)).rect(0, 0, w, h);
            COSStream form = g.toForm(0, 0, w, h);
            COSDictionary group = new COSDictionary();
            group.setItem(COSName.S, COSName.TRANSPARENCY);
            group.setItem(COSName.CS, COSName.DEVICEGRAY);
            form.setItem(COSName.GROUP, group);
            COSDictionary sm = new COSDictionary();
            sm.setItem(COSName.TYPE, COSName.MASK);
            sm.setItem(COSName.S, COSName.LUMINOSITY);
            sm.setItem(COSName.G, form);
            COSDictionary gs = new COSDictionary();
            gs.setItem(COSName.TYPE, COSName.EXT_G_STATE);
            gs.setItem(COSName.SMASK, sm);
            return extGState(gs);
        }

        /** Applies any ExtGState dictionary. */
        public T extGState(COSDictionary gs) {
            COSName n = resource(COSName.EXT_G_STATE, gs, "GS");
            return raw("/" + n.getName() + " gs");
        }

        /** Places an image XObject at (x, y) scaled to wPt x hPt points. */
        public T image(ImageSpec spec, double x, double y, double wPt, double hPt) {
            PDImageXObject img = doc.imageXObject(spec);
            return image(img, x, y, wPt, hPt);
        }

        /** Places an already created image XObject (reuse to place the same image twice). */
        public T image(PDImageXObject img, double x, double y, double wPt, double hPt) {
            COSName n = resource(COSName.XOBJECT, img.getCOSObject(), "Im");
            return raw("q " + num(wPt) + " 0 0 " + num(hPt) + " " + num(x) + " " + num(y) + " cm /" + n.getName()
                    + " Do Q");
        }

        /** Creates an image XObject without placing it. */
        public PDImageXObject imageObject(ImageSpec spec) {
            return doc.imageXObject(spec);
        }

        /** Places an inline image (BI/ID/EI, ASCIIHex encoded; 8-bit gray, RGB or CMYK only). */
        public T inlineImage(ImageSpec spec, double x, double y, double wPt, double hPt) {
            String cs = switch (spec.family) {
                case "DeviceGray" -> "/G";
                case "DeviceCMYK" -> "/CMYK";
                default -> "/RGB";
            };
            String head = spec.stencil ? "/IM true" : "/CS " + cs;
            return raw("q " + num(wPt) + " 0 0 " + num(hPt) + " " + num(x) + " " + num(y) + " cm BI /W " + spec.width
                    + " /H " + spec.height + " /BPC " + spec.bpc + " " + head + " /F /AHx ID " + hex(spec.samples())
                    + "> EI Q");
        }

        /** Draws a form XObject whose content is drawn by {@code content}, with bbox (0,0,w,h). */
        public T form(double w, double h, Consumer<Form> content) {
            Form f = new Form(doc);
            content.accept(f);
            COSStream s = f.toForm(0, 0, w, h);
            COSName n = resource(COSName.XOBJECT, s, "Fm");
            return raw("/" + n.getName() + " Do");
        }

        /** Draws a transparency-group form XObject (/Group /S /Transparency, /CS given or null). */
        public T transparencyGroup(double w, double h, String groupColourSpace, boolean isolated,
                                        boolean knockout, Consumer<Form> content) {
            Form f = new Form(doc);
            content.accept(f);
            COSStream s = f.toForm(0, 0, w, h);
            COSDictionary group = new COSDictionary();
            group.setItem(COSName.S, COSName.TRANSPARENCY);
            if (groupColourSpace != null) {
                group.setItem(COSName.CS, COSName.getPDFName(groupColourSpace));
            }
            group.setBoolean(COSName.I, isolated);
            group.setBoolean(COSName.K, knockout);
            s.setItem(COSName.GROUP, group);
            COSName n = resource(COSName.XOBJECT, s, "Fm");
            return raw("/" + n.getName() + " Do");
        }

        /** Content inside {@code /OC /name BDC ... EMC} for a layer declared with {@link Doc#layer}. */
        public T layer(String name, Consumer<T> content) {
            COSName n = resource(COSName.PROPERTIES, doc.layerGroup(name), "OC");
            raw("/OC /" + n.getName() + " BDC");
            content.accept(self());
            return raw("EMC");
        }

        /** Content inside an optional-content membership dictionary over layers with a policy (AnyOn, AllOn...). */
        public T layerMembership(String policy, List<String> layerNames, Consumer<T> content) {
            COSDictionary ocmd = new COSDictionary();
            ocmd.setItem(COSName.TYPE, COSName.OCMD);
            COSArray groups = new COSArray();
            for (String l : layerNames) {
                groups.add(doc.layerGroup(l));
            }
            ocmd.setItem(COSName.OCGS, groups);
            ocmd.setItem(COSName.P, COSName.getPDFName(policy));
            COSName n = resource(COSName.PROPERTIES, ocmd, "MC");
            raw("/OC /" + n.getName() + " BDC");
            content.accept(self());
            return raw("EMC");
        }

        /** An axial shading painted with {@code sh} over the current clip, from c0 to c1 (same family). */
        public T axialShading(double x0, double y0, double x1, double y1, Colour c0, Colour c1) {
            COSDictionary fn = new COSDictionary();
            fn.setInt(COSName.FUNCTION_TYPE, 2);
            fn.setItem(COSName.DOMAIN, floatArray(0, 1));
            fn.setItem(COSName.C0, floatArray(c0.values()));
            fn.setItem(COSName.C1, floatArray(c1.values()));
            fn.setInt(COSName.N, 1);
            COSDictionary sh = new COSDictionary();
            sh.setInt(COSName.SHADING_TYPE, 2);
            sh.setItem(COSName.COLORSPACE, doc.colourSpace(c0));
            sh.setItem(COSName.COORDS, floatArray((float) x0, (float) y0, (float) x1, (float) y1));
            sh.setItem(COSName.FUNCTION, fn);
            COSName n = resource(COSName.SHADING, sh, "Sh");
            return raw("/" + n.getName() + " sh");
        }

        /**
         * Puts any object into this canvas's resources under a fresh name starting with {@code prefix} (for
         * fixtures the builder has no method for: Type 3 fonts, patterns, hand-made XObjects) and returns the name.
         */
        public COSName resource(COSName category, COSBase object, String prefix) {
            COSName existing = named.get(object);
            if (existing != null) {
                return existing;
            }
            COSDictionary cat = resources.getCOSDictionary(category);
            if (cat == null) {
                cat = new COSDictionary();
                resources.setItem(category, cat);
            }
            COSName n;
            do {
                n = COSName.getPDFName(prefix + (++counter));
            } while (cat.containsKey(n));
            cat.setItem(n, object);
            named.put(object, n);
            return n;
        }

        byte[] content() {
            return ops.toString().getBytes(StandardCharsets.ISO_8859_1);
        }

        COSStream toForm(double x0, double y0, double x1, double y1) {
            COSStream s = doc.stream(content(), true);
            s.setItem(COSName.TYPE, COSName.XOBJECT);
            s.setItem(COSName.SUBTYPE, COSName.FORM);
            s.setItem(COSName.BBOX, floatArray((float) x0, (float) y0, (float) x1, (float) y1));
            s.setItem(COSName.RESOURCES, resources);
            return s;
        }

        Colour fillColour() {
            return fillColour;
        }
    }

    /** The canvas of a form XObject, soft-mask group or appearance stream. */
    public static final class Form extends Canvas<Form> {
        Form(Doc doc) {
            super(doc, new COSDictionary());
        }
    }

    /** A page: a {@link Canvas} plus page boxes, rotation, UserUnit and annotations. */
    public static final class Page extends Canvas<Page> {
        private final PDPage page;
        private byte[] rawContent;

        Page(Doc doc, PDPage page) {
            super(doc, new COSDictionary());
            this.page = page;
            page.getCOSObject().setItem(COSName.RESOURCES, resources);
        }

        public Page trimBox(double x0, double y0, double x1, double y1) {
            page.setTrimBox(pdRect(x0, y0, x1, y1));
            return this;
        }

        public Page bleedBox(double x0, double y0, double x1, double y1) {
            page.setBleedBox(pdRect(x0, y0, x1, y1));
            return this;
        }

        public Page cropBox(double x0, double y0, double x1, double y1) {
            page.setCropBox(pdRect(x0, y0, x1, y1));
            return this;
        }

        public Page artBox(double x0, double y0, double x1, double y1) {
            page.setArtBox(pdRect(x0, y0, x1, y1));
            return this;
        }

        public Page rotate(int degrees) {
            page.setRotation(degrees);
            return this;
        }

        public Page userUnit(double u) {
            page.getCOSObject().setFloat(COSName.getPDFName("UserUnit"), (float) u);
            return this;
        }

        /** A page-level /Group /S /Transparency with the given /CS. */
        public Page transparencyGroup(String colourSpace) {
            COSDictionary group = new COSDictionary();
            group.setItem(COSName.S, COSName.TRANSPARENCY);
            if (colourSpace != null) {
                group.setItem(COSName.CS, COSName.getPDFName(colourSpace));
            }
            page.getCOSObject().setItem(COSName.GROUP, group);
            return this;
        }

        /** Replaces the whole content stream with these bytes (for malformed or hostile content). */
        public Page rawContent(byte[] content) {
            rawContent = content;
            return this;
        }

        /**
         * An annotation with /F flags (print = bit 3, hidden = bit 2); with {@code appearanceColour} non-null it
         * gets a normal appearance stream filling its rectangle with that colour.
         */
        public Page annotation(String subtype, double x, double y, double w, double h, boolean print, boolean hidden,
                               Colour appearanceColour) {
            COSDictionary a = annotationDict(subtype, x, y, w, h, print, hidden, appearanceColour);
            annots().add(a);
            return this;
        }

        /** Adds any annotation dictionary as it is (for subtypes and entries the other methods do not cover). */
        public Page annotation(COSDictionary annotation) {
            annots().add(annotation);
            return this;
        }

        /** A page-level output intent (PDF 2.0) with a CMYK or RGB profile. */
        public Page outputIntent(String conditionIdentifier, boolean cmyk) {
            try {
                PDOutputIntent oi = new PDOutputIntent(doc.pd,
                        new ByteArrayInputStream(cmyk ? cmykProfile() : srgbProfile()));
                oi.getCOSObject().setItem(COSName.S, COSName.getPDFName("GTS_PDFX"));
                oi.setOutputConditionIdentifier(conditionIdentifier);
                COSArray arr = new COSArray();
                arr.add(oi.getCOSObject());
                page.getCOSObject().setItem(COSName.OUTPUT_INTENTS, arr);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        /** A Link annotation with a URI action. */
        public Page link(double x, double y, double w, double h, String uri) {
            COSDictionary a = annotationDict("Link", x, y, w, h, false, false, null);
            COSDictionary act = new COSDictionary();
            act.setItem(COSName.S, COSName.URI);
            act.setString(COSName.URI, uri);
            a.setItem(COSName.A, act);
            annots().add(a);
            return this;
        }

        /** A text form field (merged field/widget) with an optional keystroke JavaScript /AA /K. */
        public Page textField(String name, double x, double y, double w, double h, String keystrokeJs) {
            COSDictionary a = annotationDict("Widget", x, y, w, h, true, false, gray(0.9));
            a.setItem(COSName.FT, COSName.TX);
            a.setString(COSName.T, name);
            if (keystrokeJs != null) {
                COSDictionary aa = new COSDictionary();
                aa.setItem(COSName.K, Doc.javaScript(keystrokeJs));
                a.setItem(COSName.AA, aa);
            }
            annots().add(a);
            COSDictionary cat = doc.pd.getDocumentCatalog().getCOSObject();
            COSDictionary acro = cat.getCOSDictionary(COSName.ACRO_FORM);
            if (acro == null) {
                acro = new COSDictionary();
                acro.setItem(COSName.FIELDS, new COSArray());
                cat.setItem(COSName.ACRO_FORM, acro);
            }
            ((COSArray) acro.getDictionaryObject(COSName.FIELDS)).add(a);
            return this;
        }

        /** A page /AA open action running JavaScript. */
        public Page openJavaScript(String js) {
            COSDictionary aa = new COSDictionary();
            aa.setItem(COSName.O, Doc.javaScript(js));
            page.getCOSObject().setItem(COSName.AA, aa);
            return this;
        }

        private COSDictionary annotationDict(String subtype, double x, double y, double w, double h, boolean print,
                                             boolean hidden, Colour appearance) {
            COSDictionary a = new COSDictionary();
            a.setItem(COSName.TYPE, COSName.ANNOT);
            a.setItem(COSName.SUBTYPE, COSName.getPDFName(subtype));
            a.setItem(COSName.RECT, floatArray((float) x, (float) y, (float) (x + w), (float) (y + h)));
            a.setInt(COSName.F, (print ? 4 : 0) | (hidden ? 2 : 0));
            if (appearance != null) {
                Form ap = new Form(doc);
                ap.fill(appearance).rect(0, 0, w, h);
                COSDictionary apd = new COSDictionary();
                apd.setItem(COSName.N, ap.toForm(0, 0, w, h));
                a.setItem(COSName.AP, apd);
            }
            a.setItem(COSName.P, page.getCOSObject());
            return a;
        }

        private COSArray annots() {
            COSArray arr = page.getCOSObject().getCOSArray(COSName.ANNOTS);
            if (arr == null) {
                arr = new COSArray();
                page.getCOSObject().setItem(COSName.ANNOTS, arr);
            }
            return arr;
        }

        /** Ends this page's drawing and returns the document (for chaining another page). */
        public Doc done() {
            return doc;
        }

        void finish() {
            byte[] c = rawContent != null ? rawContent : content();
            COSStream s = doc.stream(c, rawContent == null);
            page.getCOSObject().setItem(COSName.CONTENTS, s);
        }

        private static PDRectangle pdRect(double x0, double y0, double x1, double y1) {
            return new PDRectangle((float) x0, (float) y0, (float) (x1 - x0), (float) (y1 - y0));
        }
    }

    // ------------------------------------------------------------------------------------------ helpers

    static COSArray floatArray(float... v) {
        COSArray a = new COSArray();
        for (float f : v) {
            if (f == Math.rint(f) && Math.abs(f) < 1e9) {
                a.add(COSInteger.get((long) f));
            } else {
                a.add(new COSFloat(f));
            }
        }
        return a;
    }

    static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e12) {
            return Long.toString((long) v);
        }
        String s = String.format(Locale.ROOT, "%.6f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length * 2);
        for (byte x : b) {
            sb.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
        }
        return sb.toString();
    }

    /** Deflates bytes (for tests that assemble streams by hand). */
    public static byte[] deflate(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream d = new DeflaterOutputStream(out)) {
            d.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    // ------------------------------------------------------------------------------------------ content-check cases

    /** The colour space object {@code doc} writes for {@code c} (for hand-made images, shadings and patterns). */
    public static COSBase colourSpaceOf(Doc doc, Colour c) {
        return doc.colourSpace(c);
    }

    /**
     * Places a hand-made image XObject (samples {@code data}, stored as given under {@code filter}, or deflated when
     * {@code filter} is null) at (x, y) scaled to wPt x hPt; {@code extra} entries go into the image dictionary.
     */
    public static <T extends Canvas<T>> T rawImage(T canvas, COSBase colourSpace, int bpc, int pxW, int pxH,
                                                   byte[] data, String filter, Map<String, COSBase> extra,
                                                   double x, double y, double wPt, double hPt) {
        COSStream s = canvas.doc.stream(data, filter == null);
        if (filter != null) {
            s.setItem(COSName.FILTER, COSName.getPDFName(filter));
        }
        s.setItem(COSName.TYPE, COSName.XOBJECT);
        s.setItem(COSName.SUBTYPE, COSName.IMAGE);
        s.setInt(COSName.WIDTH, pxW);
        s.setInt(COSName.HEIGHT, pxH);
        s.setInt(COSName.BITS_PER_COMPONENT, bpc);
        if (colourSpace != null) {
            s.setItem(COSName.COLORSPACE, colourSpace);
        }
        extra.forEach((k, v) -> s.setItem(COSName.getPDFName(k), v));
        COSName n = canvas.resource(COSName.XOBJECT, s, "Im");
        return canvas.raw("q " + num(wPt) + " 0 0 " + num(hPt) + " " + num(x) + " " + num(y) + " cm /" + n.getName()
                + " Do Q");
    }
}
