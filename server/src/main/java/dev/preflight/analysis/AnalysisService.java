package dev.preflight.analysis;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.AnalysisResult;
import dev.preflight.engine.ConformanceSettings;
import dev.preflight.engine.ConversionResult;
import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineNotices;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.Profile;
import dev.preflight.engine.Severity;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.view.Layer;
import dev.preflight.engine.view.Layers;
import dev.preflight.platform.NotFoundException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.springframework.stereotype.Service;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Runs the engine for jobs, each run bounded in time (the job fails past it) and in PDFBox memory. */
@Service
public class AnalysisService {

    private final ProfileService profiles;
    private final AnalysisProperties properties;
    private final Duration timeout;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "analysis");
        t.setDaemon(true);
        return t;
    });

    AnalysisService(ProfileService profiles, AnalysisProperties properties,
                    @org.springframework.beans.factory.annotation.Value("${preflight.jobs.analysis-timeout-seconds:600}")
                    int timeoutSeconds) {
        this.profiles = profiles;
        this.properties = properties;
        this.timeout = Duration.ofSeconds(timeoutSeconds);
    }

    /** Throws 404 unless the profile is built in or owned by the tenant. */
    public void requireProfile(String tenantId, String profileId) {
        profile(tenantId, profileId);
    }

    /** True for a built-in profile id (a small fixed set, unlike tenants' own profiles). */
    public boolean builtinProfile(String profileId) {
        return profiles.builtin(profileId).isPresent();
    }

    Profile profile(String tenantId, String profileId) {
        return profiles.find(tenantId, profileId)
                .orElseThrow(() -> new NotFoundException("Profile '" + profileId + "' not found."));
    }

    /**
     * What kind of input the file is by its first bytes (pdf, jpeg, png, tiff, postscript, eps), or empty when it
     * is empty or of no kind the service accepts.
     */
    public java.util.Optional<String> inputType(Path file) {
        try {
            return java.util.Optional.of(Engine.inputType(file).name().toLowerCase(java.util.Locale.ROOT));
        } catch (UnreadablePdfException e) {
            return java.util.Optional.empty();
        }
    }

    /** Converts images and PostScript to PDF; a PDF passes through unchanged. */
    PreparedInput prepare(Path input, Path scratch) throws UnreadablePdfException, AnalysisTimeoutException {
        ConversionResult r = bounded(() -> new Engine(engineSettings(scratch)).convertIfNeeded(input, scratch));
        String type = r.type().name().toLowerCase(java.util.Locale.ROOT);
        if (!r.converted()) {
            return new PreparedInput(r.pdf(), type, false, List.of());
        }
        var f = new Finding(EngineNotices.INPUT_CONVERTED, Severity.INFO, r.message(), 0, null, null, "document", "structure",
                null, Map.of("input_type", type), Finding.SOURCE_ENGINE);
        return new PreparedInput(r.pdf(), type, true, List.of(f));
    }

    /** The page geometry and the layers, from one opening of the file (layers read /OCProperties only). */
    Outline outline(Path pdf) throws UnreadablePdfException, AnalysisTimeoutException {
        return bounded(() -> {
            try (PDDocument doc = PdfOpener.open(pdf, maxMemory())) {
                return new Outline(DocumentGeometry.of(doc), layers(Layers.read(doc)));
            } catch (java.io.IOException e) {
                throw new UnreadablePdfException("damaged", "The PDF could not be closed cleanly: " + e.getMessage(), e);
            }
        });
    }

    /** A document's geometry and layers. */
    record Outline(DocumentGeometry geometry, List<OptionalContentGroup> layers) {
    }

    /** An analysis with the layers its facts pass read. */
    record Analysed(AnalysisResult result, List<OptionalContentGroup> layers) {
    }

    /** Runs the profile's checks (rendering ink when a check needs it) and keeps the layers from its facts. */
    Analysed analyze(Path pdf, Profile profile, Path scratch)
            throws UnreadablePdfException, AnalysisTimeoutException {
        var engine = new Engine(engineSettings(scratch), conformanceSettings(scratch));
        return bounded(() -> {
            AnalysisResult result = engine.analyze(pdf, new AnalysisRequest(profile, true));
            return new Analysed(result, layers(result.layers()));
        });
    }

    private static List<OptionalContentGroup> layers(List<Layer> layers) {
        return layers.stream().map(OptionalContentGroup::of).toList();
    }

    /** The EPM verdict when the profile runs EPM checks, else null ("null until computed"). */
    EpmVerdict epmVerdict(String jobId, Profile profile, List<Finding> findings) {
        boolean runsEpm = profile.checks().stream().anyMatch(c -> c.checkId().startsWith("SVC_EPM_"));
        if (!runsEpm) {
            return null;
        }
        return EpmVerdict.of(jobId, dev.preflight.engine.EpmVerdict.from(findings));
    }

    /** The Ghostscript version, for readiness; throws with the reason when Ghostscript cannot run. */
    public String rendererVersion() throws Exception {
        return Engine.rendererVersion(properties.ghostscript());
    }

    EngineSettings engineSettings(Path scratch) {
        var d = EngineSettings.defaults();
        return new EngineSettings(properties.maxLocationsPerCheck(), maxMemory(), d.maxElementsPerPage(),
                properties.inkDpi(), properties.ghostscript(), timeout, scratch);
    }

    /**
     * PDF/A and PDF/UA validation bounds: the configured time, but never more than three quarters of the job's, so
     * that a validation that overruns ends as a note on the conformance part rather than as a failed job.
     */
    ConformanceSettings conformanceSettings(Path scratch) {
        long seconds = Math.max(1, Math.min(properties.conformanceTimeoutSeconds(), timeout.toSeconds() * 3 / 4));
        var d = ConformanceSettings.defaults();
        return new ConformanceSettings(Duration.ofSeconds(seconds), properties.conformanceHeapMb(),
                d.maxLocations(), scratch, d.idleChildren());
    }

    private long maxMemory() {
        return properties.maxMainMemoryMb() * 1024L * 1024L;
    }

    /**
     * Runs a step of the analysis on its own thread and waits at most the time bound. A step that overruns is
     * interrupted and abandoned (PDFBox does not always notice interrupts; the thread is a daemon and ends with its
     * work) and the job fails with a readable reason.
     */
    private <T> T bounded(Callable<T> body) throws UnreadablePdfException, AnalysisTimeoutException {
        Future<T> f = executor.submit(body);
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new AnalysisTimeoutException("The analysis exceeded its time bound of " + timeout.toSeconds()
                    + " s and was stopped.");
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new AnalysisTimeoutException("The analysis was interrupted.");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof UnreadablePdfException u) {
                throw u;
            }
            if (c instanceof OutOfMemoryError oom) {
                throw oom;
            }
            if (c instanceof StackOverflowError) {
                throw new UnreadablePdfException("damaged", "The document's structure is nested too deeply to analyse.", c);
            }
            if (c instanceof RuntimeException r) {
                throw new UnreadablePdfException("damaged", "The document could not be analysed: "
                        + (r.getMessage() == null ? r.getClass().getSimpleName() : r.getMessage()), r);
            }
            throw new UnreadablePdfException("damaged", "The document could not be analysed: " + c, c);
        }
    }
}
