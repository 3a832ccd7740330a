package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import dev.preflight.analysis.AnalysisService;
import dev.preflight.analysis.BrandSpecTargets;
import dev.preflight.billing.FileCharge;
import dev.preflight.billing.FilePool;
import dev.preflight.analysis.PreflightRequest;
import dev.preflight.imports.ImportService;
import dev.preflight.platform.BlobStore;
import dev.preflight.platform.ConflictException;
import dev.preflight.findings.Finding;
import dev.preflight.platform.Json;
import dev.preflight.platform.MalwareScanner;
import dev.preflight.platform.PageRequest;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PayloadTooLargeException;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The jobs module's API: submits, reads, lists and deletes jobs. Other modules (viewer, reports, review, intake,
 * webhooks) read jobs only through the public methods here, always scoped by tenant.
 */
@Service
public class JobService implements JobReader {

    private static final Logger log = LoggerFactory.getLogger(JobService.class);

    static final List<String> SOURCES = List.of("engine", "external", "minimal");
    static final List<String> FORMATS = List.of("preflight_a_xml", "preflight_b_json", "preflight_b_xml",
            "preflight_c_xml", "service_json");
    static final String DEFAULT_PROFILE = "service-default";

    private final JobRepository jobs;
    private final JobViewCache views;
    private final BlobStore blobs;
    private final SchedulerClient scheduler;
    private final AnalysisService analysis;
    private final ImportService imports;
    private final TenancyService tenancy;
    private final JobProperties properties;
    private final JobSignals signals;
    private final ApplicationEventPublisher events;
    private final ObjectProvider<BrandReferences> brandReferences;
    private final MalwareScanner malware;
    private final ObjectProvider<SubmissionDefaults> submissionDefaults;
    private final FilePool filePool;
    private final ObjectProvider<AiPresets> aiPresets;
    private final JobActivity activity;
    private final ObjectProvider<JobFixer> fixers;

    JobService(JobRepository jobs, BlobStore blobs, SchedulerClient scheduler, AnalysisService analysis,
               ImportService imports, TenancyService tenancy, JobProperties properties, JobSignals signals,
               ApplicationEventPublisher events, ObjectProvider<BrandReferences> brandReferences,
               MalwareScanner malware, ObjectProvider<SubmissionDefaults> submissionDefaults, FilePool filePool,
               ObjectProvider<AiPresets> aiPresets, JobActivity activity, ObjectProvider<JobFixer> fixers,
               JobViewCache views) {
        this.jobs = jobs;
        this.views = views;
        this.blobs = blobs;
        this.scheduler = scheduler;
        this.analysis = analysis;
        this.imports = imports;
        this.tenancy = tenancy;
        this.properties = properties;
        this.signals = signals;
        this.events = events;
        this.brandReferences = brandReferences;
        this.malware = malware;
        this.submissionDefaults = submissionDefaults;
        this.filePool = filePool;
        this.aiPresets = aiPresets;
        this.activity = activity;
        this.fixers = fixers;
    }

    /** Validates a submission exactly as the spec's field table says, stores it and queues its processing. */
    public JobView submit(Caller caller, JobSubmission s) {
        return submitCharged(caller, s).job();
    }

    /**
     * A stored submission and the file it was counted as in the tenant's pool.
     *
     * @param charge the pool right after this file: put {@code charge.headers()} on the submit response
     */
    public record SubmittedJob(JobView job, FileCharge charge) {
    }

    /**
     * {@link #submit}, also returning the file-pool charge whose headers every submit response carries. A
     * submission refused because the pool is empty (402, the headers travel with the exception) stores nothing.
     */
    public SubmittedJob submitCharged(Caller caller, JobSubmission s) {
        Charged c = submitRow(caller, s);
        return new SubmittedJob(c.job().view(), c.charge());
    }

    /** A stored job row and its charge. */
    record Charged(Job job, FileCharge charge) {
    }

    Charged submitRow(Caller caller, JobSubmission submission) {
        return submitRow(caller, submission, null, null);
    }

