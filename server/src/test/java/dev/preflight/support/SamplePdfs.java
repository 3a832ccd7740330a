package dev.preflight.support;

import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.color.PDOutputIntent;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Test PDFs for the server's tests, written with PDFBox. {@link #clean()} passes the service-default profile:
 * TrimBox with 3 mm bleed, a CMYK output intent, CMYK vector content, no fonts, no images.
 */
public final class SamplePdfs {

    public static final float MM = 72f / 25.4f;

    private final List<Consumer<Ctx>> pageSteps = new ArrayList<>();
    private int pages = 1;
    private boolean trim = true;
    private float bleedMm = 3f;
    private boolean outputIntent = true;
    private String userPassword;

    private record Ctx(PDDocument doc, PDPage page, PDPageContentStream cs) {
    }

    private SamplePdfs() {
    }

    public static SamplePdfs clean() {
        return new SamplePdfs().cmykSquare();
    }

    public SamplePdfs pages(int n) {
        this.pages = n;
        return this;
    }

    public SamplePdfs withoutTrimBox() {
        this.trim = false;
        return this;
    }

    public SamplePdfs bleedMm(float mm) {
        this.bleedMm = mm;
        return this;
    }

    public SamplePdfs withoutOutputIntent() {
        this.outputIntent = false;
        return this;
    }

    public SamplePdfs encryptedWithUserPassword(String password) {
        this.userPassword = password;
        return this;
    }

