package dev.preflight.engine;

import dev.preflight.engine.barcodes.BarcodeScanner;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.barcode.BarcodeChecks;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.checks.ContentView;
import dev.preflight.engine.conformance.ConformanceNotices;
import dev.preflight.engine.conformance.ConformancePlan;
import dev.preflight.engine.conformance.ConformanceValidator;
import dev.preflight.engine.convert.InputConverter;
import dev.preflight.engine.facts.ConformanceFact;
import dev.preflight.engine.facts.ConformanceFacts;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FactsCollector;
import dev.preflight.engine.facts.FactsListener;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.InkAnalyzer;
import dev.preflight.engine.render.InkOptions;
import dev.preflight.engine.render.SpotScan;
import dev.preflight.engine.view.Layers;
import dev.preflight.engine.view.PixelBudget;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.FutureTask;

/** Analyses a PDF: opens it once, collects facts, runs the profile's checks over them. */
public final class Engine {

    /** Inspection id of the finding that replaces a check that threw. */
    public static final String CHECK_FAILED = "ENGINE_CHECK_FAILED";

    /** Inspection id of the warning given when Ghostscript could not render ink; ink checks are then skipped. */
    public static final String INK_RENDER_FAILED = "INK_RENDER_FAILED";

    /** TAC limit used for the area-over-limit measures when neither the profile nor the check sets one, percent. */
    static final double DEFAULT_TAC_LIMIT = 300.0;

    private final EngineSettings settings;
    private final CheckCatalog catalog;
    private final ConformanceValidator conformance;

    public Engine(EngineSettings settings, CheckCatalog catalog, ConformanceSettings conformanceSettings) {
        this.settings = settings;
        this.catalog = catalog;
        this.conformance = new ConformanceValidator(conformanceSettings);
    }

    public Engine(EngineSettings settings, CheckCatalog catalog) {
        this(settings, catalog, ConformanceSettings.defaults());
    }

    /** An engine whose PDF/A and PDF/UA validation runs within the given bounds. */
    public Engine(EngineSettings settings, ConformanceSettings conformanceSettings) {
        this(settings, CheckCatalog.builtin(), conformanceSettings);
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
        return analyze(pdf, request, (facts, document) -> { });
    }

