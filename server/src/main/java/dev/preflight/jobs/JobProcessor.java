package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import dev.preflight.analysis.AnalysisService;
import dev.preflight.analysis.AnalysisTimeoutException;
import dev.preflight.analysis.PreparedInput;
import dev.preflight.engine.AnalysisResult;
import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.Finding;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.imports.ImportResult;
import dev.preflight.engine.imports.InvalidReportException;
import dev.preflight.imports.ImportService;
import dev.preflight.platform.BlobStore;
import dev.preflight.platform.Json;
import dev.preflight.platform.PlatformProperties;
import dev.preflight.platform.Times;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Processes one job: prepares the input, runs the engine or the importer, stores the outcome. Never throws for
 * bad input: every failure becomes a failed job with a readable error. */
@Component
class JobProcessor {

    private static final Logger log = LoggerFactory.getLogger(JobProcessor.class);

    private final JobRepository jobs;
    private final BlobStore blobs;
    private final AnalysisService analysis;
    private final ImportService imports;
    private final JobProperties properties;
    private final PlatformProperties platform;
    private final JobSignals signals;
    private final ApplicationEventPublisher events;
    private final SchedulerClient scheduler;

    JobProcessor(JobRepository jobs, BlobStore blobs, AnalysisService analysis, ImportService imports,
                 JobProperties properties, PlatformProperties platform, JobSignals signals,
                 ApplicationEventPublisher events, @org.springframework.context.annotation.Lazy SchedulerClient scheduler) {
        this.jobs = jobs;
        this.blobs = blobs;
        this.analysis = analysis;
        this.imports = imports;
        this.properties = properties;
        this.platform = platform;
        this.signals = signals;
        this.events = events;
        this.scheduler = scheduler;
    }

