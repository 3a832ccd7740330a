package dev.preflight.engine.fixups;

import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.UnreadablePdfException;
import org.apache.pdfbox.pdfwriter.compress.CompressParameters;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.nio.file.Path;

/** Opens a PDF for an object edit and saves the edited copy, turning every failure into a readable reason. */
final class PdfEdit {

    /** The edit itself, given the open document; returns what it changed. */
    @FunctionalInterface
    interface Edit {
        AppliedFixup edit(PDDocument doc) throws IOException, FixupException;
    }

    private PdfEdit() {
    }

    static AppliedFixup run(String fixupId, Path in, Path out, FixupSettings settings, Edit edit)
            throws FixupException {
        try (PDDocument doc = open(fixupId, in, settings)) {
            AppliedFixup applied = edit.edit(doc);
            save(doc, out);
            return applied;
        } catch (IOException | RuntimeException e) {
            throw new FixupException(fixupId, "The file could not be changed: " + message(e), e);
        }
    }

    /**
     * Saves without object streams when the file's version predates them (PDF 1.5): PDFBox's default compression
     * would otherwise raise the header to 1.5, and PDF/X-1a and X-3 files must stay at 1.3 or 1.4.
     */
    static void save(PDDocument doc, Path out) throws IOException {
        if (doc.getVersion() < 1.5f) {
            doc.save(out.toFile(), CompressParameters.NO_COMPRESSION);
        } else {
            doc.save(out.toFile());
        }
    }

    static PDDocument open(String fixupId, Path in, FixupSettings settings) throws FixupException {
        PDDocument doc;
        try {
            doc = PdfOpener.open(in, settings.maxMainMemoryBytes());
        } catch (UnreadablePdfException e) {
            throw new FixupException(fixupId, e.getMessage(), e);
        }
        if (doc.isEncrypted()) {
            try {
                doc.close();
            } catch (IOException ignored) {
                // nothing more to free
            }
            throw new FixupException(fixupId, "The PDF is encrypted; fixing it would need its owner password and "
                    + "would drop or rewrite its security, so it is left as it is.");
        }
        return doc;
    }

    private static String message(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
