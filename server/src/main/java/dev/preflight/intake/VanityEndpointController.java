package dev.preflight.intake;

import dev.preflight.billing.ChargesFiles;
import dev.preflight.jobs.JobResponses;
import dev.preflight.jobs.JobService;
import dev.preflight.jobs.JobSubmission;
import dev.preflight.jobs.JobView;
import dev.preflight.jobs.JobViews;
import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Vanity submission endpoints (spec: Vanity submission endpoint, Vanity submission); Growth plan and above. */
@RestController
@Tag(name = "vanity-endpoints")
@ApiError(status = 403, when = "The plan is below Growth", planGate = true)
class VanityEndpointController {

    private final VanityEndpointService service;
    private final JobService jobs;
    private final JobViews views;

    VanityEndpointController(VanityEndpointService service, JobService jobs, JobViews views) {
        this.service = service;
        this.jobs = jobs;
        this.views = views;
    }

    @Schema(name = "VanityEndpoint")
    record EndpointBody(
            @Schema(format = "uuid") String id,
            @Schema(description = "lowercase kebab-case, unique per tenant", minLength = 2, maxLength = 255) String slug,
            @Schema(description = "the profile every submission through the endpoint runs under") String profileId,
            @Schema(maxLength = 1024) @Nullable String description,
            @Schema(description = "false makes the submit URL answer 404") boolean isActive,
            @Schema(allowableValues = {"async", "sync"}) String responseMode,
            @Schema(format = "uuid", description = "BrandSpec for submissions that name none") @Nullable String defaultBrandSpecId,
            @Schema(description = "brand for submissions that give neither brand nor unbranded: anonymous, service or "
                    + "a brand profile UUID; null = tenant default") @Nullable String brand,
            @Schema(description = "path of the submit route of this endpoint") String submitPath,
            Instant createdAt,
            Instant updatedAt) {

        static EndpointBody of(VanityEndpoint e) {
            return new EndpointBody(e.id(), e.slug(), e.profileId(), e.description(), e.active(), e.responseMode(),
                    e.defaultBrandSpecId(), e.brand(), "/api/v1/endpoints/" + e.slug() + "/submit", e.createdAt(),
                    e.updatedAt());
        }
    }

    @Schema(name = "VanityEndpointList")
    record EndpointList(@Schema(description = "ordered by slug") List<EndpointBody> endpoints) {
    }

