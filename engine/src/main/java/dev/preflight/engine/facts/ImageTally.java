package dev.preflight.engine.facts;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.image.PDInlineImage;

import java.awt.image.Raster;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Accumulates {@link ImageFact}s: one per image XObject (by object reference) or inline image. Decodes losslessly
 * compressed images of at most {@link #MAX_ANALYSED_PIXELS} pixels, within a per-document budget of pixels and
 * time, to estimate upsampling; JPEG and JPEG 2000 images are not analysed (their artefacts hide replication).
 */
final class ImageTally {

    static final long MAX_ANALYSED_PIXELS = 4_000_000L;
    /** Decoded image data taken over from the stream check at most (a 4 MP CMYK image is 16 MB). */
    private static final long MAX_KEPT_BYTES = 32L << 20;
    private static final int MAX_KEPT_BANDS = 8;
    private static final long DOCUMENT_PIXEL_BUDGET = 64_000_000L;
    private static final long DOCUMENT_NANOS_BUDGET = 10_000_000_000L;

    /** What a placement needs to know about its image. */
    record Info(int width, int height, boolean stencil, boolean masked, PaintColor color) {
    }

    private static final class Acc {
        String objectId;
        int width;
        int height;
        int bpc;
        PaintColor color;
        List<String> filters;
        Integer jpegQuality;
        boolean imageMask;
        boolean hasSoftMask;
        boolean usedAsSoftMask;
        boolean hasMask;
        boolean interpolate;
        Integer upsample;
        boolean alternates;
        boolean opi;
        final Set<Integer> pages = new TreeSet<>();
        Info info;
    }

    private final ColorFacts colors;
    private final Map<String, Acc> images = new LinkedHashMap<>();
    private final List<String> problems;
    private long pixelsAnalysed;
    private long nanosAnalysing;

    private final StreamIntegrity streams;

    ImageTally(ColorFacts colors, List<String> problems, StreamIntegrity streams) {
        this.colors = colors;
        this.problems = problems;
        this.streams = streams;
    }

    /**
     * How many decoded bytes of an image XObject's data the upsampling estimate can take from the stream check (see
     * {@link StreamIntegrity#check(COSStream, int, String, String, int)}): 0 unless the image will be measured on its
     * 8-bit samples, read from the image dictionary as PDFBox reads it for images that are not JPEG 2000.
     */
    int decodedBytesWanted(PDImageXObject img) {
        COSDictionary d = img.getCOSObject();
        if (images.containsKey(ColorFacts.objectId(d)) || d.getBoolean(COSName.IMAGE_MASK, false)
                || d.getInt(COSName.BITS_PER_COMPONENT, COSName.BPC, -1) != 8) {
            return 0;
        }
        long w = d.getInt(COSName.WIDTH, -1);
        long h = d.getInt(COSName.HEIGHT, -1);
        if (w < 4 || h < 4 || w * h > MAX_ANALYSED_PIXELS || pixelsAnalysed + w * h > DOCUMENT_PIXEL_BUDGET
                || nanosAnalysing > DOCUMENT_NANOS_BUDGET) {
            return 0;
        }
        return (int) Math.min(MAX_KEPT_BYTES, w * h * MAX_KEPT_BANDS);
    }

    Info placed(PDImage img, String id, int pageNum) {
        Acc a = images.get(id);
        if (a == null) {
            a = describe(img, id);
            images.put(id, a);
            if (img instanceof PDImageXObject x) {
                softMask(x, pageNum);
            }
        }
        a.usedAsSoftMask = false;
        a.pages.add(pageNum);
        return a.info;
    }

    private void softMask(PDImageXObject x, int pageNum) {
        COSBase sm = x.getCOSObject().getDictionaryObject(COSName.SMASK);
        if (!(sm instanceof COSStream s)) {
            return;
        }
        String id = ColorFacts.objectId(s);
        if (id == null || images.containsKey(id)) {
            if (id != null) {
                images.get(id).pages.add(pageNum);
            }
            return;
        }
        try {
            PDImageXObject mask = new PDImageXObject(new org.apache.pdfbox.pdmodel.common.PDStream(s), null);
            Acc a = describe(mask, id);
            a.usedAsSoftMask = true;
            a.pages.add(pageNum);
            images.put(id, a);
        } catch (IOException | RuntimeException e) {
            problems.add("soft mask " + id + " could not be read: " + Problems.describe(e));
        }
    }

    private Acc describe(PDImage img, String id) {
        Acc a = new Acc();
        a.objectId = id;
        COSDictionary d = img.getCOSObject();
        a.filters = filters(img);
        if (plainJpxAsDeclared(img, a.filters)) {
            // PDFBox would decode the whole image to copy these very values from its codestream
            a.width = d.getInt(COSName.WIDTH);
            a.height = d.getInt(COSName.HEIGHT);
            a.imageMask = false;
            a.bpc = 8;
        } else {
            a.width = img.getWidth();
            a.height = img.getHeight();
            a.imageMask = img.isStencil();
            a.bpc = a.imageMask ? 1 : img.getBitsPerComponent();
        }
        a.interpolate = img.getInterpolate();
        a.hasSoftMask = d.getDictionaryObject(COSName.SMASK) instanceof COSStream
                || d.getInt(COSName.SMASK_IN_DATA, 0) > 0;
        a.hasMask = d.getDictionaryObject(COSName.MASK) != null;
        a.alternates = d.containsKey(COSName.getPDFName("Alternates"));
        a.opi = d.containsKey(COSName.getPDFName("OPI"));
        if (!a.imageMask) {
            boolean jpxWithoutSpace = a.filters.contains("JPXDecode") && !d.containsKey(COSName.COLORSPACE)
                    && !d.containsKey(COSName.CS);
            if (jpxWithoutSpace && (long) a.width * a.height > MAX_ANALYSED_PIXELS) {
                problems.add("image " + id + " is a large JPEG 2000 whose colour space is only in the codestream;"
                        + " not decoded");
            } else {
                try {
                    PDColorSpace cs = img.getColorSpace();
                    a.color = colors.template(cs);
                } catch (IOException | RuntimeException e) {
                    problems.add("image " + id + " colour space could not be read: " + Problems.describe(e));
                }
            }
            if (a.bpc <= 0 && a.filters.contains("JPXDecode")) {
                a.bpc = 8;
            }
        }
        checkCodecSignature(d, a);
        if (d instanceof COSStream s && !a.filters.isEmpty() && a.filters.get(0).equals("DCTDecode")) {
            try (var raw = s.createRawInputStream()) {
                a.jpegQuality = JpegQuality.estimate(raw);
            } catch (IOException | RuntimeException e) {
                a.jpegQuality = null;
            }
        }
        a.upsample = analyse(img, a);
        a.info = new Info(a.width, a.height, a.imageMask, a.hasSoftMask || a.hasMask, a.color);
        return a;
    }

    /**
     * True for a JPEG 2000 image XObject whose dictionary gives a colour space, 8 bits per component and the width and
     * height its codestream has, the codestream being plain 8-bit gray, RGB or CMYK ({@link JpxHeader}): then
     * PDFBox's decode, which overwrites width, height and bits per component with the codestream's, changes nothing
     * these facts read, whether it succeeds or fails, and the image need not be decoded at all.
     */
    private static boolean plainJpxAsDeclared(PDImage img, List<String> filters) {
        if (!(img instanceof PDImageXObject x) || !filters.equals(List.of("JPXDecode"))) {
            return false;
        }
        COSStream s = x.getCOSObject();
        if (s.getBoolean(COSName.IMAGE_MASK, false) || s.getItem(COSName.COLORSPACE, COSName.CS) == null
                || s.getInt(COSName.BITS_PER_COMPONENT, COSName.BPC, -1) != 8) {
            return false;
        }
        int[] size;
        try (var raw = s.createRawInputStream()) {
            size = JpxHeader.plainSize(raw);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return size != null && size[0] == s.getInt(COSName.WIDTH) && size[1] == s.getInt(COSName.HEIGHT);
    }

    /**
     * JPEG and JPEG 2000 images are never decoded here (too costly), but their first bytes are cheap to check: a
     * DCTDecode stream must start with the SOI marker, a JPXDecode stream with a JP2 box or a codestream marker.
     */
    private void checkCodecSignature(COSDictionary d, Acc a) {
        if (!(d instanceof COSStream s) || a.filters.isEmpty()) {
            return;
        }
        String first = a.filters.get(0);
        if (!first.equals("DCTDecode") && !first.equals("JPXDecode")) {
            return;
        }
        byte[] head;
        try (var in = s.createRawInputStream()) {
            head = in.readNBytes(12);
        } catch (IOException | RuntimeException e) {
            problems.add("image " + a.objectId + " could not be read: " + Problems.describe(e));
            return;
        }
        boolean ok;
        if (first.equals("DCTDecode")) {
            ok = head.length >= 2 && (head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0xD8;
        } else {
            boolean jp2 = head.length >= 12 && head[3] == 0x0C && head[4] == 'j' && head[5] == 'P';
            boolean j2k = head.length >= 4 && (head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0x4F
                    && (head[2] & 0xFF) == 0xFF && (head[3] & 0xFF) == 0x51;
            ok = jp2 || j2k;
        }
        if (!ok) {
            problems.add("image " + a.objectId + " is damaged: its " + first + " data does not start with a "
                    + (first.equals("DCTDecode") ? "JPEG" : "JPEG 2000") + " signature");
        }
    }

    private static List<String> filters(PDImage img) {
        var out = new ArrayList<String>();
        if (img instanceof PDInlineImage inl) {
            List<String> fs = inl.getFilters();
            if (fs != null) {
                for (String f : fs) {
                    out.add(expand(f));
                }
            }
            return out;
        }
        COSBase f = img.getCOSObject().getDictionaryObject(COSName.FILTER);
        if (f instanceof COSName n) {
            out.add(n.getName());
        } else if (f instanceof COSArray arr) {
            for (int i = 0; i < arr.size(); i++) {
                if (arr.getObject(i) instanceof COSName n) {
                    out.add(n.getName());
                }
            }
        }
        return out;
    }

    private static String expand(String f) {
        return switch (f) {
            case "AHx" -> "ASCIIHexDecode";
            case "A85" -> "ASCII85Decode";
            case "LZW" -> "LZWDecode";
            case "Fl" -> "FlateDecode";
            case "RL" -> "RunLengthDecode";
            case "CCF" -> "CCITTFaxDecode";
            case "DCT" -> "DCTDecode";
            default -> f;
        };
    }

    private Integer analyse(PDImage img, Acc a) {
        long pixels = (long) a.width * a.height;
        // Lossy codecs blur replicated pixels, so exact block repetition cannot be measured on them.
        if (a.filters.contains("DCTDecode") || a.filters.contains("JPXDecode")) {
            return null;
        }
        if (a.width < 4 || a.height < 4 || pixels > MAX_ANALYSED_PIXELS
                || pixelsAnalysed + pixels > DOCUMENT_PIXEL_BUDGET || nanosAnalysing > DOCUMENT_NANOS_BUDGET) {
            return null;
        }
        long t0 = System.nanoTime();
        try {
            Integer streamed = a.bpc == 8 ? streamedReplicationFactor(img, a) : null;
            if (streamed != null) {
                pixelsAnalysed += pixels;
                return streamed;
            }
            Raster r = img.getRawRaster();
            pixelsAnalysed += pixels;
            return r == null ? null : replicationFactor(r);
        } catch (IOException | RuntimeException e) {
            // a stream already found damaged is reported once, with its page, by its decode fact
            if (!(img instanceof org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject x
                    && streams.isDamaged(x.getCOSObject()))) {
                problems.add("image " + a.objectId + " could not be decoded: " + Problems.describe(e));
            }
            return null;
        } finally {
            nanosAnalysing += System.nanoTime() - t0;
        }
    }

    /**
     * {@link #replicationFactor(Raster)} for 8-bit samples, read row by row from the decoded stream: no raster is
     * built, and a photo (rows differ at once) stops after two rows instead of decoding the whole image. Null when
     * the data ends early or the layout is not plain 8-bit samples, so the raster path decides as before.
     */
    private Integer streamedReplicationFactor(PDImage img, Acc a) throws IOException {
        if (img.isStencil() || img.getColorSpace() == null) {
            return null;
        }
        int bands = img.getColorSpace().getNumberOfComponents();
        if (bands < 1 || bands > 32) {
            return null;
        }
        // the stream check has usually just inflated this very data: take it rather than decode it again
        java.io.InputStream kept = img instanceof PDImageXObject x ? streams.takeDecoded(x.getCOSObject()) : null;
        try (java.io.InputStream in = kept != null ? kept : img.createInputStream()) {
            return replicationFactor(in, a.width, a.height, bands);
        }
    }

    /** The replication factor of {@code h} rows of {@code w} x {@code bands} bytes; null when the data ends early. */
    static Integer replicationFactor(java.io.InputStream in, int w, int h, int bands) throws IOException {
        byte[] bytes = new byte[w * bands];
        return replicationFactor(w, h, bands, (y, row) -> {
            if (in.readNBytes(bytes, 0, bytes.length) < bytes.length) {
                return false;
            }
            for (int i = 0; i < bytes.length; i++) {
                row[i] = bytes[i] & 0xff;
            }
            return true;
        });
    }

    /**
     * The pixel replication factor: the greatest common divisor of the lengths of runs of identical rows and of
     * identical columns (the last, possibly cut, run excluded). 1 when not upsampled; also 1 when the image has no
     * change in one direction (nothing to measure).
     */
    static int replicationFactor(Raster r) throws IOException {
        int x0 = r.getMinX();
        int y0 = r.getMinY();
        Integer factor = replicationFactor(r.getWidth(), r.getHeight(), r.getNumBands(), (y, row) -> {
            r.getPixels(x0, y0 + y, r.getWidth(), 1, row);
            return true;
        });
        return factor == null ? 1 : factor;
    }

    /** Fills {@code row} with the samples of row {@code y}, rows asked in order; false when there is no such row. */
    @FunctionalInterface
    private interface Rows {
        boolean read(int y, int[] row) throws IOException;
    }

    /** The replication factor of rows read one after the other; null when a row is missing. */
    private static Integer replicationFactor(int w, int h, int bands, Rows rows) throws IOException {
        int[] prev = new int[w * bands];
        int[] cur = new int[w * bands];
        boolean[] colDiff = new boolean[w];
        int rowGcd = 0;
        int run = 1;
        for (int y = 0; y < h; y++) {
            if (!rows.read(y, cur)) {
                return null;
            }
            for (int x = 1; x < w; x++) {
                if (!colDiff[x]) {
                    int p = x * bands;
                    for (int b = 0; b < bands; b++) {
                        if (cur[p + b] != cur[p - bands + b]) {
                            colDiff[x] = true;
                            break;
                        }
                    }
                }
            }
            if (y > 0) {
                if (java.util.Arrays.equals(prev, cur)) {
                    run++;
                } else {
                    rowGcd = gcd(rowGcd, run);
                    run = 1;
                    if (rowGcd == 1) {
                        return 1;
                    }
                }
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        int colGcd = 0;
        run = 1;
        for (int x = 1; x < w; x++) {
            if (colDiff[x]) {
                colGcd = gcd(colGcd, run);
                run = 1;
            } else {
                run++;
            }
        }
        if (rowGcd == 0 || colGcd == 0) {
            return 1;
        }
        return gcd(rowGcd, colGcd);
    }

    private static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    List<ImageFact> facts() {
        var out = new ArrayList<ImageFact>();
        for (Acc a : images.values()) {
            out.add(new ImageFact(a.objectId, a.width, a.height, a.bpc, a.color, a.filters, a.imageMask,
                    a.hasSoftMask, a.usedAsSoftMask, a.hasMask, a.interpolate, a.upsample, a.alternates, a.opi,
                    new ArrayList<>(a.pages), a.jpegQuality));
        }
        return out;
    }
}
