package dev.preflight.viewer;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import dev.preflight.analysis.IngestCapabilities;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.platform.UnprocessableException;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The capability flags of the viewer config and capability fill-in (spec: Viewer config, capabilities). A fillable
 * capability is true when the job's ingest produced it or a fill made it; a fill request queues a db-scheduler task
 * that runs the engine's analyzer for it (the ink pass for separations and tac, the facts pass for fonts and images,
 * OCR for text_regions) and stores the result. Tasks are idempotent: a second delivery of a finished fill does
 * nothing, an interrupted OCR resumes where it stopped.
 */
@Service
class CapabilityService {

    private static final Logger log = LoggerFactory.getLogger(CapabilityService.class);

    static final List<String> FILLABLE = List.of("separations", "tac", "fonts", "images", "text_regions");
    static final List<String> NOT_FILLABLE = List.of("layers", "tac_runs", "tiles_warmed", "ai_explain",
            "epm_verdict");
    /** A fill task waits this long for the computation it started (each computation has its own bound). */
    private static final Duration FILL_WAIT = Duration.ofHours(6);

    private final FillRepository fills;
    private final TileWarmingRepository warming;
    private final JobReader jobs;
    private final TenancyService tenancy;
    private final ViewerPages pages;
    private final InkService ink;
    private final InspectionService inspections;
    private final TextRegionService textRegions;
    private final ObjectProvider<ExplainAvailability> explain;
    private final SchedulerClient scheduler;

    CapabilityService(FillRepository fills, TileWarmingRepository warming, JobReader jobs, TenancyService tenancy,
                      ViewerPages pages, InkService ink, InspectionService inspections,
                      TextRegionService textRegions, ObjectProvider<ExplainAvailability> explain,
                      @Lazy SchedulerClient scheduler) {
        this.fills = fills;
        this.warming = warming;
        this.jobs = jobs;
        this.tenancy = tenancy;
        this.pages = pages;
        this.ink = ink;
        this.inspections = inspections;
        this.textRegions = textRegions;
        this.explain = explain;
        this.scheduler = scheduler;
    }

    /** Every capability key of the spec for a job; all false until the job completed. */
    ViewerResponses.Capabilities capabilities(JobView job) {
        IngestCapabilities ingest = job.capabilities();
        if (!job.complete() || ingest == null) {
            return new ViewerResponses.Capabilities(false, false, false, false, false, false, false, false, false,
                    job.epmVerdict() != null);
        }
        Set<String> filled = fills.filled(job.tenantId(), job.id());
        boolean tac = ingest.tac() || filled.contains("tac");
        ExplainAvailability ai = explain.getIfAvailable();
        boolean warmed = warming.find(job.tenantId(), job.id())
                .map(w -> w.status().equals(TileWarmingRepository.COMPLETE)).orElse(false);
        return new ViewerResponses.Capabilities(ingest.separations() || filled.contains("separations"), tac,
                ingest.fonts() || filled.contains("fonts"), ingest.images() || filled.contains("images"),
                filled.contains("text_regions"), ingest.layers(), tac, warmed, ai != null && ai.available(job),
                job.epmVerdict() != null);
    }

    /** True when the job has a fillable capability (by its ingest or by a fill). */
    boolean has(JobView job, String capability) {
        ViewerResponses.Capabilities c = capabilities(job);
        return switch (capability) {
            case "separations" -> c.separations();
            case "tac" -> c.tac();
            case "fonts" -> c.fonts();
            case "images" -> c.images();
            case "text_regions" -> c.textRegions();
            default -> throw new IllegalArgumentException(capability);
        };
    }

    /** 409 unless the job has the capability, saying how to fill it. */
    void require(ViewedJob v, String capability, String what) {
        JobView job = v.job();
        pages.requireComplete(job);
        if (has(job, capability)) {
            return;
        }
        String why = switch (job.preflightSource()) {
            case "minimal" -> "it was submitted with preflight_source minimal, so no analysis ran";
            case "external" -> "its imported report does not declare " + capability;
            default -> "its analysis did not produce " + capability + " (the profile renders no ink, or rendering"
                    + " failed)";
        };
        throw new ConflictException(what + " of job " + job.id() + " is not available: " + why + ". Fill it with"
                + " POST /api/v1/viewer/jobs/" + job.id() + "/capabilities/" + capability
                + " and poll the viewer config until capabilities." + capability + " is true.");
    }