    /**
     * Analyses one file and hands its facts to a listener on the way (see {@link FactsListener}).
     *
     * @throws UnreadablePdfException when the file cannot be opened as a PDF at all
     */
    public AnalysisResult analyze(Path pdf, AnalysisRequest request, FactsListener listener)
            throws UnreadablePdfException {
        long size;
        try {
            size = Files.size(pdf);
        } catch (IOException e) {
            throw new UnreadablePdfException("not_pdf", "The file could not be read: " + e.getMessage(), e);
        }
        try (PDDocument doc = PdfOpener.open(pdf, settings.maxMainMemoryBytes())) {
            DocumentGeometry geometry = DocumentGeometry.of(doc);
            // PDF/A and PDF/UA validation runs in its child JVM while this thread collects the facts
            ConformancePlan plan = ConformancePlan.of(request.profile(), doc);
            FutureTask<Map<String, ConformanceFact>> validation = plan.isEmpty() ? null
                    : new FutureTask<>(() -> conformance.validate(pdf, plan.flavours()));
            if (validation != null) {
                Thread.ofVirtual().name("conformance").start(validation);
            }
            // a profile of conformance rules only needs no facts of ours but the pages its findings are placed on:
            // those are walked once the validator has named them, the rest of the document is not
            boolean conformanceOnly = validation != null && ConformancePlan.conformanceOnly(request.profile());
            Map<String, ConformanceFact> validated = null;
            DocumentFacts facts;
            try {
                if (conformanceOnly) {
                    validated = awaitValidation(validation, plan);
                    Set<Integer> placed = placedPages(validated);
                    facts = FactsCollector.collect(doc, pdf, size, List.of(), settings, placed::contains);
                } else {
                    facts = FactsCollector.collect(doc, pdf, size, RepairDetector.problems(pdf), settings);
                }
            } catch (RuntimeException | StackOverflowError e) {
                if (validation != null) {
                    validation.cancel(true);
                }
                throw new UnreadablePdfException("damaged",
                        "The PDF's structure could not be read: " + PdfOpener.describe(e), e);
            }
            listener.collected(facts, doc);
            var findings = new ArrayList<Finding>();
            List<String> separations = List.of();
            if (request.renderInk() && needsInk(request.profile())) {
                var analyzer = new InkAnalyzer();
                try {
                    Map<Integer, InkFacts> ink = analyzer.analyze(pdf, geometry.pages(), SpotScan.scan(doc, pdf),
                            inkOptions(request.profile()));
                    facts = facts.withInk(ink);
                    separations = analyzer.separations();
                } catch (RenderException e) {
                    findings.add(inkRenderFailed(e));
                }
            }
            if (needsBarcodes(request.profile())) {
                // one render per page serves every barcode check of the profile
                facts = facts.withBarcodes(new BarcodeScanner(settings.maxMainMemoryBytes(),
                        PixelBudget.defaults()).scan(pdf));
            }
            Profile profile = request.profile();
            if (validation != null) {
                var results = new ConformanceFacts(plan.declared(),
                        validated != null ? validated : awaitValidation(validation, plan));
                facts = facts.withConformance(results);
                findings.addAll(ConformanceNotices.of(results));
                profile = plan.profile();
            }
            findings.addAll(runChecks(facts, profile));
            return new AnalysisResult(geometry.pageCount(), geometry.pdfVersion(), geometry.pages(), findings,
                    !facts.ink().isEmpty(), separations, Layers.of(facts.optionalContent()));
        } catch (IOException e) {
            throw new UnreadablePdfException("damaged", "The PDF could not be closed cleanly: " + e.getMessage(), e);
        }
    }

    /** The pages on which a failed rule names an object, where its finding may be placed (bbox). */
    public static Set<Integer> placedPages(Map<String, ConformanceFact> results) {
        var pages = new java.util.HashSet<Integer>();
        for (ConformanceFact fact : results.values()) {
            if (fact.status() != ConformanceFact.Status.COMPLETED) {
                continue;
            }
            fact.failures().values().forEach(f -> f.locations().forEach(l -> {
                if (l.page() > 0 && l.objectId() != null) {
                    pages.add(l.page());
                }
            }));
        }
        return pages;
    }

    /** The validation's results; an interrupted wait stops it and says so for each flavour. */
    private static Map<String, ConformanceFact> awaitValidation(FutureTask<Map<String, ConformanceFact>> validation,
                                                                ConformancePlan plan) {
        try {
            return validation.get();
        } catch (InterruptedException e) {
            validation.cancel(true);
            Thread.currentThread().interrupt();
            return failed(plan, "validation was interrupted");
        } catch (java.util.concurrent.ExecutionException e) {
            return failed(plan, "the validator could not run: " + PdfOpener.describe(e.getCause()));
        }
    }

    private static Map<String, ConformanceFact> failed(ConformancePlan plan, String note) {
        var out = new java.util.LinkedHashMap<String, ConformanceFact>();
        plan.flavours().forEach(f -> out.put(f, new ConformanceFact(f, ConformanceFact.Status.FAILED, note,
                Map.of(), 0)));
        return out;
    }

    /**
     * What kind of input a file is by its first bytes.
     *
     * @throws UnreadablePdfException ({@code not_pdf}) when it is empty, unreadable or of no supported type
     */
    public static InputType inputType(Path file) throws UnreadablePdfException {
        return InputConverter.sniff(file);
    }

    /**
     * Turns convertible input (JPEG, PNG, TIFF, PostScript, EPS) into a PDF in {@code scratchDir} before analysis;
     * a PDF passes unchanged. PostScript goes through the settings' Ghostscript, bounded by their render timeout.
     *
     * @throws UnreadablePdfException when the input is of no supported type or cannot be converted
     */
    public ConversionResult convertIfNeeded(Path input, Path scratchDir) throws UnreadablePdfException {
        return new InputConverter(settings).convertIfNeeded(input, scratchDir);
    }

