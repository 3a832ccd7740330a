package dev.preflight.engine;

import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FactsCollector;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Analyses a PDF: opens it once, collects facts, runs the profile's checks over them. */
public final class Engine {

    /** Inspection id of the finding that replaces a check that threw. */
    public static final String CHECK_FAILED = "ENGINE_CHECK_FAILED";

    private final EngineSettings settings;
    private final CheckCatalog catalog;

    public Engine(EngineSettings settings, CheckCatalog catalog) {
        this.settings = settings;
        this.catalog = catalog;
    }

    public Engine(EngineSettings settings) {
        this(settings, CheckCatalog.builtin());
    }

    public EngineSettings settings() {
        return settings;
    }

    public CheckCatalog catalog() {
        return catalog;
    }

    /**
     * Analyses one file.
     *
     * @throws UnreadablePdfException when the file cannot be opened as a PDF at all
     */
    public AnalysisResult analyze(Path pdf, AnalysisRequest request) throws UnreadablePdfException {
        long size;
        try {
            size = Files.size(pdf);
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The file could not be read: " + e.getMessage(), e);
        }
        try (PDDocument doc = PdfOpener.open(pdf, settings.maxMainMemoryBytes())) {
            DocumentGeometry geometry = DocumentGeometry.of(doc);
            DocumentFacts facts;
            try {
                facts = FactsCollector.collect(doc, size, RepairDetector.problems(pdf), settings);
            } catch (RuntimeException | StackOverflowError e) {
                throw new UnreadablePdfException("damaged",
                        "The PDF's structure could not be read: " + PdfOpener.describe(e), e);
            }
            List<Finding> findings = runChecks(facts, request.profile());
            return new AnalysisResult(geometry.pageCount(), geometry.pdfVersion(), geometry.pages(), findings,
                    !facts.ink().isEmpty(), List.of());
        } catch (IOException e) {
            throw new UnreadablePdfException("damaged", "The PDF could not be closed cleanly: " + e.getMessage(), e);
        }
    }

    /** Runs the profile's checks over facts. A check that throws becomes a finding of its own. */
    public List<Finding> runChecks(DocumentFacts facts, Profile profile) {
        var out = new ArrayList<Finding>();
        for (ProfileCheck pc : profile.checks()) {
            Check check = catalog.check(pc.checkId());
            if (check == null) {
                continue;
            }
            if (check.info().needsInk() && facts.ink().isEmpty()) {
                continue;
            }
            var ctx = new CheckContext(check.info(), pc, settings.maxLocationsPerCheck());
            try {
                check.run(facts, ctx);
                out.addAll(ctx.findings());
            } catch (RuntimeException | StackOverflowError e) {
                out.add(new Finding(CHECK_FAILED, Severity.WARNING,
                        "Check " + check.info().id() + " could not complete: " + PdfOpener.describe(e), 0, null,
                        null, "document", "structure", null,
                        Map.of("check", check.info().id(), "exception", e.getClass().getSimpleName()),
                        Finding.SOURCE_ENGINE));
            }
        }
        return out;
    }
}
