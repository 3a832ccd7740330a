package dev.preflight.engine.convert;

import dev.preflight.engine.ConversionResult;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.InputType;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.render.Ghostscript;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataFormatImpl;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Turns convertible input into a PDF before analysis: JPEG, PNG and TIFF become one page per image (TIFF: per
 * frame) at the image's own resolution, PostScript and EPS go through Ghostscript's pdfwrite. PDFs pass unchanged.
 */
public final class InputConverter {

    /** Largest image converted, in pixels per frame: bounds the memory a decoded frame may take. */
    static final long MAX_IMAGE_PIXELS = 100_000_000L;
    /** Most TIFF frames converted. */
    static final int MAX_FRAMES = 1000;
    /** Resolution assumed when the file does not say, as PDF's default user space. */
    static final double DEFAULT_DPI = 72.0;

    private static final byte[] DOS_EPS = {(byte) 0xC5, (byte) 0xD0, (byte) 0xD3, (byte) 0xC6};

    private final Ghostscript ghostscript;
    private final Duration timeout;

    /**
     * @param timeout bound on one PostScript conversion
     */
    public InputConverter(Ghostscript ghostscript, Duration timeout) {
        this.ghostscript = ghostscript;
        this.timeout = timeout;
    }

    public InputConverter(EngineSettings settings) {
        this(new Ghostscript(settings.ghostscript()), settings.renderTimeout());
    }

    /**
     * Recognises the file by its first bytes.
     *
     * @throws UnreadablePdfException ({@code not_pdf}) when it is empty, unreadable or of no supported type
     */
    public static InputType sniff(Path input) throws UnreadablePdfException {
        byte[] head = new byte[1024];
        int n;
        try (InputStream in = Files.newInputStream(input)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The file could not be read: " + e.getMessage(), e);
        }
        if (n == 0) {
            throw new UnreadablePdfException("not_pdf", "The file is empty.");
        }
        if (startsWith(head, n, 0xFF, 0xD8, 0xFF)) {
            return InputType.JPEG;
        }
        if (startsWith(head, n, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return InputType.PNG;
        }
        if (startsWith(head, n, 'I', 'I', 42, 0) || startsWith(head, n, 'M', 'M', 0, 42)) {
            return InputType.TIFF;
        }
        if (startsWith(head, n, 0xC5, 0xD0, 0xD3, 0xC6)) {
            return InputType.EPS;
        }
        String text = new String(head, 0, n, StandardCharsets.ISO_8859_1);
        if (text.startsWith("%!")) {
            int eol = firstLineEnd(text);
            return text.substring(0, eol).contains("EPSF") ? InputType.EPS : InputType.POSTSCRIPT;
        }
        // as PDF readers do, the header may follow some junk within the first kilobyte
        if (text.contains("%PDF-")) {
            return InputType.PDF;
        }
        throw new UnreadablePdfException("not_pdf", "The file is not a PDF, and not an image or PostScript file "
                + "that could be converted (JPEG, PNG, TIFF, PostScript, EPS).");
    }

    /**
     * Returns the PDF to analyse: the input itself, or a PDF converted into {@code scratchDir}. The caller owns a
     * converted file and deletes it with the job.
     *
     * @throws UnreadablePdfException {@code not_pdf} for unknown types or unreadable images, {@code damaged} when a
     *                                conversion fails, {@code too_complex} for oversized images, {@code timeout}
     *                                when PostScript runs too long
     */
    public ConversionResult convertIfNeeded(Path input, Path scratchDir) throws UnreadablePdfException {
        InputType type = sniff(input);
        if (type == InputType.PDF) {
            return new ConversionResult(input, type, false, null);
        }
        Path out;
        try {
            Files.createDirectories(scratchDir);
            out = Files.createTempFile(scratchDir, "converted-", ".pdf");
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The file could not be converted: the scratch directory "
                    + "is not usable (" + e.getMessage() + ")", e);
        }
        boolean done = false;
        try {
            int pages = switch (type) {
                case JPEG -> jpegToPdf(input, out);
                case PNG, TIFF -> rasterToPdf(input, type, out);
                case POSTSCRIPT, EPS -> postScriptToPdf(input, type, out, scratchDir);
                case PDF -> throw new IllegalStateException("PDF needs no conversion");
            };
            done = true;
            String message = "Converted from " + type.label() + " to PDF before analysis"
                    + (pages > 1 ? " (" + pages + " pages)" : "");
            return new ConversionResult(out, type, true, message);
        } finally {
            if (!done) {
                deleteQuietly(out);
            }
        }
    }

