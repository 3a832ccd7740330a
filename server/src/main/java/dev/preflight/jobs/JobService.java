package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import dev.preflight.analysis.AnalysisService;
import dev.preflight.imports.ImportService;
import dev.preflight.platform.BlobStore;
import dev.preflight.platform.Json;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PayloadTooLargeException;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Submits, reads, lists and deletes jobs for a caller. */
@Service
class JobService {

    private static final Logger log = LoggerFactory.getLogger(JobService.class);

    static final List<String> SOURCES = List.of("engine", "external", "minimal");
    static final List<String> FORMATS = List.of("preflight_a_xml", "preflight_b_json", "preflight_b_xml",
            "preflight_c_xml", "service_json");
    static final String DEFAULT_PROFILE = "service-default";

    private final JobRepository jobs;
    private final BlobStore blobs;
    private final SchedulerClient scheduler;
    private final AnalysisService analysis;
    private final ImportService imports;
    private final TenancyService tenancy;
    private final JobProperties properties;
    private final JobSignals signals;

    JobService(JobRepository jobs, BlobStore blobs, SchedulerClient scheduler, AnalysisService analysis,
               ImportService imports, TenancyService tenancy, JobProperties properties, JobSignals signals) {
        this.jobs = jobs;
        this.blobs = blobs;
        this.scheduler = scheduler;
        this.analysis = analysis;
        this.imports = imports;
        this.tenancy = tenancy;
        this.properties = properties;
        this.signals = signals;
    }

    /** Validates a submission exactly as the spec's field table says, stores it and queues its processing. */
    Job submit(Caller caller, JobSubmission s) {
        caller.require(Permission.JOBS);
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
        v.throwIfInvalid();

        String profileId = blankToNull(s.profileId());
        profileId = profileId == null ? DEFAULT_PROFILE : profileId;
        if (source.equals("engine")) {
            analysis.requireProfile(caller.tenantId(), profileId);
        }
        if (brandProfile != null) {
            // No brand profile can exist yet for this tenant: the branding module owns them.
            throw new NotFoundException("Brand profile " + brandProfile + " not found for this tenant.");
        }
        if (brandSpecId != null) {
            throw new NotFoundException("BrandSpec " + brandSpecId + " not found for this tenant.");
        }
        long limit = tenancy.maxUploadBytes(caller.plan());
        if (s.file().getSize() > limit) {
            throw new PayloadTooLargeException("The file is " + s.file().getSize()
                    + " bytes; this tenant's upload limit is " + limit + " bytes.");
        }
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

        var options = new LinkedHashMap<String, Object>();
        options.put("ai_enabled", aiEnabled);
        options.put("ai_categories", blankToNull(s.aiCategories()));
        options.put("ai_features", blankToNull(s.aiFeatures()));
        options.put("ai_preset", blankToNull(s.aiPreset()));
        options.put("brand", Boolean.TRUE.equals(unbranded) ? "anonymous" : brand);
        options.put("has_jdf", jdf != null);

        String fileName = s.file().getOriginalFilename() == null || s.file().getOriginalFilename().isBlank()
                ? "upload.pdf" : s.file().getOriginalFilename();
        var job = new Job(UUID.randomUUID().toString(), caller.tenantId(), JobStatus.QUEUED,
                profileId, source, storedFormat,
                mappingId == null ? null : mappingId.toString(), Json.write(options), truncate(fileName, 1024),
                s.file().getSize(), null, null, null, null, 0, 0, 0, 0, 0, null, null, null, null, null, null, 0,
                Times.now(), null, null, null);
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
        } catch (IOException e) {
            throw new UncheckedIOException("could not store the upload", e);
        }
        jobs.insert(job);
        scheduler.scheduleIfNotExists(JobProcessingTask.TASK.instance(job.id()).data(job.tenantId()).scheduledTo(Instant.now()));
        return job;
    }

    Job job(Caller caller, String jobId) {
        return jobs.find(caller.tenantId(), jobId)
                .orElseThrow(() -> new NotFoundException("Job " + jobId + " not found."));
    }

    List<JobRepository.StoredFinding> findings(Job job) {
        return jobs.findings(job.tenantId(), job.id());
    }

    List<Job> page(Caller caller, int page, int pageSize) {
        return jobs.page(caller.tenantId(), page, pageSize);
    }

    long count(Caller caller) {
        return jobs.count(caller.tenantId());
    }

    /** Deletes the job, its findings, its stored files and its pending task. */
    void delete(Caller caller, String jobId) {
        caller.require(Permission.JOBS);
        Job job = job(caller, jobId);
        try {
            scheduler.cancel(TaskInstanceId.of(JobProcessingTask.TASK.getTaskName(), job.id()));
        } catch (RuntimeException e) {
            // Not scheduled any more (done, or being executed right now): the worker sees the row vanish.
            log.debug("no pending task to cancel for job {}: {}", job.id(), e.getMessage());
        }
        jobs.delete(caller.tenantId(), job.id());
        try {
            blobs.deletePrefix(job.storagePrefix());
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the stored files of job " + job.id(), e);
        }
        signals.forget(job.id());
    }

    /** Waits up to {@code seconds} (capped by SVC_SYNC_MAX_WAIT_S) for a terminal state; returns the latest row. */
    Job await(Caller caller, Job job, double seconds) {
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

    boolean hostedWording() {
        return properties.hostedWording();
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
