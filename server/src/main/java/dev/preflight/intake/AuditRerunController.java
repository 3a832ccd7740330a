package dev.preflight.intake;

import dev.preflight.findings.Finding;
import dev.preflight.jobs.Summary;
import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Audit reruns of completed jobs: request one, follow it, read its audit record. */
@RestController
@Tag(name = "jobs")
class AuditRerunController {

    private static final String STATUSES = "audit.status on the job's findings after a rerun: confirmed (reproduces a "
            + "finding of the previous analysis, whose finding_id it keeps) or new (the previous analysis did not "
            + "report it). On previous_findings: confirmed (the rerun reproduced it) or not_reproduced (the rerun did "
            + "not report it). A finding reproduces another when inspection_id, page_num and object_id are equal and "
            + "both are unlocated or their bbox corners are within 1 pt; severity, message and details may differ. "
            + "audit.model is null (no model: the engine re-ran).";

    private final AuditRerunService service;

    AuditRerunController(AuditRerunService service) {
        this.service = service;
    }

    @Schema(name = "AuditRerunRequest")
    record RerunRequest(@Schema(maxLength = 128, description = "profile to analyse under; default the job's profile")
                        @Nullable String profileId) {
    }

    @Schema(name = "AuditCounts")
    record Counts(@Schema(minimum = "0", description = "previous findings the rerun reproduced") int confirmedCount,
                  @Schema(minimum = "0", description = "previous findings the rerun did not report") int notReproducedCount,
                  @Schema(minimum = "0", description = "findings of the rerun the previous analysis did not report")
                  int newCount) {
    }

    @Schema(name = "AuditRerun", description = "An audit rerun and its audit record. " + STATUSES)
    record RerunBody(
            @Schema(format = "uuid") String auditId,
            @Schema(format = "uuid") String jobId,
            @Schema(description = "queued, completed or failed (hosted wording: pending, complete, failed)") String status,
            @Schema(description = "the profile the rerun analyses under") String profileId,
            @Schema(description = "the job's profile before the rerun") String previousProfileId,
            Instant requestedAt,
            @Nullable Instant completedAt,
            @Schema(description = "the job's summary before the rerun") Summary previousSummary,
            @Schema(description = "the job's summary after the rerun; null until completed") @Nullable Summary summary,
            Counts counts,
            @Schema(description = "why the rerun failed; null otherwise") @Nullable String error,
            @Schema(description = "the job's findings before the rerun, ids unchanged, each with audit.status "
                    + "confirmed or not_reproduced; empty until completed") List<Finding> previousFindings) {
    }

    @Schema(name = "AuditRerunSummary", description = "An audit rerun without its previous findings")
    record RerunSummary(@Schema(format = "uuid") String auditId, @Schema(format = "uuid") String jobId, String status,
                        String profileId, String previousProfileId, Instant requestedAt, @Nullable Instant completedAt,
                        Summary previousSummary, @Nullable Summary summary, Counts counts, @Nullable String error) {
    }

    @Schema(name = "AuditRerunList")
    record RerunList(@Schema(description = "newest first") List<RerunSummary> auditReruns) {
    }

    @PostMapping("/api/v1/jobs/{job_id}/audit-rerun")
    @Operation(operationId = "auditRerunJob", summary = "Analyse a completed job's stored file again and audit its findings",
            description = "Re-runs the engine on the job's stored upload (converted again if it was an image or "
                    + "PostScript, with its JDF sidecar) under the job's profile or profile_id, in the background. When "
                    + "it completes, the job's findings, summary, EPM verdict and profile_id become the rerun's, and "
                    + "the replaced findings are kept in the rerun's record. " + STATUSES + " With ?wait=<seconds> "
                    + "(capped by SVC_SYNC_MAX_WAIT_S) the answer is 200 once the rerun has finished, else 202. Needs "
                    + "permission jobs:write.")
    @ApiResponse(responseCode = "200", description = "Finished within ?wait",
            content = @Content(schema = @Schema(implementation = RerunBody.class)))
    @ApiResponse(responseCode = "202", description = "Queued",
            content = @Content(schema = @Schema(implementation = RerunBody.class)))
    @ApiError(status = 403, when = "The key lacks jobs:write")
    @ApiError(status = 404, when = "Unknown job, or profile_id unknown in this tenant")
    @ApiError(status = 409, when = "The job is not completed, or a rerun of it is already queued")
    ResponseEntity<RerunBody> rerun(Caller caller, @PathVariable("job_id") UUID jobId,
                                    @Parameter(description = "seconds to wait for the rerun to finish (float)")
                                    @RequestParam(value = "wait", required = false) String wait,
                                    @RequestBody(required = false) RerunRequest body) {
        Double waitSeconds = WaitParameter.parse(wait);
        AuditRerun rerun = service.request(caller, jobId, body == null ? null : body.profileId());
        if (waitSeconds != null && waitSeconds > 0) {
            rerun = service.await(rerun, waitSeconds);
            if (rerun.status().terminal()) {
                return ResponseEntity.ok(body(service.get(caller, jobId, UUID.fromString(rerun.id()))));
            }
        }
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(body(rerun));
    }

    @GetMapping("/api/v1/jobs/{job_id}/audit-reruns")
    @Operation(operationId = "listAuditReruns", summary = "The job's audit reruns, newest first")
    RerunList list(Caller caller, @PathVariable("job_id") UUID jobId) {
        return new RerunList(service.list(caller, jobId).stream().map(this::summary).toList());
    }

    @GetMapping("/api/v1/jobs/{job_id}/audit-reruns/{audit_id}")
    @Operation(operationId = "getAuditRerun", summary = "One audit rerun with the findings it replaced")
    RerunBody get(Caller caller, @PathVariable("job_id") UUID jobId, @PathVariable("audit_id") UUID auditId) {
        return body(service.get(caller, jobId, auditId));
    }

    private RerunBody body(AuditRerun a) {
        return new RerunBody(a.id(), a.jobId(), service.wire(a.status()), a.profileId(), a.previousProfileId(),
                a.requestedAt(), a.completedAt(), a.previousSummary(), a.summary(),
                new Counts(a.confirmed(), a.notReproduced(), a.added()), a.error(), a.previousFindings());
    }

    private RerunSummary summary(AuditRerun a) {
        return new RerunSummary(a.id(), a.jobId(), service.wire(a.status()), a.profileId(), a.previousProfileId(),
                a.requestedAt(), a.completedAt(), a.previousSummary(), a.summary(),
                new Counts(a.confirmed(), a.notReproduced(), a.added()), a.error());
    }
}