    private static int jpegToPdf(Path input, Path out) throws UnreadablePdfException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(input);
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The JPEG file could not be read: " + e.getMessage(), e);
        }
        double[] dpi = JpegHeader.resolution(bytes);
        try (var doc = new PDDocument()) {
            PDImageXObject image;
            try {
                // keeps the DCT data as it is, CMYK included (Adobe-inverted CMYK gets a Decode array)
                image = JPEGFactory.createFromByteArray(doc, bytes);
            } catch (IOException | RuntimeException e) {
                throw new UnreadablePdfException("not_pdf", "The JPEG file could not be read: " + message(e), e);
            }
            checkSize(image.getWidth(), image.getHeight(), InputType.JPEG);
            addImagePage(doc, image, dpi[0], dpi[1]);
            doc.save(out.toFile());
            return 1;
        } catch (IOException e) {
            throw new UnreadablePdfException("damaged", "The JPEG file could not be converted: " + message(e), e);
        }
    }

    private static int rasterToPdf(Path input, InputType type, Path out) throws UnreadablePdfException {
        try (ImageInputStream in = ImageIO.createImageInputStream(input.toFile())) {
            Iterator<ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
            if (readers == null || !readers.hasNext()) {
                throw new UnreadablePdfException("not_pdf", "The " + type.label() + " file could not be read.");
            }
            ImageReader reader = readers.next();
            try (var doc = new PDDocument()) {
                reader.setInput(in, false, false);
                int frames = 0;
                for (int i = 0; i < MAX_FRAMES; i++) {
                    if (!hasFrame(reader, i)) {
                        break;
                    }
                    checkSize(reader.getWidth(i), reader.getHeight(i), type);
                    BufferedImage image = reader.read(i);
                    double[] dpi = resolution(reader.getImageMetadata(i));
                    addImagePage(doc, LosslessFactory.createFromImage(doc, image), dpi[0], dpi[1]);
                    frames++;
                }
                if (frames == 0) {
                    throw new UnreadablePdfException("not_pdf", "The " + type.label() + " file holds no image.");
                }
                doc.save(out.toFile());
                return frames;
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            throw new UnreadablePdfException("not_pdf", "The " + type.label() + " file could not be read: "
                    + message(e), e);
        }
    }

    private static boolean hasFrame(ImageReader reader, int index) throws IOException {
        try {
            reader.getWidth(index);
            return true;
        } catch (IndexOutOfBoundsException e) {
            return false;
        }
    }

    private static void checkSize(long width, long height, InputType type) throws UnreadablePdfException {
        if (width <= 0 || height <= 0) {
            throw new UnreadablePdfException("not_pdf", "The " + type.label() + " image has no pixels.");
        }
        if (width * height > MAX_IMAGE_PIXELS) {
            throw new UnreadablePdfException("too_complex", "The " + type.label() + " image is " + width + " x "
                    + height + " pixels, more than the " + MAX_IMAGE_PIXELS / 1_000_000 + " megapixels converted.");
        }
    }

    /** One page the size of the image at its resolution, the image filling it. */
    private static void addImagePage(PDDocument doc, PDImageXObject image, double dpiX, double dpiY)
            throws IOException {
        float w = (float) (image.getWidth() * 72.0 / dpiX);
        float h = (float) (image.getHeight() * 72.0 / dpiY);
        var page = new PDPage(new PDRectangle(w, h));
        doc.addPage(page);
        try (var cs = new PDPageContentStream(doc, page)) {
            cs.drawImage(image, 0, 0, w, h);
        }
    }

    /**
     * Horizontal and vertical resolution, else 72 dpi: PNG's pHYs chunk from the native tree (the JDK's standard
     * tree gets PNG's pixel size wrong), other formats from the standard tree (mm per pixel).
     */
    static double[] resolution(IIOMetadata metadata) {
        double x = DEFAULT_DPI;
        double y = DEFAULT_DPI;
        if (metadata == null) {
            return new double[] {x, y};
        }
        if ("javax_imageio_png_1.0".equals(metadata.getNativeMetadataFormatName())) {
            Node root = metadata.getAsTree("javax_imageio_png_1.0");
            for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
                if ("pHYs".equals(n.getNodeName()) && n instanceof Element e
                        && "meter".equals(e.getAttribute("unitSpecifier"))) {
                    double px = parse(e.getAttribute("pixelsPerUnitXAxis"));
                    double py = parse(e.getAttribute("pixelsPerUnitYAxis"));
                    return new double[] {px > 0 ? sane(px * 0.0254) : x, py > 0 ? sane(py * 0.0254) : y};
                }
            }
            return new double[] {x, y};
        }
        if (!metadata.isStandardMetadataFormatSupported()) {
            return new double[] {x, y};
        }
        Node root = metadata.getAsTree(IIOMetadataFormatImpl.standardMetadataFormatName);
        for (Node dim = root.getFirstChild(); dim != null; dim = dim.getNextSibling()) {
            if (!"Dimension".equals(dim.getNodeName())) {
                continue;
            }
            for (Node n = dim.getFirstChild(); n != null; n = n.getNextSibling()) {
                double mmPerPixel = n instanceof Element e ? parse(e.getAttribute("value")) : 0;
                if (mmPerPixel > 0 && "HorizontalPixelSize".equals(n.getNodeName())) {
                    x = sane(25.4 / mmPerPixel);
                } else if (mmPerPixel > 0 && "VerticalPixelSize".equals(n.getNodeName())) {
                    y = sane(25.4 / mmPerPixel);
                }
            }
        }
        return new double[] {x, y};
    }

    /** Resolutions of 1 dpi or less, or absurdly high ones, are metadata errors: fall back to the default. */
    static double sane(double dpi) {
        return dpi > 1 && dpi < 100_000 ? dpi : DEFAULT_DPI;
    }

    private static double parse(String s) {
        try {
            return s == null || s.isEmpty() ? 0 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private int postScriptToPdf(Path input, InputType type, Path out, Path scratchDir)
            throws UnreadablePdfException {
        Path source = input;
        Path extracted = null;
        try {
            if (type == InputType.EPS && isDosEps(input)) {
                extracted = extractDosEps(input, scratchDir);
                source = extracted;
            }
            var args = new ArrayList<>(List.of("-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite"));
            if (type == InputType.EPS) {
                args.add("-dEPSCrop");
            }
            args.add("-sOutputFile=" + out.toAbsolutePath().toString().replace("%", "%%"));
            args.add(source.toAbsolutePath().toString());
            ghostscript.run(args, scratchDir, timeout);
        } catch (RenderException e) {
            if (e.timedOut()) {
                throw new UnreadablePdfException("timeout", "Converting the " + type.label() + " file to PDF took "
                        + "longer than " + timeout.toSeconds() + " s and was stopped.", e);
            }
            throw new UnreadablePdfException("damaged", "The " + type.label() + " file could not be converted to "
                    + "PDF: " + e.getMessage(), e);
        } finally {
            deleteQuietly(extracted);
        }
        int pages;
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            pages = doc.getNumberOfPages();
        } catch (IOException e) {
            throw new UnreadablePdfException("damaged", "The " + type.label() + " file produced no usable PDF: "
                    + message(e), e);
        }
        if (pages == 0) {
            throw new UnreadablePdfException("damaged", "The " + type.label() + " file produced no pages.");
        }
        return pages;
    }

    private static boolean isDosEps(Path input) throws UnreadablePdfException {
        try (InputStream in = Files.newInputStream(input)) {
            byte[] head = in.readNBytes(4);
            return java.util.Arrays.equals(head, DOS_EPS);
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The file could not be read: " + e.getMessage(), e);
        }
    }

    /** Copies the PostScript section out of a DOS EPS binary (header, PostScript, then TIFF or WMF preview). */
    static Path extractDosEps(Path input, Path scratchDir) throws UnreadablePdfException {
        try (var file = java.nio.channels.FileChannel.open(input)) {
            var header = java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            while (header.hasRemaining() && file.read(header) > 0) {
                // fill the header
            }
            if (header.hasRemaining()) {
                throw new UnreadablePdfException("damaged", "The EPS file's binary header is truncated.");
            }
            long offset = Integer.toUnsignedLong(header.getInt(4));
            long length = Integer.toUnsignedLong(header.getInt(8));
            if (offset < 12 || length == 0 || offset + length > file.size()) {
                throw new UnreadablePdfException("damaged", "The EPS file's binary header points outside the file.");
            }
            Path ps = Files.createTempFile(scratchDir, "eps-", ".eps");
            try (OutputStream os = Files.newOutputStream(ps)) {
                file.transferTo(offset, length, java.nio.channels.Channels.newChannel(os));
            }
            return ps;
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The EPS file could not be read: " + e.getMessage(), e);
        }
    }

    private static boolean startsWith(byte[] head, int n, int... magic) {
        if (n < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((head[i] & 0xff) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    private static int firstLineEnd(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
        }
        return text.length();
    }

    private static String message(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover scratch file is removed with the job's directory
        }
    }
}