    /**
     * The version of the Ghostscript the engine renders with (ink, separations, PostScript input), e.g.
     * {@code 10.00.0}.
     *
     * @param executable a path, or a bare name looked up on the PATH
     * @throws RenderException when it cannot be run
     */
    public static String rendererVersion(String executable) throws RenderException {
        return new Ghostscript(executable).version();
    }

    /** True when any check of the profile reads rendered ink. */
    boolean needsInk(Profile profile) {
        for (ProfileCheck pc : profile.checks()) {
            Check check = catalog.check(pc.checkId());
            if (check != null && check.info().needsInk()) {
                return true;
            }
        }
        return false;
    }

    /** True when any check of the profile reads the barcode scan (pages rendered and decoded). */
    boolean needsBarcodes(Profile profile) {
        for (ProfileCheck pc : profile.checks()) {
            Check check = catalog.check(pc.checkId());
            if (check != null && BarcodeChecks.isBarcodeCheck(check)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Ink options from the settings, with the profile's TAC limits ({@code max_percent} of INK_TAC_ALL and
     * INK_TAC_CMYK, else the check's default, else 300 %) and averaging window ({@code window_mm} of either, else
     * 15 mm), so that what the render measures is what the checks ask about.
     */
    InkOptions inkOptions(Profile profile) {
        double window = InkOptions.GWG_WINDOW_MM;
        for (String id : new String[] {"INK_TAC_ALL", "INK_TAC_CMYK"}) {
            Double w = param(profile, id, "window_mm");
            if (w != null) {
                window = w;
                break;
            }
        }
        InkOptions base = InkOptions.of(settings).withLimits(tacLimit(profile, "INK_TAC_ALL"),
                tacLimit(profile, "INK_TAC_CMYK"));
        return new InkOptions(base.dpi(), window, base.tacLimitAll(), base.tacLimitCmyk(), base.ghostscript(),
                base.timeout(), base.scratchDir(), base.firstPage(), base.lastPage());
    }

    private double tacLimit(Profile profile, String checkId) {
        Double limit = param(profile, checkId, "max_percent");
        return limit == null ? DEFAULT_TAC_LIMIT : limit;
    }

    /** A positive number a profile sets for a check, else the check's default, else null. */
    private Double param(Profile profile, String checkId, String name) {
        ProfileCheck pc = profile.check(checkId);
        if (pc != null && pc.params().get(name) instanceof Number n && n.doubleValue() > 0) {
            return n.doubleValue();
        }
        CheckInfo info = catalog.info(checkId);
        ParamSpec spec = info == null ? null : info.parameter(name);
        if (spec != null && spec.defaultValue() instanceof Number n && n.doubleValue() > 0) {
            return n.doubleValue();
        }
        return null;
    }

    private static Finding inkRenderFailed(RenderException e) {
        var details = new java.util.LinkedHashMap<String, Object>();
        details.put("reason", e.getMessage());
        details.put("timed_out", e.timedOut());
        return new Finding(INK_RENDER_FAILED, Severity.WARNING,
                "Ink coverage and TAC could not be measured, so ink checks were skipped: " + e.getMessage(), 0,
                null, null, "document", "ink", null, details, Finding.SOURCE_ENGINE);
    }

    /** Runs the profile's checks over facts. A check that throws becomes a finding of its own. */
    public List<Finding> runChecks(DocumentFacts facts, Profile profile) {
        var out = new ArrayList<Finding>();
        // one content view per analysis, built by the first content check that asks and shared by the rest
        ContentView content = null;
        for (ProfileCheck pc : profile.checks()) {
            Check check = catalog.check(pc.checkId());
            if (check == null) {
                continue;
            }
            if (check.info().needsInk() && facts.ink().isEmpty()) {
                continue;
            }
            var ctx = new CheckContext(check.info(), pc, settings.maxLocationsPerCheck(), content);
            try {
                check.run(facts, ctx);
                content = ctx.sharedContent();
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
