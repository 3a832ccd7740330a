package dev.preflight.jobs;

import dev.preflight.analysis.EpmVerdict;
import dev.preflight.billing.ChargesFiles;
import dev.preflight.platform.ApiError;
import dev.preflight.platform.PageRequest;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpHeaders;
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
class JobController {

    private final JobService service;
    private final JobViews views;

    JobController(JobService service, JobViews views) {
        this.service = service;
        this.views = views;
    }

    @PostMapping(value = "/api/v1/jobs", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Operation(operationId = "submitJob", summary = "Submit a file for preflight",
            description = "Queues the file; processing is asynchronous. With ?wait=<seconds> (capped by SVC_SYNC_MAX_WAIT_S, "
                    + "default 120) the call answers 200 with the full JobResponse when the job reaches a terminal state in time, "
                    + "else 202. Status words: self-hosted wording queued/completed/failed (default), hosted wording "
                    + "pending/complete/failed (PREFLIGHT_STATUS_WORDING=hosted). With workflow_id, the workflow's pinned "
                    + "fields (profile_id, brand_spec_id, preflight_source, ai_enabled, ai_categories, ai_features, ai_preset, "
                    + "brand, unbranded) fill the parts this request leaves out: a part given here always wins over the "
                    + "workflow, and brand/unbranded count as one choice (giving either ignores both workflow values).")
    @ApiResponse(responseCode = "200", description = "Terminal state reached within ?wait",
            content = @Content(schema = @Schema(implementation = JobResponses.JobBody.class)))
    @ApiResponse(responseCode = "202", description = "Queued",
            content = @Content(schema = @Schema(implementation = JobResponses.Submitted.class)))
    @ApiError(status = 403, when = "Cross-tenant mapping_id, or the key or plan lacks the feature (fixups and "
            + "auto_fix need the Growth plan: code plan_upgrade_required)", planGate = true)
    @ApiError(status = 404, when = "profile_id, mapping_id, workflow_id, brand profile or BrandSpec unknown in this tenant")
    @ApiError(status = 413, when = "File above the tenant's upload limit (or above what the malware scanner accepts)")
    @ApiError(status = 422, when = "The content is refused: unparseable external report or JDF sidecar, malware detected")
    @ApiError(status = 503, when = "The malware scanner (PREFLIGHT_CLAMD) is configured but cannot be reached: "
            + "uploads are refused")
    @ChargesFiles
    ResponseEntity<Object> submit(
            Caller caller,
            @Parameter(description = "seconds to wait for a terminal state",
                    schema = @Schema(type = "number", format = "double", minimum = "0")) @RequestParam(value = "wait", required = false) String wait,
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
            @RequestPart(value = "brand_spec_id", required = false) @Schema(format = "uuid") String brandSpecId,
            @RequestPart(value = "workflow_id", required = false) @Schema(format = "uuid", description = "a workflow of "
                    + "this tenant; its pinned fields fill the parts this request omits (parts given here win)") String workflowId,
            @RequestPart(value = "fixups", required = false) @Schema(description = "JSON list of fixups to run on "
                    + "the file before it is analysed, e.g. [{\"fixup_id\": \"SET_PAGE_BOXES\", \"params\": "
                    + "{\"inset_mm\": 3}}] (GET /api/v1/fixups lists them); Growth plan and above; engine jobs only; "
                    + "the job keeps the file as submitted too (GET /api/v1/jobs/{job_id}/file?original=true)") String fixups,
            @RequestPart(value = "auto_fix", required = false) @Schema(type = "boolean", description = "true: analyse "
                    + "the file, run the fixups that resolve its findings, and analyse the fixed file (the job's "
                    + "findings are the fixed file's); Growth plan and above; mutually exclusive with fixups") String autoFix) {
        Double waitSeconds = parseWait(wait);
        JobService.Charged submitted = service.submitRow(caller, new JobSubmission(file, profileId, preflightSource,
                externalFormat, externalReport, mappingId, jdfFile, aiEnabled, aiCategories, aiFeatures, aiPreset,
                brand, unbranded, brandSpecId, workflowId), fixups, autoFix);
        Job job = submitted.job();
        var quota = new HttpHeaders();
        submitted.charge().headers().forEach(quota::add);
        if (waitSeconds != null && waitSeconds > 0) {
            Job done = service.awaitRow(caller, job, waitSeconds);
            if (done.status().terminal()) {
                return ResponseEntity.ok().headers(quota).body(views.job(done.view()));
            }
            job = done;
        }
        return ResponseEntity.status(HttpStatus.ACCEPTED).headers(quota).body(views.submitted(job.view()));
    }

    @GetMapping("/api/v1/jobs/{job_id}")
    @Operation(operationId = "getJob", summary = "Get a job with its summary and findings")
    JobResponses.JobBody get(Caller caller, @PathVariable("job_id") UUID jobId) {
        return views.job(service.require(caller.tenantId(), jobId.toString()));
    }

    @GetMapping("/api/v1/jobs/{job_id}/epm")
    @Operation(operationId = "getJobEpm", summary = "EPM candidacy verdict of a job",
            description = "Computed at ingest from the fired EPM findings when the job's profile runs EPM checks "
                    + "(e.g. profile_id=epm). Tiers: pass, pass_with_advisory, marginal, reject.")
    @ApiError(status = 404, when = "Unknown job, or no EPM verdict computed for it (its profile runs no EPM checks, "
            + "or it is still being processed)")
    EpmVerdict epm(Caller caller, @PathVariable("job_id") UUID jobId) {
        JobView job = service.require(caller.tenantId(), jobId.toString());
        EpmVerdict verdict = job.epmVerdict();
        if (verdict == null) {
            throw new dev.preflight.platform.NotFoundException(job.status().terminal()
                    ? "No EPM verdict for job " + job.id() + ": its profile runs no EPM checks (use profile_id=epm)."
                    : "No EPM verdict yet: job " + job.id() + " is still being processed.");
        }
        return verdict;
    }

    @GetMapping("/api/v1/jobs")
    @Operation(operationId = "listJobs", summary = "List jobs, newest first")
    JobResponses.JobList list(Caller caller, @PageRequest.Sized(defaultSize = 25, maxSize = 200) PageRequest page) {
        return new JobResponses.JobList(service.page(caller, page).stream().map(j -> views.listItem(j.view())).toList(),
                service.count(caller), page.page(), page.pageSize());
    }

    @DeleteMapping("/api/v1/jobs/{job_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteJob", summary = "Delete a job and everything derived from it")
    @ApiResponse(responseCode = "204", description = "Deleted")
    void delete(Caller caller, @PathVariable("job_id") UUID jobId) {
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