    /**
     * Queues a fill: 422 for a key that is not fillable, 403 when the plan has no fill-in, 409 for an unfinished
     * job; already_filled when the job has it; the same task while one is queued.
     */
    @Transactional
    ViewerResponses.CapabilityFill fill(ViewedJob v, Caller caller, String capability) {
        caller.require(Permission.JOBS);
        if (NOT_FILLABLE.contains(capability)) {
            throw new UnprocessableException("The capability '" + capability + "' cannot be filled: "
                    + switch (capability) {
                        case "layers" -> "layers are extracted at ingest.";
                        case "tac_runs" -> "it follows tac; fill tac.";
                        case "tiles_warmed" -> "the tile pre-render sets it after the job completes.";
                        case "ai_explain" -> "explanations are asked for per finding with the explain endpoint.";
                        default -> "the EPM verdict is computed at ingest from the job's findings.";
                    } + " Fillable: " + String.join(", ", FILLABLE) + ".");
        }
        if (!FILLABLE.contains(capability)) {
            throw new UnprocessableException("Unknown capability '" + capability + "'. Fillable: "
                    + String.join(", ", FILLABLE) + ".");
        }
        if (!tenancy.allows(caller.plan(), "capability_fillin")) {
            throw new PlanUpgradeRequiredException("Capability fill-in is not part of the " + caller.plan().wire()
                    + " plan; it needs Starter or above.");
        }
        JobView job = v.job();
        pages.requireComplete(job);
        if (has(job, capability)) {
            return new ViewerResponses.CapabilityFill(job.id(), capability, "already_filled", null);
        }
        var existing = fills.find(job.tenantId(), job.id(), capability);
        if (existing.isPresent() && existing.get().status().equals(FillRepository.QUEUED)) {
            return new ViewerResponses.CapabilityFill(job.id(), capability, "queued", existing.get().taskId());
        }
        switch (capability) {
            case "separations", "tac" -> ink.retryAfterFailure(job);
            case "fonts", "images" -> inspections.retryAfterFailure(job);
            default -> {
                // OCR resumes from the pages it stored
            }
        }
        String taskId = UUID.randomUUID().toString();
        fills.queue(job.tenantId(), job.id(), capability, taskId);
        scheduler.schedule(ViewerTasks.FILL.instance(taskId)
                .data(job.tenantId() + "/" + job.id() + "/" + capability).scheduledTo(Instant.now()));
        return new ViewerResponses.CapabilityFill(job.id(), capability, "queued", taskId);
    }

    /** Runs a queued fill (the db-scheduler task); never throws for a document that cannot be analysed. */
    void run(String taskId, String data) {
        String[] parts = data.split("/", 3);
        if (parts.length != 3) {
            log.warn("ignoring capability fill {} with malformed data {}", taskId, data);
            return;
        }
        String tenantId = parts[0];
        String jobId = parts[1];
        String capability = parts[2];
        var fill = fills.find(tenantId, jobId, capability);
        if (fill.isEmpty() || !fill.get().taskId().equals(taskId)
                || !fill.get().status().equals(FillRepository.QUEUED)) {
            return; // done by an earlier delivery, or replaced by a newer request
        }
        JobView job = jobs.find(tenantId, jobId).orElse(null);
        if (job == null) {
            return; // deleted; its rows went with it
        }
        try {
            switch (capability) {
                case "separations", "tac" -> ink.ensure(job, FILL_WAIT);
                case "fonts", "images" -> inspections.ensure(job, FILL_WAIT);
                case "text_regions" -> textRegions.fill(job);
                default -> throw new IllegalStateException("not fillable: " + capability);
            }
            fills.finish(tenantId, jobId, capability, taskId, FillRepository.FILLED, null);
        } catch (ApiException e) {
            log.info("capability fill {} of job {} failed: {}", capability, jobId, e.detail());
            fills.finish(tenantId, jobId, capability, taskId, FillRepository.FAILED, e.detail());
        } catch (RuntimeException e) {
            log.warn("capability fill {} of job {} failed", capability, jobId, e);
            fills.finish(tenantId, jobId, capability, taskId, FillRepository.FAILED,
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }
}