    /**
     * A submit with the fixup fields of POST /api/v1/jobs: {@code fixups} (a JSON list of {@code {fixup_id,
     * params}}) or {@code autoFix} ("true": choose the fixups from the findings); both raw multipart values, null
     * when absent.
     */
    Charged submitRow(Caller caller, JobSubmission submission, @Nullable String fixups, @Nullable String autoFix) {
        try (var busy = activity.begin()) {
            return store(caller, submission, fixups, autoFix);
        }
    }

    /**
     * Makes a new job of the caller's tenant whose file is {@code source}'s PDF fixed with {@code steps} and then
     * analysed under {@code profileId}: the fix runs in the new job's processing task, the source job is never
     * changed. The new file is counted in the tenant's file pool like a submit (402 when the pool is empty).
     *
     * @param steps validated fixups ({@link JobFixer#validate}), not empty
     */
    public SubmittedJob submitFixed(Caller caller, JobView source, String profileId, List<FixupStep> steps) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("no fixups to run");
        }
        return submitFixed(caller, source, profileId, new FixPlan(false, steps));
    }

    /**
     * Queues a new job holding a copy of a completed job's file that is analysed under {@code profileId}, fixed with
     * the fixups that resolve what that analysis finds, and analysed again: for fixing a job against a profile other
     * than the one its findings came from. When no fixup resolves any finding, the first analysis is the new job's.
     */
    public SubmittedJob submitFixedAutomatically(Caller caller, JobView source, String profileId) {
        return submitFixed(caller, source, profileId, new FixPlan(true, List.of()));
    }

    private SubmittedJob submitFixed(Caller caller, JobView source, String profileId, FixPlan plan) {
        caller.require(Permission.JOBS);
        analysis.requireProfile(caller.tenantId(), profileId);
        try (var busy = activity.begin()) {
            Job from = jobs.find(caller.tenantId(), source.id())
                    .orElseThrow(() -> new NotFoundException("Job " + source.id() + " not found."));
            Path pdf = documentFile(source);
            SubmitOptions o = from.options();
            var options = new SubmitOptions(o.aiEnabled(), o.aiCategories(), o.aiFeatures(), o.aiPreset(), o.brand(),
                    o.brandSpecId(), false);
            var job = new Job(UUID.randomUUID().toString(), caller.tenantId(), JobStatus.QUEUED, profileId, "engine",
                    null, null, Json.write(options), from.fileName(), java.nio.file.Files.size(pdf), null, null, null,
                    null, 0, 0, 0, 0, 0, null, null, null, null, null, null, 0, Times.now(), null, null, null,
                    from.id(), Json.write(plan), null);
            FileCharge charge = filePool.charge(caller);
            return new SubmittedJob(storeAndQueue(job, charge, pdf), charge);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the file of job " + source.id(), e);
        }
    }

    private JobView storeAndQueue(Job job, FileCharge charge, Path pdf) {
        try {
            try (InputStream in = java.nio.file.Files.newInputStream(pdf)) {
                blobs.put(job.inputKey(), in);
            }
            jobs.insert(job);
            scheduler.scheduleIfNotExists(JobProcessingTask.TASK.instance(job.id()).data(job.tenantId())
                    .scheduledTo(Instant.now()));
            return job.view();
        } catch (IOException | RuntimeException e) {
            filePool.refund(charge);
            try {
                blobs.deletePrefix(job.storagePrefix());
            } catch (IOException | RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            if (e instanceof IOException io) {
                throw new UncheckedIOException("could not store the fixed job", io);
            }
            throw (RuntimeException) e;
        }
    }

    /** The fix plan of a submit's fixup fields, or null; problems go to {@code v} (plan gate: 403). */
    private @Nullable FixPlan fixPlan(Caller caller, Validator v, String source, @Nullable String fixups,
                                      @Nullable String autoFix) {
        String list = blankToNull(fixups);
        Boolean auto = v.bool("auto_fix", blankToNull(autoFix));
        if (list == null && !Boolean.TRUE.equals(auto)) {
            return null;
        }
        if (!tenancy.allows(caller.plan(), "fixups")) {
            throw new dev.preflight.platform.PlanUpgradeRequiredException("Fixups are not part of the "
                    + caller.plan().wire() + " plan; they need the Growth plan or above.");
        }
        if (list != null && Boolean.TRUE.equals(auto)) {
            v.add("fixups", "fixups and auto_fix=true are mutually exclusive: give a list or let the findings choose",
                    "value_error");
            return null;
        }
        if (!source.equals("engine")) {
            v.add(list != null ? "fixups" : "auto_fix", "fixups run only on engine jobs (preflight_source=engine)",
                    "value_error");
            return null;
        }
        JobFixer fixer = fixers.getIfAvailable();
        if (fixer == null) {
            v.add(list != null ? "fixups" : "auto_fix", "this server runs no fixups", "value_error");
            return null;
        }
        if (Boolean.TRUE.equals(auto)) {
            return new FixPlan(true, List.of());
        }
        FixupStep[] steps;
        try {
            steps = Json.read(list, FixupStep[].class);
        } catch (RuntimeException e) {
            steps = null;
        }
        if (steps == null) {
            v.add("fixups", "Input should be a JSON list of {\"fixup_id\": ..., \"params\": {...}}", "json_invalid");
            return null;
        }
        try {
            return new FixPlan(false, fixer.validate(java.util.Arrays.asList(steps)));
        } catch (IllegalArgumentException e) {
            v.add("fixups", e.getMessage(), "value_error");
            return null;
        }
    }

    private Charged store(Caller caller, JobSubmission submission, @Nullable String fixups, @Nullable String autoFix) {
        caller.require(Permission.JOBS);
        JobSubmission s = withWorkflowDefaults(caller, submission);
        var v = Validator.body();
        boolean hasFile = s.file() != null && !s.file().isEmpty();
        if (!hasFile) {
            v.add("file", s.file() == null ? "Field required" : "The uploaded file is empty", "missing");
        }
        String source = blankToNull(s.preflightSource());
        v.oneOf("preflight_source", source, SOURCES);
        source = source == null ? "engine" : source;
        String format = blankToNull(s.externalFormat());
        v.oneOf("external_format", format, FORMATS);
        UUID mappingId = v.uuid("mapping_id", blankToNull(s.mappingId()));
        if (format != null && blankToNull(s.mappingId()) != null) {
            v.add("external_format", "external_format and mapping_id are mutually exclusive: a mapping sets the format to custom",
                    "value_error");
        }
        Boolean aiEnabled = v.bool("ai_enabled", blankToNull(s.aiEnabled()));
        AiPresets presets = aiPresets.getIfAvailable();
        if (presets != null) {
            v.oneOf("ai_preset", blankToNull(s.aiPreset()), presets.slugs());
        }
        Boolean unbranded = v.bool("unbranded", blankToNull(s.unbranded()));
        String brand = blankToNull(s.brand());
        UUID brandProfile = null;
        if (brand != null && !brand.equals("anonymous") && !brand.equals("service")) {
            // Anything but the two keywords must be a brand profile's UUID.
            brandProfile = v.uuid("brand", brand);
        }
        UUID brandSpecId = v.uuid("brand_spec_id", blankToNull(s.brandSpecId()));
        boolean external = source.equals("external");
        boolean hasReport = s.externalReport() != null && !s.externalReport().isEmpty();
        if (external && !hasReport) {
            v.add("external_report", "Field required when preflight_source is external", "missing");
        }
        FixPlan fixPlan = fixPlan(caller, v, source, fixups, autoFix);
        v.throwIfInvalid();

        String profileId = blankToNull(s.profileId());
        profileId = profileId == null ? DEFAULT_PROFILE : profileId;
        if (source.equals("engine")) {
            analysis.requireProfile(caller.tenantId(), profileId);
        }
        if (brandProfile != null) {
            requireBrandProfile(caller.tenantId(), brandProfile);
        }
        if (brandSpecId != null) {
            requireBrandSpec(caller.tenantId(), brandSpecId);
        }
        long limit = tenancy.maxUploadBytes(caller.plan());
        if (s.file().getSize() > limit) {
            throw new PayloadTooLargeException("The file is " + s.file().getSize()
                    + " bytes; this tenant's upload limit is " + limit + " bytes.");
        }
        // Before anything parses or stores the uploads: 422 on a signature, 503 when clamd cannot answer.
        malware.requireClean(s.file(), s.externalReport(), s.jdfFile());
        byte[] report = null;
        String storedFormat = null;
        if (external) {
            report = bytes(s.externalReport());
            storedFormat = imports.validateSubmission(caller, format, mappingId == null ? null : mappingId.toString(),
                    report);
        }
        byte[] jdf = s.jdfFile() != null && !s.jdfFile().isEmpty() ? bytes(s.jdfFile()) : null;
        if (jdf != null) {
            imports.validateJdf(jdf);
        }

        var options = new SubmitOptions(aiEnabled, blankToNull(s.aiCategories()), blankToNull(s.aiFeatures()),
                blankToNull(s.aiPreset()), Boolean.TRUE.equals(unbranded) ? "anonymous" : brand,
                brandSpecId == null ? null : brandSpecId.toString(), jdf != null);

        String fileName = s.file().getOriginalFilename() == null || s.file().getOriginalFilename().isBlank()
                ? "upload.pdf" : s.file().getOriginalFilename();
        var job = new Job(UUID.randomUUID().toString(), caller.tenantId(), JobStatus.QUEUED,
                profileId, source, storedFormat,
                mappingId == null ? null : mappingId.toString(), Json.write(options), truncate(fileName, 1024),
                s.file().getSize(), null, null, null, null, 0, 0, 0, 0, 0, null, null, null, null, null, null, 0,
                Times.now(), null, null, null, null, fixPlan == null ? null : Json.write(fixPlan), null);
        // Counted only once the submission is valid, and before anything is stored: an empty pool (402) leaves
        // no trace; a submission that fails after the charge gives the file back.
        FileCharge charge = filePool.charge(caller);
        try {
            try (InputStream in = s.file().getInputStream()) {
                blobs.put(job.inputKey(), in);
            }
            if (report != null) {
                blobs.put(job.reportKey(), new java.io.ByteArrayInputStream(report));
            }
            if (jdf != null) {
                blobs.put(job.jdfKey(), new java.io.ByteArrayInputStream(jdf));
            }
            jobs.insert(job);
            scheduler.scheduleIfNotExists(JobProcessingTask.TASK.instance(job.id()).data(job.tenantId()).scheduledTo(Instant.now()));
        } catch (IOException | RuntimeException e) {
            filePool.refund(charge);
            try {
                blobs.deletePrefix(job.storagePrefix());
            } catch (IOException | RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            if (e instanceof IOException io) {
                throw new UncheckedIOException("could not store the upload", io);
            }
            throw (RuntimeException) e;
        }
        return new Charged(job, charge);
    }

    /** The submission with the named workflow's defaults filled in (404 for a workflow the tenant does not own). */
    private JobSubmission withWorkflowDefaults(Caller caller, JobSubmission s) {
        String raw = blankToNull(s.workflowId());
        if (raw == null) {
            return s;
        }
        var v = Validator.body();
        UUID workflowId = v.uuid("workflow_id", raw);
        v.throwIfInvalid();
        SubmissionDefaults defaults = submissionDefaults.getIfAvailable();
        if (defaults == null) {
            throw new NotFoundException("Workflow " + workflowId + " not found.");
        }
        return defaults.apply(caller.tenantId(), workflowId, s);
    }

    Job job(Caller caller, String jobId) {
        return jobs.find(caller.tenantId(), jobId)
                .orElseThrow(() -> new NotFoundException("Job " + jobId + " not found."));
    }

    /** The tenant's job, or empty when it does not exist or belongs to another tenant. */
    @Override
    public Optional<JobView> find(String tenantId, String jobId) {
        return views.find(tenantId, jobId);
    }

    /** The tenant's job; 404 when it does not exist or belongs to another tenant. */
    @Override
    public JobView require(String tenantId, String jobId) {
        return find(tenantId, jobId).orElseThrow(() -> new NotFoundException("Job " + jobId + " not found."));
    }

    /** The job's findings in report order with their stored ids and the job's ticket context. */
    @Override
    public List<Finding> findings(JobView job) {
        return views.findings(job, () -> jobs.findings(job.tenantId(), job.id()).stream()
                .map(f -> f.stored(f.findingId(), job.jdfContext())).toList());
    }

    /**
     * A local file holding the PDF the job was analysed from: the upload itself, or the PDF made from an image or
     * PostScript upload. Only for processed jobs; read it, never write it.
     */
    @Override
    public Path documentFile(JobView job) throws IOException {
        String prefix = Job.storagePrefix(job.tenantId(), job.id());
        String fixed = prefix + "/fixed.pdf";
        if (blobs.exists(fixed)) {
            return blobs.localFile(fixed);
        }
        String converted = prefix + "/converted.pdf";
        return blobs.localFile(blobs.exists(converted) ? converted : prefix + "/input");
    }

    @Override
    public Path originalFile(JobView job) throws IOException {
        return blobs.localFile(Job.storagePrefix(job.tenantId(), job.id()) + "/input");
    }

    @Override
    public JobFile file(JobView job, boolean original) throws IOException {
        if (original) {
            return new JobFile(originalFile(job), uploadType(job.inputType()), job.fileName());
        }
        if (job.status() != JobStatus.COMPLETED) {
            throw new ConflictException("Job " + job.id() + " is " + wire(job.status()) + "; its PDF is there once "
                    + "it has completed (?original=true gives the file as submitted).");
        }
        String base = job.fileName().replaceFirst("(?i)\\.(pdf|jpe?g|png|tiff?|ps|eps)$", "");
        String name = !job.fixupsApplied().isEmpty() ? base + "-fixed.pdf"
                : "pdf".equals(job.inputType()) ? job.fileName() : base + ".pdf";
        return new JobFile(documentFile(job), "application/pdf", name);
    }

    /** The media type of an upload by the input type the ingest found (null until processed). */
    private static String uploadType(@Nullable String inputType) {
        return switch (inputType == null ? "" : inputType) {
            case "pdf" -> "application/pdf";
            case "jpeg" -> "image/jpeg";
            case "png" -> "image/png";
            case "tiff" -> "image/tiff";
            case "postscript", "eps" -> "application/postscript";
            default -> "application/octet-stream";
        };
    }

    /**
     * What the preflight pipeline needs to analyse the job's stored upload again with the engine under the given
     * profile: the original upload (converted again when it is an image or PostScript) and the JDF sidecar, if any.
     */
    public PreflightRequest engineRequest(JobView job, String profileId, Path scratch) throws IOException {
        Job row = jobs.find(job.tenantId(), job.id())
                .orElseThrow(() -> new NotFoundException("Job " + job.id() + " not found."));
        byte[] jdf = null;
        if (blobs.exists(row.jdfKey())) {
            try (InputStream in = blobs.open(row.jdfKey())) {
                jdf = in.readAllBytes();
            }
        }
        return new PreflightRequest(row.tenantId(), row.id(), "engine", profileId, blobs.localFile(row.inputKey()),
                scratch, null, jdf, brandSpecFor(job));
    }

    /**
     * Replaces a completed job's profile, findings, summary and EPM verdict with those of a new analysis and publishes
     * {@link JobReanalysed}; joins the caller's transaction. 409 when the job is not completed.
     */
    @Transactional
    public JobView storeReanalysis(String tenantId, String jobId, JobReanalysis reanalysis) {
        Job before = jobs.find(tenantId, jobId).orElseThrow(() -> new NotFoundException("Job " + jobId + " not found."));
        if (before.status() != JobStatus.COMPLETED) {
            throw new ConflictException("Job " + jobId + " is " + wire(before.status())
                    + "; only a completed job can be analysed again.");
        }
        var known = new java.util.HashSet<String>();
        jobs.findings(tenantId, jobId).forEach(f -> known.add(f.findingId()));
        List<Finding> findings = reanalysis.findings().stream()
                .map(f -> f.findingId() != null && known.remove(f.findingId()) ? f
                        : f.stored(UUID.randomUUID().toString(), null))
                .toList();
        if (!jobs.reanalyse(tenantId, jobId, reanalysis.profileId(), findings, reanalysis.epmVerdict())) {
            throw new ConflictException("Job " + jobId + " changed while it was being analysed again.");
        }
        Job after = jobs.find(tenantId, jobId).orElseThrow();
        events.publishEvent(new JobReanalysed(tenantId, jobId, after.profileId(), before.profileId(), after.summary()));
        return after.view();
    }

    /** 404 (or 403 for another tenant's) unless the tenant owns the brand profile. */
    public void requireBrandProfile(String tenantId, UUID brandProfileId) {
        BrandReferences.requireBrandProfile(brandReferences.getIfAvailable(), tenantId, brandProfileId);
    }

    /** 404 unless the tenant owns the BrandSpec and it is not archived. */
    public void requireBrandSpec(String tenantId, UUID brandSpecId) {
        BrandReferences refs = brandReferences.getIfAvailable();
        if (refs == null) {
            throw new NotFoundException("BrandSpec " + brandSpecId + " not found for this tenant.");
        }
        refs.requireBrandSpec(tenantId, brandSpecId);
    }

    /** The ceiling of every synchronous wait, in seconds (SVC_SYNC_MAX_WAIT_S). */
    public double syncMaxWaitSeconds() {
        return properties.syncMaxWaitSeconds();
    }

    /** The BrandSpec an engine run of the job measures colours against, or null (see {@link BrandReferences}). */
    BrandSpecTargets brandSpecFor(JobView job) {
        BrandReferences refs = brandReferences.getIfAvailable();
        return refs == null || !job.preflightSource().equals("engine") ? null : refs.brandSpecFor(job);
    }

    /** The API's status word for the configured wording. */
    @Override
    public String wire(JobStatus status) {
        return status.wire(properties.hostedWording());
    }

    List<Job> page(Caller caller, PageRequest page) {
        return jobs.page(caller.tenantId(), page.page(), page.pageSize());
    }

    long count(Caller caller) {
        return jobs.count(caller.tenantId());
    }

    /** Deletes the job, its findings, its stored files and its pending task; publishes {@link JobDeleted}. */
    @Transactional
    public void delete(Caller caller, String jobId) {
        caller.require(Permission.JOBS);
        Job job = job(caller, jobId);
        try {
            scheduler.cancel(TaskInstanceId.of(JobProcessingTask.TASK.getTaskName(), job.id()));
        } catch (RuntimeException e) {
            // Not scheduled any more (done, or being executed right now): the worker sees the row vanish.
            log.debug("no pending task to cancel for job {}: {}", job.id(), e.getMessage());
        }
        jobs.delete(caller.tenantId(), job.id());
        events.publishEvent(new JobDeleted(job.tenantId(), job.id()));
        try {
            blobs.deletePrefix(job.storagePrefix());
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the stored files of job " + job.id(), e);
        }
        signals.forget(job.id());
    }

    /** Waits up to {@code seconds} (capped by SVC_SYNC_MAX_WAIT_S) for a terminal state; returns the latest state. */
    public JobView await(Caller caller, JobView job, double seconds) {
        return awaitRow(caller, jobs.find(caller.tenantId(), job.id()).orElseThrow(
                () -> new NotFoundException("Job " + job.id() + " not found.")), seconds).view();
    }

    Job awaitRow(Caller caller, Job job, double seconds) {
        double capped = Math.min(seconds, properties.syncMaxWaitSeconds());
        long deadline = System.nanoTime() + (long) (capped * 1_000_000_000L);
        Job current = job;
        while (!current.status().terminal()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            signals.await(job.id(), Math.min(left, 250_000_000L));
            current = jobs.find(caller.tenantId(), job.id()).orElse(current);
        }
        return current;
    }

    private static byte[] bytes(org.springframework.web.multipart.MultipartFile f) {
        try {
            return f.getBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the upload", e);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
