package dev.preflight.engine;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens PDFs defensively: sniffs the header, bounds memory, and turns every failure into a readable reason. */
public final class PdfOpener {

    private PdfOpener() {
    }

    /**
     * Opens a PDF with main memory bounded to {@code maxMainMemoryBytes}; the rest spills to temporary files.
     *
     * @throws UnreadablePdfException when the file is not a PDF, needs a password or cannot be parsed at all
     */
    public static PDDocument open(Path file, long maxMainMemoryBytes) throws UnreadablePdfException {
        requirePdfHeader(file);
        try {
            return Loader.loadPDF(new RandomAccessReadBufferedFile(file.toFile()), "", null, null,
                    MemoryUsageSetting.setupMixed(maxMainMemoryBytes).streamCache);
        } catch (InvalidPasswordException e) {
            throw new UnreadablePdfException("password_required",
                    "The PDF is encrypted and needs a password to open; it cannot be analysed.", e);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw new UnreadablePdfException("damaged",
                    "The PDF is damaged beyond repair: " + describe(e), e);
        }
    }

    /** Checks for "%PDF-" in the first 1024 bytes, as readers do. */
    public static void requirePdfHeader(Path file) throws UnreadablePdfException {
        byte[] head = new byte[1024];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The file could not be read: " + e.getMessage(), e);
        }
        if (n == 0) {
            throw new UnreadablePdfException("not_pdf", "The file is empty.");
        }
        String s = new String(head, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
        if (!s.contains("%PDF-")) {
            throw new UnreadablePdfException("not_pdf", "The file is not a PDF (no %PDF- header).");
        }
    }

    static String describe(Throwable e) {
        if (e instanceof StackOverflowError) {
            return "the object structure is nested too deeply";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
