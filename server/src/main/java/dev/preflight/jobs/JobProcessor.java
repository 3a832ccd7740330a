package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import dev.preflight.analysis.BrandSpecTargets;
import dev.preflight.analysis.PreflightFailedException;
import dev.preflight.analysis.PreflightOutcome;
import dev.preflight.analysis.PreflightPipeline;
import dev.preflight.analysis.PreflightRequest;
import dev.preflight.findings.Finding;
import dev.preflight.jobs.JobAttemptRepository.Outcome;
import dev.preflight.platform.BlobStore;
import dev.preflight.platform.NodeIdentity;
import dev.preflight.platform.PlatformProperties;
import dev.preflight.platform.Times;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Processes one job: hands the stored upload to the preflight pipeline and stores what it produced. Never throws
 * for bad input: every failure becomes a failed job with a readable error. The outcome and its event are written in
 * one transaction, and only while the job is still queued, so a revived execution never stores a job twice.
 */
@Component
class JobProcessor {

    private static final Logger log = LoggerFactory.getLogger(JobProcessor.class);

    private final JobRepository jobs;
    private final BlobStore blobs;
    private final PreflightPipeline pipeline;
    private final JobProperties properties;
    private final PlatformProperties platform;
    private final JobSignals signals;
    private final ApplicationEventPublisher events;
    private final SchedulerClient scheduler;
    private final TransactionTemplate transaction;
    private final ObjectProvider<BrandReferences> brandReferences;
    private final JobAttemptRepository attempts;
    private final JobWorkers workers;
    private final NodeIdentity node;
    private final JobActivity activity;
    private final ObjectProvider<JobFixer> fixers;

    JobProcessor(JobRepository jobs, BlobStore blobs, PreflightPipeline pipeline, JobProperties properties,
                 PlatformProperties platform, JobSignals signals, ApplicationEventPublisher events,
                 @Lazy SchedulerClient scheduler, PlatformTransactionManager transactions,
                 ObjectProvider<BrandReferences> brandReferences, JobAttemptRepository attempts,
                 JobWorkers workers, NodeIdentity node, JobActivity activity, ObjectProvider<JobFixer> fixers) {
        this.jobs = jobs;
        this.blobs = blobs;
        this.pipeline = pipeline;
        this.properties = properties;
        this.platform = platform;
        this.signals = signals;
        this.events = events;
        this.scheduler = scheduler;
        this.transaction = new TransactionTemplate(transactions);
        this.brandReferences = brandReferences;
        this.attempts = attempts;
        this.workers = workers;
        this.node = node;
        this.activity = activity;
        this.fixers = fixers;
    }

    /** Thrown when a job breaks off because this node is stopping: the task hands it back instead of failing it. */
    static final class HandedBack extends RuntimeException {
        HandedBack(String jobId, Throwable cause) {
            super("job " + jobId + " handed back: the node is stopping", cause);
        }
    }

    void process(String tenantId, String jobId) {
        try (var busy = activity.begin()) {
            processHere(tenantId, jobId);
        }
    }

