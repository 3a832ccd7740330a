package dev.preflight.engine.facts;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RepairDetector;
import dev.preflight.engine.UnreadablePdfException;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/** Runs the collector over generated PDF bytes the way the engine does (file, safe opener, repair detector). */
final class FactsFixture {

    private FactsFixture() {
    }

    static DocumentFacts facts(byte[] pdf) {
        return facts(pdf, EngineSettings.defaults());
    }

    static DocumentFacts facts(byte[] pdf, EngineSettings settings) {
        try {
            Path f = Files.createTempFile("facts", ".pdf");
            try {
                Files.write(f, pdf);
                try (PDDocument doc = PdfOpener.open(f, 64L << 20)) {
                    return FactsCollector.collect(doc, pdf.length, RepairDetector.problems(f), settings);
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

    static List<PaintedElement> elements(DocumentFacts f, int page) {
        return f.pages().get(page - 1).elements();
    }

    static PaintedElement only(DocumentFacts f, Predicate<PaintedElement> p) {
        var list = f.pages().stream().flatMap(pg -> pg.elements().stream()).filter(p).toList();
        if (list.size() != 1) {
            throw new AssertionError("expected exactly one matching element, found " + list.size() + ": " + list);
        }
        return list.get(0);
    }
}
