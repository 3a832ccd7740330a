package dev.preflight.analysis;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.AnalysisResult;
import dev.preflight.engine.CheckCatalog;
import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineNotices;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.Severity;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.convert.ConversionResult;
import dev.preflight.engine.convert.InputConverter;
import dev.preflight.engine.epm.EpmVerdict;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.platform.NotFoundException;
import org.springframework.stereotype.Service;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
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

    public Profile profile(String tenantId, String profileId) {
        return profiles.find(tenantId, profileId)
                .orElseThrow(() -> new NotFoundException("Profile '" + profileId + "' not found."));
    }

    /** Converts images and PostScript to PDF; a PDF passes through unchanged. */
    public PreparedInput prepare(Path input, Path scratch) throws UnreadablePdfException, AnalysisTimeoutException {
        ConversionResult r = bounded(() -> new InputConverter(engineSettings(scratch)).convertIfNeeded(input, scratch));
        String type = r.type().name().toLowerCase(java.util.Locale.ROOT);
        if (!r.converted()) {
            return new PreparedInput(r.pdf(), type, List.of());
        }
        var f = new Finding(EngineNotices.INPUT_CONVERTED, Severity.INFO, r.message(), 0, null, null, "document", "structure",
                null, Map.of("input_type", type), Finding.SOURCE_ENGINE);
        return new PreparedInput(r.pdf(), type, List.of(f));
    }

    public DocumentGeometry geometry(Path pdf) throws UnreadablePdfException, AnalysisTimeoutException {
        return bounded(() -> DocumentGeometry.read(pdf, maxMemory()));
    }

    /** Runs the profile's checks (rendering ink when a check needs it). */
    public AnalysisResult analyze(Path pdf, Profile profile, Path scratch)
            throws UnreadablePdfException, AnalysisTimeoutException {
        var engine = new Engine(engineSettings(scratch));
        return bounded(() -> engine.analyze(pdf, new AnalysisRequest(profile, true)));
    }

    /** The EPM verdict when the profile runs EPM checks, else null ("null until computed"). */
    public Map<String, Object> epmVerdict(String jobId, Profile profile, List<Finding> findings) {
        boolean runsEpm = profile.checks().stream().anyMatch(c -> c.checkId().startsWith("SVC_EPM_"));
        if (!runsEpm) {
            return null;
        }
        return EpmViews.verdict(jobId, EpmVerdict.from(findings));
    }

    /** Capabilities an engine analysis filled (viewer config reads them later). */
    public Map<String, Boolean> capabilities(AnalysisResult result) {
        var caps = new LinkedHashMap<String, Boolean>();
        caps.put("findings", true);
        caps.put("separations", result.inkRendered());
        caps.put("tac", result.inkRendered());
        caps.put("fonts", true);
        caps.put("images", true);
        caps.put("layers", true);
        return caps;
    }

    /** The Ghostscript version, for readiness; throws with the reason when Ghostscript cannot run. */
    public String rendererVersion() throws Exception {
        return new Ghostscript(properties.ghostscript()).version();
    }

    public CheckCatalog catalog() {
        return CheckCatalog.builtin();
    }

    EngineSettings engineSettings(Path scratch) {
        var d = EngineSettings.defaults();
        return new EngineSettings(properties.maxLocationsPerCheck(), maxMemory(), d.maxElementsPerPage(),
                properties.inkDpi(), properties.ghostscript(), timeout, scratch);
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