    @Schema(name = "VanityEndpointCreateRequest")
    record CreateRequest(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 2, maxLength = 255,
                    pattern = "^[a-z0-9]+(-[a-z0-9]+)*$", description = "lowercase kebab-case, unique per tenant")
            String slug,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, maxLength = 128,
                    description = "built-in or tenant-owned profile (404 otherwise)") String profileId,
            @Schema(maxLength = 1024) @Nullable String description,
            @Schema(defaultValue = "true") @Nullable Boolean isActive,
            @Schema(allowableValues = {"async", "sync"}, defaultValue = "async") @Nullable String responseMode,
            @Schema(format = "uuid", description = "a non-archived BrandSpec of the tenant (404 otherwise)")
            @Nullable String defaultBrandSpecId,
            @Schema(description = "anonymous, service or a brand profile UUID of the tenant (404 otherwise)")
            @Nullable String brand) {
    }

    @Schema(name = "VanityEndpointUpdateRequest", description = "Only the fields present change. "
            + "default_brand_spec_id: the literal string \"null\" (or JSON null) clears it, omitting it leaves it. "
            + "description and brand are cleared by null; slug, profile_id, is_active and response_mode cannot be. "
            + "Unknown fields answer 422 (extra_forbidden).")
    record UpdateRequest(@Schema(minLength = 2, maxLength = 255, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$") String slug,
                         @Schema(maxLength = 128) String profileId,
                         @Schema(maxLength = 1024) @Nullable String description,
                         Boolean isActive,
                         @Schema(allowableValues = {"async", "sync"}) String responseMode,
                         @Schema(description = "a BrandSpec UUID, or the string \"null\" to clear")
                         @Nullable String defaultBrandSpecId,
                         @Nullable String brand) {
    }

    @GetMapping("/api/v1/endpoints")
    @Operation(operationId = "listVanityEndpoints", summary = "List the tenant's vanity endpoints")
    EndpointList list(Caller caller) {
        return new EndpointList(service.list(caller).stream().map(EndpointBody::of).toList());
    }

    @PostMapping("/api/v1/endpoints")
    @Operation(operationId = "createVanityEndpoint", summary = "Create a vanity endpoint",
            description = "Answers 200 with the endpoint. Needs permission jobs:write.")
    @ApiError(status = 403, when = "The key lacks jobs:write")
    @ApiError(status = 404, when = "profile_id, brand (a brand profile) or default_brand_spec_id unknown in this tenant")
    @ApiError(status = 409, when = "The tenant already has an endpoint with this slug")
    EndpointBody create(Caller caller, @RequestBody CreateRequest body) {
        return EndpointBody.of(service.create(caller, new VanityEndpointService.Fields(body.slug(), body.profileId(),
                body.description(), body.isActive(), body.responseMode(), body.defaultBrandSpecId(), body.brand())));
    }

    @GetMapping("/api/v1/endpoints/{slug}")
    @Operation(operationId = "getVanityEndpoint", summary = "Get a vanity endpoint (active or not)")
    EndpointBody get(Caller caller, @PathVariable("slug") String slug) {
        return EndpointBody.of(service.get(caller, slug));
    }

    @PatchMapping("/api/v1/endpoints/{slug}")
    @Operation(operationId = "updateVanityEndpoint", summary = "Change a vanity endpoint",
            description = "Only the fields present change; in default_brand_spec_id the literal string \"null\" "
                    + "clears it and omitting it leaves it. A new slug must be free in the tenant. Needs jobs:write.")
    @ApiError(status = 403, when = "The key lacks jobs:write")
    @ApiError(status = 404, when = "Unknown slug, or profile_id, brand or default_brand_spec_id unknown in this tenant")
    @ApiError(status = 409, when = "The new slug is taken in this tenant")
    EndpointBody update(Caller caller, @PathVariable("slug") String slug,
                        @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                                schema = @Schema(implementation = UpdateRequest.class)))
                        @RequestBody Map<String, Object> body) {
        return EndpointBody.of(service.update(caller, slug, body));
    }

    @DeleteMapping("/api/v1/endpoints/{slug}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteVanityEndpoint", summary = "Delete a vanity endpoint",
            description = "Jobs submitted through it stay. Needs permission jobs:write.")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiError(status = 403, when = "The key lacks jobs:write")
    void delete(Caller caller, @PathVariable("slug") String slug) {
        service.delete(caller, slug);
    }

    @PostMapping(value = "/api/v1/endpoints/{slug}/submit", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Operation(operationId = "submitToVanityEndpoint", summary = "Submit a file through a vanity endpoint",
            description = "Multipart like POST /api/v1/jobs. The endpoint's profile is bound (a profile_id part must "
                    + "name the same profile or be left out); its brand applies when the request gives neither brand "
                    + "nor unbranded; its default_brand_spec_id applies when the request gives no brand_spec_id. "
                    + "response_mode sync waits for a terminal state up to SVC_SYNC_MAX_WAIT_S; ?wait=<seconds> "
                    + "overrides the mode for one call (wait=0 answers at once). Terminal in time: 200 with the full "
                    + "JobResponse; else 202 {job_id, status, message}. Unknown or inactive slug: 404.")
    @ApiResponse(responseCode = "200", description = "Terminal state reached within the wait",
            content = @Content(schema = @Schema(implementation = JobResponses.JobBody.class)))
    @ApiResponse(responseCode = "202", description = "Queued",
            content = @Content(schema = @Schema(implementation = JobResponses.Submitted.class)))
    @ApiError(status = 403, when = "Cross-tenant mapping_id, or the key lacks jobs:write")
    @ApiError(status = 404, when = "Unknown or inactive slug; mapping_id, brand profile or BrandSpec unknown in this tenant")
    @ApiError(status = 413, when = "File above the tenant's upload limit")
    @ApiError(status = 422, when = "The content is refused: unparseable external report or JDF sidecar, malware detected")
    @ApiError(status = 503, when = "The malware scanner (PREFLIGHT_CLAMD) is configured but cannot be reached: "
            + "uploads are refused")
    @ChargesFiles
    ResponseEntity<Object> submit(
            Caller caller,
            @PathVariable("slug") String slug,
            @Parameter(description = "seconds to wait for a terminal state (float); overrides response_mode")
            @RequestParam(value = "wait", required = false) String wait,
            @RequestPart(value = "file", required = false) @Schema(description = "PDF or convertible input (JPEG, PNG, TIFF, PostScript, EPS)", requiredMode = Schema.RequiredMode.REQUIRED) MultipartFile file,
            @RequestPart(value = "profile_id", required = false) @Schema(description = "optional; must equal the endpoint's bound profile") String profileId,
            @RequestPart(value = "preflight_source", required = false) @Schema(allowableValues = {"engine", "external", "minimal"}, defaultValue = "engine") String preflightSource,
            @RequestPart(value = "external_format", required = false) @Schema(allowableValues = {"preflight_a_xml", "preflight_b_json", "preflight_b_xml", "preflight_c_xml", "service_json"}, description = "omit to auto-detect; mutually exclusive with mapping_id") String externalFormat,
            @RequestPart(value = "external_report", required = false) @Schema(description = "XML or JSON report when preflight_source=external") MultipartFile externalReport,
            @RequestPart(value = "mapping_id", required = false) @Schema(format = "uuid", description = "tenant custom import mapping") String mappingId,
            @RequestPart(value = "jdf_file", required = false) @Schema(description = "JDF/XJDF sidecar") MultipartFile jdfFile,
            @RequestPart(value = "ai_enabled", required = false) @Schema(type = "boolean") String aiEnabled,
            @RequestPart(value = "ai_categories", required = false) @Schema(description = "CSV") String aiCategories,
            @RequestPart(value = "ai_features", required = false) @Schema(description = "CSV of inspection slugs") String aiFeatures,
            @RequestPart(value = "ai_preset", required = false) String aiPreset,
            @RequestPart(value = "brand", required = false) @Schema(description = "anonymous, service or a brand profile UUID; wins over the endpoint's brand") String brand,
            @RequestPart(value = "unbranded", required = false) @Schema(type = "boolean") String unbranded,
            @RequestPart(value = "brand_spec_id", required = false) @Schema(format = "uuid", description = "wins over the endpoint's default_brand_spec_id") String brandSpecId) {
        Double waitSeconds = WaitParameter.parse(wait);
        VanityEndpoint endpoint = service.activeEndpoint(caller, slug);
        JobService.SubmittedJob submitted = service.submit(caller, endpoint, new JobSubmission(file, profileId,
                preflightSource, externalFormat, externalReport, mappingId, jdfFile, aiEnabled, aiCategories,
                aiFeatures, aiPreset, brand, unbranded, brandSpecId));
        JobView job = submitted.job();
        var quota = new HttpHeaders();
        submitted.charge().headers().forEach(quota::add);
        double seconds = waitSeconds != null ? waitSeconds
                : endpoint.responseMode().equals("sync") ? jobs.syncMaxWaitSeconds() : 0;
        if (seconds > 0) {
            job = jobs.await(caller, job, seconds);
            if (job.status().terminal()) {
                return ResponseEntity.ok().headers(quota).body(views.job(job));
            }
        }
        return ResponseEntity.status(HttpStatus.ACCEPTED).headers(quota).body(views.submitted(job));
    }
}