    private void processHere(String tenantId, String jobId) {
        Instant startedAt = Times.now();
        if (!jobs.startAttempt(tenantId, jobId, startedAt)) {
            return; // deleted, or already finished by an earlier execution
        }
        Job job = jobs.find(tenantId, jobId).orElse(null);
        if (job == null) {
            return;
        }
        int attempt = job.attempts();
        attempts.started(tenantId, jobId, attempt, node.name(), startedAt);
        if (attempt > properties.maxAttempts()) {
            finishFailed(job, attempt, "Processing was interrupted " + (attempt - 1)
                    + " times (the worker stopped or was restarted mid-job); giving up.");
            return;
        }
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory(ensure(platform.scratchDir()), "job-" + jobId + "-");
            Run run = run(job, scratch);
            PreflightOutcome outcome = run.outcome();
            if (outcome.converted()) {
                try (InputStream in = Files.newInputStream(outcome.pdf())) {
                    blobs.put(job.convertedKey(), in);
                }
            }
            finishCompleted(job, attempt, outcome, startedAt, run.applied());
        } catch (JobFixer.CannotFixException e) {
            handBackIfStopping(job, attempt, e);
            finishFailed(job, attempt, "The file could not be fixed: " + e.getMessage());
        } catch (PreflightFailedException e) {
            handBackIfStopping(job, attempt, e);
            finishFailed(job, attempt, e.getMessage());
        } catch (java.io.FileNotFoundException | java.nio.file.NoSuchFileException e) {
            log.info("job {} vanished while processing (deleted?)", jobId);
            attempts.ended(tenantId, jobId, attempt, Outcome.SUPERSEDED, Times.now());
        } catch (OutOfMemoryError e) {
            finishFailed(job, attempt,
                    "The analysis ran out of memory; the file is too complex for this server's memory bound.");
        } catch (Exception | StackOverflowError e) {
            handBackIfStopping(job, attempt, e);
            log.warn("job {} failed unexpectedly", jobId, e);
            finishFailed(job, attempt, "Processing failed: " + describe(e));
        } finally {
            deleteQuietly(scratch);
            signals.finished(jobId);
        }
    }

    /**
     * A job that breaks off while this node stops (its worker thread interrupted, its Ghostscript child killed) is
     * not the file's fault: it goes back to the queue for another node rather than failing.
     */
    private void handBackIfStopping(Job job, int attempt, Throwable e) {
        if (workers.stopping()) {
            attempts.ended(job.tenantId(), job.id(), attempt, Outcome.RELEASED, Times.now());
            throw new HandedBack(job.id(), e);
        }
    }

    /** An analysis outcome and, for a job with a fix plan, what its fixups did (empty when nothing needed fixing). */
    private record Run(PreflightOutcome outcome, @Nullable List<FixupApplied> applied) {
    }

    /**
     * Analyses the job's file; a job with a fix plan first has its file fixed (the fixed copy stored beside the
     * upload, which is never changed) and the fixed file analysed. With auto, a first analysis of the upload chooses
     * the fixups; when none resolves any of its findings, that analysis is the job's.
     */
    private Run run(Job job, Path scratch) throws IOException, PreflightFailedException,
            JobFixer.CannotFixException {
        Path input = blobs.localFile(job.inputKey());
        FixPlan plan = job.fixPlan();
        if (plan == null) {
            return new Run(pipeline.run(request(job, scratch, input)), null);
        }
        JobFixer fixer = fixers.getIfAvailable();
        if (fixer == null) {
            throw new JobFixer.CannotFixException("this server runs no fixups", null);
        }
        Path source = input;
        List<FixupStep> steps = plan.fixups();
        if (plan.auto()) {
            PreflightOutcome first = pipeline.run(request(job, Files.createDirectories(scratch.resolve("before")),
                    input));
            steps = fixer.plan(job.tenantId(), job.profileId(), first.findings().stream().map(Finding::inspectionId).distinct().toList());
            if (steps.isEmpty()) {
                return new Run(first, List.of());
            }
            source = first.pdf(); // an image or PostScript upload is fixed as the PDF made from it
        }
        Path fixed = scratch.resolve("fixed.pdf");
        List<FixupApplied> applied = fixer.fix(source, fixed, steps);
        try (InputStream in = Files.newInputStream(fixed)) {
            blobs.put(job.fixedKey(), in);
        }
        return new Run(pipeline.run(request(job, Files.createDirectories(scratch.resolve("after")), fixed)),
                applied);
    }

    private PreflightRequest request(Job job, Path scratch, Path input) throws IOException {
        PreflightRequest.ExternalReport report = null;
        if (job.preflightSource().equals("external")) {
            report = new PreflightRequest.ExternalReport(job.externalFormat(), job.mappingId(), read(job.reportKey()));
        }
        byte[] jdf = blobs.exists(job.jdfKey()) ? read(job.jdfKey()) : null;
        BrandReferences refs = brandReferences.getIfAvailable();
        BrandSpecTargets brandSpec = refs == null || !job.preflightSource().equals("engine") ? null
                : refs.brandSpecFor(job.view());
        return new PreflightRequest(job.tenantId(), job.id(), job.preflightSource(), job.profileId(), input, scratch,
                report, jdf, brandSpec);
    }

    private byte[] read(String key) throws IOException {
        try (InputStream in = blobs.open(key)) {
            return in.readAllBytes();
        }
    }

    /**
     * Stores the outcome and its event, and closes the attempt, in one transaction: a node killed right after the
     * commit leaves no attempt recorded as running for a finished job. The attempt is {@code SUPERSEDED} when
     * another attempt (or a delete) got there first.
     */
    private void finishCompleted(Job job, int attempt, PreflightOutcome outcome, Instant startedAt,
                                 @Nullable List<FixupApplied> applied) {
        transaction.executeWithoutResult(status -> {
            Instant now = Times.now();
            var completion = jobs.complete(job, outcome, startedAt, now);
            boolean finishedHere = completion.isPresent();
            if (finishedHere && applied != null) {
                jobs.storeFixupsApplied(job.tenantId(), job.id(), applied);
                if (!applied.isEmpty()) {
                    events.publishEvent(new JobFixed(job.tenantId(), job.id(), job.sourceJobId(), job.profileId(),
                            applied, completion.get().summary()));
                }
            }
            completion.ifPresent(c -> events.publishEvent(new JobCompleted(job.tenantId(), job.id(),
                    JobStatus.COMPLETED.wire(properties.hostedWording()), job.profileId(), c.durationMs(),
                    c.summary())));
            attempts.ended(job.tenantId(), job.id(), attempt, finishedHere ? Outcome.COMPLETED : Outcome.SUPERSEDED,
                    now);
        });
    }

    /** As {@link #finishCompleted} for a failure; {@code attempt} 0 when no attempt is running (the sweep). */
    private void finishFailed(Job job, int attempt, String error) {
        transaction.executeWithoutResult(status -> {
            Instant now = Times.now();
            boolean finishedHere = jobs.fail(job.tenantId(), job.id(), error, now);
            if (finishedHere) {
                events.publishEvent(new JobFailed(job.tenantId(), job.id(),
                        JobStatus.FAILED.wire(properties.hostedWording()), error));
            }
            if (attempt > 0) {
                attempts.ended(job.tenantId(), job.id(), attempt,
                        finishedHere ? Outcome.FAILED : Outcome.SUPERSEDED, now);
            }
        });
    }

    /** Fails queued jobs that no scheduled execution will ever pick up again. */
    void sweepStale() {
        Instant cutoff = Instant.now().minus(Duration.ofSeconds((long) properties.analysisTimeoutSeconds()
                * (properties.maxAttempts() + 1L)));
        for (Job job : jobs.queuedBefore(cutoff)) {
            var pending = scheduler.getScheduledExecution(JobProcessingTask.TASK.instanceId(job.id()));
            if (pending.isEmpty()) {
                finishFailed(job, 0, "Processing never completed and no worker holds the job any more.");
                signals.finished(job.id());
            }
        }
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
