package dev.preflight.jobs;

import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.Json;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import java.util.UUID;

/** Submit, read, list and delete jobs (spec: Jobs). */
@RestController
@Tag(name = "jobs")
@SecurityRequirement(name = "bearer")
@ApiResponse(responseCode = "401", description = "Missing or invalid bearer token",
        content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
@ApiResponse(responseCode = "422", description = "Request validation failed (invalid enum, malformed UUID, ...)",
        content = @Content(schema = @Schema(implementation = ErrorBodies.Validation.class)))
class JobController {

    private final JobService service;
    private final JobViews views;

    JobController(JobService service, JobViews views) {
        this.service = service;
        this.views = views;
    }

    @PostMapping(value = "/api/v1/jobs", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Operation(summary = "Submit a file for preflight",
            description = "Queues the file; processing is asynchronous. With ?wait=<seconds> (capped by SVC_SYNC_MAX_WAIT_S, "
                    + "default 120) the call answers 200 with the full JobResponse when the job reaches a terminal state in time, "
                    + "else 202. Status words: self-hosted wording queued/completed/failed (default), hosted wording "
                    + "pending/complete/failed (PREFLIGHT_STATUS_WORDING=hosted).")
    @ApiResponse(responseCode = "200", description = "Terminal state reached within ?wait",
            content = @Content(schema = @Schema(implementation = JobResponses.JobBody.class)))
    @ApiResponse(responseCode = "202", description = "Queued",
            content = @Content(schema = @Schema(implementation = JobResponses.Submitted.class)))
    @ApiResponse(responseCode = "403", description = "Cross-tenant mapping_id, or the key or plan lacks the feature",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "404", description = "profile_id, mapping_id, brand profile or BrandSpec unknown in this tenant",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    @ApiResponse(responseCode = "413", description = "File above the tenant's upload limit",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    ResponseEntity<Object> submit(
            @Parameter(hidden = true) Caller caller,
            @Parameter(description = "seconds to wait for a terminal state (float)") @RequestParam(value = "wait", required = false) String wait,
            @RequestPart(value = "file", required = false) @Schema(description = "PDF or convertible input (JPEG, PNG, TIFF, PostScript, EPS)", requiredMode = Schema.RequiredMode.REQUIRED) MultipartFile file,
            @RequestPart(value = "profile_id", required = false) @Schema(description = "preflight profile; default service-default; ignored when preflight_source=minimal") String profileId,
            @RequestPart(value = "preflight_source", required = false) @Schema(allowableValues = {"engine", "external", "minimal"}, defaultValue = "engine") String preflightSource,
            @RequestPart(value = "external_format", required = false) @Schema(allowableValues = {"preflight_a_xml", "preflight_b_json", "preflight_b_xml", "preflight_c_xml", "service_json"}, description = "omit to auto-detect; mutually exclusive with mapping_id") String externalFormat,
            @RequestPart(value = "external_report", required = false) @Schema(description = "XML or JSON report when preflight_source=external") MultipartFile externalReport,
            @RequestPart(value = "mapping_id", required = false) @Schema(format = "uuid", description = "tenant custom import mapping; sets the format to custom") String mappingId,
            @RequestPart(value = "jdf_file", required = false) @Schema(description = "JDF/XJDF sidecar; findings then carry jdf_context") MultipartFile jdfFile,
            @RequestPart(value = "ai_enabled", required = false) @Schema(type = "boolean") String aiEnabled,
            @RequestPart(value = "ai_categories", required = false) @Schema(description = "CSV") String aiCategories,
            @RequestPart(value = "ai_features", required = false) @Schema(description = "CSV of inspection slugs") String aiFeatures,
            @RequestPart(value = "ai_preset", required = false) String aiPreset,
            @RequestPart(value = "brand", required = false) @Schema(description = "anonymous, service or a brand profile UUID") String brand,
            @RequestPart(value = "unbranded", required = false) @Schema(type = "boolean") String unbranded,
            @RequestPart(value = "brand_spec_id", required = false) @Schema(format = "uuid") String brandSpecId) {
        Double waitSeconds = parseWait(wait);
        Job job = service.submit(caller, new JobSubmission(file, profileId, preflightSource, externalFormat,
                externalReport, mappingId, jdfFile, aiEnabled, aiCategories, aiFeatures, aiPreset, brand, unbranded,
                brandSpecId));
        if (waitSeconds != null && waitSeconds > 0) {
            Job done = service.await(caller, job, waitSeconds);
            if (done.status().terminal()) {
                return ResponseEntity.ok(views.job(done));
            }
            job = done;
        }
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(new JobResponses.Submitted(job.id(),
                job.status().wire(service.hostedWording()), "Job accepted and queued for processing."));
    }

    @GetMapping("/api/v1/jobs/{job_id}")
    @Operation(summary = "Get a job with its summary and findings")
    @ApiResponse(responseCode = "404", description = "Unknown job (or another tenant's)",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    JobResponses.JobBody get(@Parameter(hidden = true) Caller caller, @PathVariable("job_id") UUID jobId) {
        return views.job(service.job(caller, jobId.toString()));
    }

    @GetMapping("/api/v1/jobs/{job_id}/epm")
    @Operation(summary = "EPM candidacy verdict of a job",
            description = "Computed at ingest from the fired EPM findings when the job's profile runs EPM checks "
                    + "(e.g. profile_id=epm). Tiers: pass, pass_with_advisory, marginal, reject.")
    @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = JobResponses.EpmVerdict.class)))
    @ApiResponse(responseCode = "404", description = "Unknown job, or no EPM verdict computed for it",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    java.util.Map<String, Object> epm(@Parameter(hidden = true) Caller caller, @PathVariable("job_id") UUID jobId) {
        Job job = service.job(caller, jobId.toString());
        var verdict = Json.readMap(job.epmVerdictJson());
        if (verdict == null) {
            throw new dev.preflight.platform.NotFoundException(job.status().terminal()
                    ? "No EPM verdict for job " + job.id() + ": its profile runs no EPM checks (use profile_id=epm)."
                    : "No EPM verdict yet: job " + job.id() + " is still being processed.");
        }
        return verdict;
    }

    @GetMapping("/api/v1/jobs")
    @Operation(summary = "List jobs, newest first")
    JobResponses.JobList list(@Parameter(hidden = true) Caller caller,
                              @RequestParam(value = "page", required = false, defaultValue = "1") int page,
                              @RequestParam(value = "page_size", required = false, defaultValue = "25") int pageSize) {
        var v = Validator.query();
        if (page < 1) {
            v.add("page", "Input should be greater than or equal to 1", "greater_than_equal");
        }
        if (pageSize < 1 || pageSize > 200) {
            v.add("page_size", "Input should be between 1 and 200", "value_error");
        }
        v.throwIfInvalid();
        return new JobResponses.JobList(service.page(caller, page, pageSize).stream().map(views::listItem).toList(),
                service.count(caller), page, pageSize);
    }

    @DeleteMapping("/api/v1/jobs/{job_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Delete a job and everything derived from it")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiResponse(responseCode = "404", description = "Unknown job (or another tenant's)",
            content = @Content(schema = @Schema(implementation = ErrorBodies.Error.class)))
    void delete(@Parameter(hidden = true) Caller caller, @PathVariable("job_id") UUID jobId) {
        service.delete(caller, jobId.toString());
    }

    private static Double parseWait(String wait) {
        if (wait == null || wait.isBlank()) {
            return null;
        }
        try {
            double d = Double.parseDouble(wait.trim());
            if (Double.isNaN(d) || Double.isInfinite(d) || d < 0) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            Validator.query().add("wait", "Input should be a non-negative number of seconds", "float_parsing")
                    .throwIfInvalid();
            return null;
        }
    }
}