    void process(String tenantId, String jobId) {
        int attempt = jobs.startAttempt(tenantId, jobId, Times.now());
        if (attempt == 0) {
            return; // deleted, or already finished by an earlier execution
        }
        Job job = jobs.find(tenantId, jobId).orElse(null);
        if (job == null) {
            return;
        }
        if (attempt > properties.maxAttempts()) {
            finishFailed(job, "Processing was interrupted " + (attempt - 1)
                    + " times (the worker stopped or was restarted mid-job); giving up.");
            return;
        }
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory(ensure(platform.scratchDir()), "job-" + jobId + "-");
            Path input = blobs.localFile(job.inputKey());
            JobRepository.Outcome outcome = switch (job.preflightSource()) {
                case "minimal" -> minimal(job, input, scratch);
                case "external" -> external(job, input, scratch);
                default -> engine(job, input, scratch);
            };
            if (jobs.complete(tenantId, jobId, outcome, Times.now())) {
                events.publishEvent(new JobCompleted(tenantId, jobId));
            }
        } catch (UnreadablePdfException e) {
            finishFailed(job, e.getMessage());
        } catch (InvalidReportException e) {
            finishFailed(job, "The external report could not be imported: " + e.getMessage());
        } catch (AnalysisTimeoutException e) {
            finishFailed(job, e.getMessage());
        } catch (java.io.FileNotFoundException | java.nio.file.NoSuchFileException e) {
            log.info("job {} vanished while processing (deleted?)", jobId);
        } catch (OutOfMemoryError e) {
            finishFailed(job, "The analysis ran out of memory; the file is too complex for this server's memory bound.");
        } catch (Exception | StackOverflowError e) {
            log.warn("job {} failed unexpectedly", jobId, e);
            finishFailed(job, "Processing failed: " + describe(e));
        } finally {
            deleteQuietly(scratch);
            signals.finished(jobId);
        }
    }

    private JobRepository.Outcome minimal(Job job, Path input, Path scratch) throws Exception {
        PreparedInput prepared = analysis.prepare(input, scratch);
        DocumentGeometry g = analysis.geometry(prepared.pdf());
        return new JobRepository.Outcome(prepared.inputType(), g.pageCount(), g.pdfVersion(), pagesJson(g.pages()),
                prepared.findings(), null, null, null, null);
    }

    private JobRepository.Outcome engine(Job job, Path input, Path scratch) throws Exception {
        PreparedInput prepared = analysis.prepare(input, scratch);
        var profile = analysis.profile(job.tenantId(), job.profileId());
        AnalysisResult result = analysis.analyze(prepared.pdf(), profile, scratch);
        var findings = new ArrayList<Finding>(prepared.findings());
        findings.addAll(result.findings());
        Map<String, Object> epm = analysis.epmVerdict(job.id(), profile, findings);
        byte[] jdf = jdf(job);
        return new JobRepository.Outcome(prepared.inputType(), result.pageCount(), result.pdfVersion(),
                pagesJson(result.pages()), withJdf(jdf, findings, result.pageCount(), result.pages()), null,
                Json.write(analysis.capabilities(result)), jdfContextJson(jdf), Json.write(epm));
    }

    private JobRepository.Outcome external(Job job, Path input, Path scratch) throws Exception {
        PreparedInput prepared = analysis.prepare(input, scratch);
        DocumentGeometry g = analysis.geometry(prepared.pdf());
        byte[] report;
        try (InputStream in = blobs.open(job.reportKey())) {
            report = in.readAllBytes();
        }
        ImportResult imported = imports.importReport(job.tenantId(), job.externalFormat(), job.mappingId(), report);
        var findings = new ArrayList<Finding>(prepared.findings());
        findings.addAll(imported.findings());
        byte[] jdf = jdf(job);
        return new JobRepository.Outcome(prepared.inputType(), g.pageCount(), g.pdfVersion(), pagesJson(g.pages()),
                withJdf(jdf, findings, g.pageCount(), g.pages()), Json.write(imported.sourceInfo()),
                Json.write(imported.capabilities()), jdfContextJson(jdf), null);
    }

    /** The job's JDF/XJDF sidecar, or null when none was supplied. */
    private byte[] jdf(Job job) throws IOException {
        if (!blobs.exists(job.jdfKey())) {
            return null;
        }
        try (InputStream in = blobs.open(job.jdfKey())) {
            return in.readAllBytes();
        }
    }

    /** With a JDF sidecar: findings for the ticket's contradictions with the PDF are added. */
    private List<Finding> withJdf(byte[] jdf, List<Finding> findings, int pageCount, List<PageGeometry> pages)
            throws InvalidReportException {
        if (jdf == null) {
            return findings;
        }
        var out = new ArrayList<>(findings);
        out.addAll(imports.jdfContradictions(jdf, pageCount, pages));
        return out;
    }

    /** The ticket context every finding of the job is shown with. */
    private String jdfContextJson(byte[] jdf) throws InvalidReportException {
        return jdf == null ? null : Json.write(imports.jdfContext(jdf));
    }

    private void finishFailed(Job job, String error) {
        if (jobs.fail(job.tenantId(), job.id(), error, Times.now())) {
            events.publishEvent(new JobFailed(job.tenantId(), job.id(), error));
        }
    }

    /** Fails queued jobs that no scheduled execution will ever pick up again. */
    void sweepStale() {
        Instant cutoff = Instant.now().minus(Duration.ofSeconds((long) properties.analysisTimeoutSeconds()
                * (properties.maxAttempts() + 1L)));
        for (Job job : jobs.queuedBefore(cutoff)) {
            var pending = scheduler.getScheduledExecution(JobProcessingTask.TASK.instanceId(job.id()));
            if (pending.isEmpty()) {
                finishFailed(job, "Processing never completed and no worker holds the job any more.");
                signals.finished(job.id());
            }
        }
    }

    static String pagesJson(List<PageGeometry> pages) {
        var list = new ArrayList<Map<String, Object>>();
        for (PageGeometry p : pages) {
            var m = new LinkedHashMap<String, Object>();
            m.put("page_num", p.pageNum());
            m.put("width_pts", p.widthPts());
            m.put("height_pts", p.heightPts());
            m.put("media_box", box(p.mediaBox()));
            m.put("crop_box", box(p.cropBox()));
            m.put("trim_box", box(p.trimBox()));
            m.put("bleed_box", box(p.bleedBox()));
            m.put("art_box", box(p.artBox()));
            m.put("rotation", p.rotation());
            m.put("user_unit", p.userUnit());
            list.add(m);
        }
        return Json.write(list);
    }

    private static Map<String, Object> box(dev.preflight.engine.Box b) {
        if (b == null) {
            return null;
        }
        return Map.of("x0", b.x0(), "y0", b.y0(), "x1", b.x1(), "y1", b.y1());
    }

    private static Path ensure(Path dir) throws IOException {
        Files.createDirectories(dir);
        return dir;
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // scratch space; the OS temp cleaner gets the rest
                }
            });
        } catch (IOException ignored) {
            // nothing to clean
        }
    }

    private static String describe(Throwable e) {
        if (e instanceof StackOverflowError) {
            return "the document's structure is nested too deeply";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