    /** A 50 x 50 pt 100 % cyan square. */
    public SamplePdfs cmykSquare() {
        pageSteps.add(c -> {
            try {
                c.cs().setNonStrokingColor(1f, 0f, 0f, 0f);
                c.cs().addRect(100, 100, 50, 50);
                c.cs().fill();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return this;
    }

    /**
     * An EAN-13 in 100 % black drawn as one filled rectangle per bar, X = 0.33 mm (100 % magnification), bars
     * 22.85 mm high, its lower-left corner at (x, y) points.
     */
    public SamplePdfs ean13(String digits, float x, float y) {
        boolean[] modules = new com.google.zxing.oned.EAN13Writer().encode(digits);
        float module = 0.33f * MM;
        pageSteps.add(c -> {
            try {
                c.cs().setNonStrokingColor(0f, 0f, 0f, 1f);
                for (int i = 0; i < modules.length; i++) {
                    if (modules[i]) {
                        c.cs().addRect(x + i * module, y, module, 22.85f * MM);
                    }
                }
                c.cs().fill();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return this;
    }

    /** Text in Helvetica (a standard-14 font, not embedded). */
    public SamplePdfs unembeddedHelveticaText() {
        pageSteps.add(c -> {
            try {
                c.cs().beginText();
                c.cs().setNonStrokingColor(0f, 0f, 0f, 1f);
                c.cs().setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 14);
                c.cs().newLineAtOffset(100, 300);
                c.cs().showText("Preflight");
                c.cs().endText();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return this;
    }

    /** An RGB image of pixels x pixels placed at the size that gives the requested effective resolution. */
    public SamplePdfs rgbImage(int pixels, double ppi) {
        pageSteps.add(c -> {
            try {
                var img = new BufferedImage(pixels, pixels, BufferedImage.TYPE_INT_RGB);
                for (int y = 0; y < pixels; y++) {
                    for (int x = 0; x < pixels; x++) {
                        img.setRGB(x, y, ((x * 7) & 0xff) << 16 | ((y * 5) & 0xff) << 8 | 0x40);
                    }
                }
                PDImageXObject x = LosslessFactory.createFromImage(c.doc(), img);
                float size = (float) (pixels / ppi * 72.0);
                c.cs().drawImage(x, 200, 400, size, size);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return this;
    }

    public byte[] bytes() {
        try (var doc = new PDDocument()) {
            float bleed = bleedMm * MM;
            for (int i = 0; i < pages; i++) {
                // MediaBox = trim (A4) + bleed on every side; CropBox defaults to MediaBox.
                var media = new PDRectangle(0, 0, PDRectangle.A4.getWidth() + 2 * Math.max(bleed, 0),
                        PDRectangle.A4.getHeight() + 2 * Math.max(bleed, 0));
                var page = new PDPage(media);
                if (trim) {
                    var trimBox = new PDRectangle(Math.max(bleed, 0), Math.max(bleed, 0), PDRectangle.A4.getWidth(),
                            PDRectangle.A4.getHeight());
                    page.setTrimBox(trimBox);
                    page.setBleedBox(media);
                }
                doc.addPage(page);
                try (var cs = new PDPageContentStream(doc, page)) {
                    for (var step : pageSteps) {
                        step.accept(new Ctx(doc, page, cs));
                    }
                }
            }
            if (outputIntent) {
                var oi = new PDOutputIntent(doc, new ByteArrayInputStream(minimalCmykIccProfile()));
                oi.setOutputConditionIdentifier("FOGRA39");
                oi.setOutputCondition("Coated FOGRA39 (ISO 12647-2:2004)");
                oi.setRegistryName("http://www.color.org");
                oi.getCOSObject().setItem(COSName.S, COSName.getPDFName("GTS_PDFX"));
                doc.getDocumentCatalog().addOutputIntent(oi);
            }
            if (userPassword != null) {
                var policy = new StandardProtectionPolicy("owner-secret", userPassword, new AccessPermission());
                policy.setEncryptionKeyLength(128);
                doc.protect(policy);
            }
            var out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The smallest well-formed ICC profile header (128 bytes, no tags) that declares an output-device profile with
     * a CMYK data space and a Lab PCS: enough for readers that look at the header's colour space.
     */
    public static byte[] minimalCmykIccProfile() {
        ByteBuffer b = ByteBuffer.allocate(132);
        b.putInt(0, 132);                      // profile size
        b.put(8, (byte) 2);                    // version 2.1
        b.put(9, (byte) 0x10);
        b.put(12, "prtr".getBytes());          // device class: output
        b.put(16, "CMYK".getBytes());          // data colour space
        b.put(20, "Lab ".getBytes());          // PCS
        b.put(36, "acsp".getBytes());          // signature
        b.putInt(128, 0);                      // tag count
        return b.array();
    }

    /** The first {@code keep} bytes of a PDF: a file cut off in transfer. */
    public static byte[] truncated(byte[] pdf, int keep) {
        return java.util.Arrays.copyOf(pdf, Math.min(keep, pdf.length));
    }

    /** A PDF whose page content is a Flate stream that inflates to {@code inflatedBytes} of spaces (a zip bomb). */
    public static byte[] decompressionBomb(long inflatedBytes) {
        try (var doc = new PDDocument()) {
            var page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            var stream = new PDStream(doc);
            try (var os = stream.getCOSObject().createRawOutputStream()) {
                os.write(spacesFlate(inflatedBytes));
            }
            stream.getCOSObject().setItem(COSName.FILTER, COSName.FLATE_DECODE);
            page.setContents(stream);
            var out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A zlib stream of {@code inflatedBytes} spaces, made in milliseconds instead of the most of a minute that
     * deflating a gigabyte takes: one 1 MiB chunk is compressed once, ended with a full flush (which resets the
     * compressor, so every chunk compresses to the very same bytes), and repeated; the remainder and the final block
     * follow, then the Adler-32 of all the inflated bytes.
     */
    static byte[] spacesFlate(long inflatedBytes) {
        byte[] chunk = new byte[1 << 20];
        java.util.Arrays.fill(chunk, (byte) ' ');
        long whole = inflatedBytes / chunk.length;
        int rest = (int) (inflatedBytes % chunk.length);
        byte[] block = rawDeflate(chunk, chunk.length, java.util.zip.Deflater.FULL_FLUSH);
        byte[] tail = rawDeflate(chunk, rest, -1);
        var adler = new java.util.zip.Adler32();
        for (long i = 0; i < whole; i++) {
            adler.update(chunk);
        }
        adler.update(chunk, 0, rest);
        var out = new ByteArrayOutputStream();
        out.write(0x78);
        out.write(0xDA); // zlib header: deflate, 32 KiB window, best compression
        for (long i = 0; i < whole; i++) {
            out.writeBytes(block);
        }
        out.writeBytes(tail);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) adler.getValue()).array());
        return out.toByteArray();
    }

    /** Raw deflate of the first {@code length} bytes, ended with {@code flush}, or finished when it is -1. */
    private static byte[] rawDeflate(byte[] data, int length, int flush) {
        var deflater = new java.util.zip.Deflater(java.util.zip.Deflater.BEST_COMPRESSION, true);
        try {
            deflater.setInput(data, 0, length);
            if (flush < 0) {
                deflater.finish();
            }
            var out = new ByteArrayOutputStream();
            byte[] buf = new byte[64 * 1024];
            while (true) {
                int n = flush < 0 ? deflater.deflate(buf) : deflater.deflate(buf, 0, buf.length, flush);
                out.write(buf, 0, n);
                if (flush < 0 ? deflater.finished() : n < buf.length && deflater.needsInput()) {
                    return out.toByteArray();
                }
            }
        } finally {
            deflater.end();
        }
    }

    /** A PDF whose page dictionary carries an array nested {@code depth} levels deep. */
    public static byte[] deeplyNested(int depth) {
        var sb = new StringBuilder();
        sb.append("%PDF-1.4\n");
        var offsets = new ArrayList<Integer>();
        offsets.add(sb.length());
        sb.append("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
        offsets.add(sb.length());
        sb.append("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
        offsets.add(sb.length());
        sb.append("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Deep ");
        sb.append("[".repeat(depth)).append("]".repeat(depth));
        sb.append(" >>\nendobj\n");
        int xref = sb.length();
        sb.append("xref\n0 4\n0000000000 65535 f \n");
        for (int off : offsets) {
            sb.append(String.format("%010d 00000 n \n", off));
        }
        sb.append("trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n").append(xref).append("\n%%EOF\n");
        return sb.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
