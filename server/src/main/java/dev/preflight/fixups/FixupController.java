package dev.preflight.fixups;

import dev.preflight.billing.ChargesFiles;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.fixups.FixupInfo;
import dev.preflight.jobs.FixupStep;
import dev.preflight.jobs.JobService;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiError;
import dev.preflight.platform.Digests;
import dev.preflight.platform.Json;
import dev.preflight.platform.PublicRoute;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/** The fixup registry, and fixing a job's file into a new job (spec: Fixups). */
@RestController
@Tag(name = "fixups")
class FixupController {

    private final FixupService service;
    private final JobService jobs;
    private final FixupList registry;
    private final String etag;

    FixupController(FixupService service, EngineFixer fixer, JobService jobs) {
        this.service = service;
        this.jobs = jobs;
        this.registry = new FixupList(fixer.registry().stream().map(FixupController::entry).toList());
        this.etag = "\"" + Digests.sha256Hex(Json.write(registry).getBytes(StandardCharsets.UTF_8)).substring(0, 32)
                + "\"";
    }

    @Schema(name = "FixupList")
    record FixupList(@Schema(description = "every fixup, in the order a chain runs them") List<FixupEntry> fixups) {
    }

    @Schema(name = "FixupEntry")
    record FixupEntry(@Schema(description = "stable upper-case id", example = "SET_PAGE_BOXES") String fixupId,
                      String name,
                      @Schema(description = "what it changes, how, and what it cannot do") String description,
                      @Schema(description = "the kind of change: color, page, font, transparency, overprint, lines, "
                              + "images, structure") String category,
                      @Schema(description = "typed parameters, the same shape as a check's") List<FixupParameter> params,
                      @Schema(description = "inspection ids (GET /api/v1/check-names) whose findings it is meant to "
                              + "make go away; an entry ending in * stands for every id with that prefix")
                      List<String> resolves,
                      @Schema(allowableValues = {"pdfbox", "ghostscript"}, description = "what does the work: pdfbox "
                              + "(object edits that leave the rest of the file as it was) or ghostscript (a "
                              + "re-distillation through pdfwrite)") String tool) {
    }

    @Schema(name = "FixupParameter", description = "A fixup's parameter: the same fields as a check's (CheckParameter)")
    record FixupParameter(String name,
                          @Schema(allowableValues = {"number", "integer", "boolean", "string", "string_list"})
                          String type,
                          @Schema(description = "default value of the parameter's type: a number for number and "
                                  + "integer, a boolean, a string, or an array of strings for string_list; null means "
                                  + "no default (the parameter is then needed only where its description says)")
                          @Nullable Object defaultValue,
                          String description, @Nullable Double min, @Nullable Double max,
                          @Nullable List<String> allowed) {
    }

    @Schema(name = "FixupJobRequest", description = "Either fixups or auto=true")
    record FixRequest(@Schema(description = "the fixups to run, each at most once; they run in the registry's order "
                              + "whatever order they are given in") @Nullable List<FixupStep> fixups,
                      @Schema(description = "true: run the fixups that resolve the source job's findings, with "
                              + "default parameters") @Nullable Boolean auto,
                      @Schema(maxLength = 128, description = "profile the fixed file is analysed under; default the "
                              + "source job's") @Nullable String profileId) {
    }

    @Schema(name = "FixupJobAccepted")
    record Accepted(@Schema(format = "uuid", description = "the new job holding the fixed file") String jobId,
                    @Schema(format = "uuid", description = "the job whose file is fixed; it never changes")
                    String sourceJobId,
                    @Schema(description = "queued (self-hosted wording) or pending (hosted wording)") String status) {
    }

    @GetMapping("/api/v1/fixups")
    @PublicRoute
    @Operation(operationId = "listFixups", summary = "The fixup registry: what each fixup changes and resolves",
            description = "No authentication. Safe to cache for 24 hours; the ETag changes only when the server's "
                    + "fixups do, and a matching If-None-Match answers 304.")
    @ApiResponse(responseCode = "200", description = "The registry",
            content = @Content(schema = @Schema(implementation = FixupList.class)))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    ResponseEntity<FixupList> list(@Parameter(hidden = true) @RequestHeader(value = HttpHeaders.IF_NONE_MATCH,
            required = false) @Nullable String ifNoneMatch) {
        var cache = CacheControl.maxAge(Duration.ofHours(24)).cachePublic();
        if (ifNoneMatch != null && (ifNoneMatch.contains(etag) || ifNoneMatch.trim().equals("*"))) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).cacheControl(cache).eTag(etag).build();
        }
        return ResponseEntity.ok().cacheControl(cache).eTag(etag).body(registry);
    }

    @PostMapping("/api/v1/jobs/{job_id}/fixups")
    @Operation(operationId = "fixJob", summary = "Fix a completed job's file into a new job",
            description = "Makes a new job of the same tenant whose file is this job's PDF with the fixups applied, "
                    + "analysed under profile_id (default: this job's profile); the fixing and the analysis run in "
                    + "the background like a submitted job. The new job carries source_job_id and fixups_applied, "
                    + "emits job.fixed (and job.completed) when done, or fails with the reason when the file cannot "
                    + "be fixed; this job never changes. With auto=true the fixups are those that resolve this "
                    + "job's findings (GET /api/v1/fixups, resolves), with default parameters. The new file counts "
                    + "in the tenant's file pool like a submit. Growth plan and above; needs permission jobs:write.")
    @ApiResponse(responseCode = "202", description = "The new job is queued",
            content = @Content(schema = @Schema(implementation = Accepted.class)))
    @ApiError(status = 403, when = "The plan is below Growth (code plan_upgrade_required), or the key lacks "
            + "jobs:write", planGate = true)
    @ApiError(status = 404, when = "Unknown job (or another tenant's), or profile_id unknown in this tenant")
    @ApiError(status = 409, when = "The job is not completed, or it imported another tool's report "
            + "(preflight_source external)")
    @ApiError(status = 422, when = "No fixups and no auto, both, an unknown fixup_id, a fixup asked twice, a bad "
            + "parameter, or auto=true when no fixup resolves any of the job's findings")
    @ChargesFiles
    ResponseEntity<Accepted> fix(Caller caller, @PathVariable("job_id") UUID jobId,
                                 @RequestBody(required = false) @Nullable FixRequest body) {
        FixRequest b = body == null ? new FixRequest(null, null, null) : body;
        JobService.SubmittedJob submitted = service.fix(caller, jobId.toString(), b.fixups(), b.auto(),
                b.profileId());
        JobView job = submitted.job();
        var headers = new HttpHeaders();
        submitted.charge().headers().forEach(headers::add);
        return ResponseEntity.status(HttpStatus.ACCEPTED).headers(headers)
                .body(new Accepted(job.id(), job.sourceJobId(), jobs.wire(job.status())));
    }

    private static FixupEntry entry(FixupInfo i) {
        return new FixupEntry(i.id(), i.name(), i.description(), i.category(),
                i.parameters().stream().map(FixupController::param).toList(), i.resolves(), i.tool());
    }

    private static FixupParameter param(ParamSpec p) {
        return new FixupParameter(p.name(), p.type().name().toLowerCase(Locale.ROOT), p.defaultValue(),
                p.description(), p.min(), p.max(), p.allowed());
    }
}
