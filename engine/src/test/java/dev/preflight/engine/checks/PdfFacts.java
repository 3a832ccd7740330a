package dev.preflight.engine.checks;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RepairDetector;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FactsCollector;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Facts of a PDF generated with {@link Pdfs}, read by the real collector the way the engine reads a file, and one
 * check run over them with profile parameters.
 */
public final class PdfFacts {

    private PdfFacts() {
    }

    /** The facts of the document a page belongs to. */
    public static DocumentFacts of(Pdfs.Page page) {
        return of(page.done().bytes());
    }

    public static DocumentFacts of(byte[] pdf) {
        try {
            Path f = Files.createTempFile("pdf-facts", ".pdf");
            try {
                Files.write(f, pdf);
                try (PDDocument doc = PdfOpener.open(f, 64L << 20)) {
                    return FactsCollector.collect(doc, f, pdf.length, RepairDetector.problems(f),
                            EngineSettings.defaults());
                }
            } finally {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (UnreadablePdfException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The check's findings (skip notes left out) on the page's document, with parameters as key/value pairs. */
    public static List<Finding> run(Check check, Pdfs.Page page, Object... params) {
        return ContentFacts.run(check, of(page), ContentFacts.params(params));
    }

    /** The check's findings and its skipped-object notes (GWG I00006). */
    public static List<Finding> runWithNotes(Check check, Pdfs.Page page, Map<String, Object> params) {
        return ContentFacts.runWithNotes(check, of(page), params, null);
    }
}
