package dev.preflight.intake;

import dev.preflight.jobs.JobSubmission;
import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Bulk submission: several files, or ZIP archives of files, each becoming a job; and the batch's status. */
@RestController
@Tag(name = "batch")
class BatchController {

    private static final String ITEM_CODES = "unsafe_path, symlink, encrypted, unsupported_compression, too_large, "
            + "zip_bomb, unreadable_member, unreadable_archive, nested_archive, empty, unsupported_type, invalid_file, "
            + "rejected";

    private final BatchService service;

    BatchController(BatchService service) {
        this.service = service;
    }

    @Schema(name = "BatchItem", description = "One submitted file or archive member: the job it became, or why none")
    record ItemBody(
            @Schema(description = "0-based position in the batch", minimum = "0") int index,
            @Schema(description = "0-based index of the multipart files part it came from", minimum = "0") int part,
            @Schema(description = "the part's file name, or the member's path inside its archive") String name,
            @Schema(description = "file name of the ZIP part it was expanded from; null for a part sent as is")
            @Nullable String archive,
            @Schema(format = "uuid") @Nullable String jobId,
            @Schema(description = "the job's status word (queued/completed/failed, or pending/complete/failed in the "
                    + "hosted wording); rejected when no job was created; deleted when the job was deleted since")
            String status,
            @Schema(description = "why no job was created: " + ITEM_CODES) @Nullable String errorCode,
            @Schema(description = "readable reason; null when a job was created") @Nullable String error) {
    }

    @Schema(name = "BatchResponse")
    record BatchBody(
            @Schema(format = "uuid") String batchId,
            Instant createdAt,
            @Schema(minimum = "0") int total,
            @Schema(description = "items by status; every key is present: the three job status words of the "
                    + "configured wording, rejected and deleted")
            Map<String, Integer> counts,
            @Schema(description = "true when every item is terminal: its job completed or failed, it was rejected, "
                    + "or its job was deleted") boolean done,
            List<ItemBody> items) {

        static BatchBody of(BatchService.View v) {
            var items = v.items().stream().map(i -> new ItemBody(i.item().seq(), i.item().part(), i.item().name(),
                    i.item().archive(), i.item().jobId(), i.status(), i.item().errorCode(), i.item().error())).toList();
            return new BatchBody(v.batch().id(), v.batch().createdAt(), v.batch().itemCount(), v.counts(), v.done(),
                    items);
        }
    }

    @PostMapping(value = "/api/v1/batch", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @Operation(operationId = "submitBatch", summary = "Submit several files as one batch",
            description = "Each files part is a PDF (or an image or PostScript file the service converts), or a ZIP "
                    + "whose members are expanded one level deep; every file becomes a job with the shared submit "
                    + "fields (workflow_id works as on POST /api/v1/jobs). Hostile archives are refused: more entries "
                    + "in one ZIP than PREFLIGHT_BATCH_MAX_ARCHIVE_ENTRIES, more files than PREFLIGHT_BATCH_MAX_ITEMS, "
                    + "or more inflated bytes in total than PREFLIGHT_BATCH_MAX_INFLATED_BYTES refuse the whole batch "
                    + "(422, nothing stored); a member with an absolute or '..' path, a symlink, an encrypted or "
                    + "nested archive, a member inflating past the tenant's upload limit or past "
                    + "PREFLIGHT_BATCH_MAX_COMPRESSION_RATIO times its compressed size, and files of no accepted kind "
                    + "are reported per item (status rejected, error_code, error) while the others become jobs. When no "
                    + "file becomes a job the answer is 422 with one {loc, msg, type} per item, loc = [\"body\", "
                    + "\"files\", part] or [\"body\", \"files\", part, member path]. A problem with a shared field "
                    + "(unknown profile, workflow, BrandSpec...) answers as on POST /api/v1/jobs for the whole batch.")
    @ApiResponse(responseCode = "202", description = "At least one job queued",
            content = @Content(schema = @Schema(implementation = BatchBody.class)))
    @ApiError(status = 403, when = "The key lacks jobs:write")
    @ApiError(status = 404, when = "profile_id, workflow_id, brand profile or BrandSpec unknown in this tenant")
    @ApiError(status = 413, when = "The request exceeds the server's upload size")
    @ApiError(status = 422, when = "A whole-batch limit was exceeded")
    ResponseEntity<BatchBody> submit(
            Caller caller,
            @RequestPart(value = "files", required = false) @ArraySchema(schema = @Schema(type = "string",
                    format = "binary"), arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                    description = "PDF, convertible input (JPEG, PNG, TIFF, PostScript, EPS) or ZIP; repeat the part "
                            + "for each file")) List<MultipartFile> files,
            @RequestPart(value = "profile_id", required = false) @Schema(description = "preflight profile; default service-default") String profileId,
            @RequestPart(value = "preflight_source", required = false) @Schema(allowableValues = {"engine", "minimal"}, defaultValue = "engine") String preflightSource,
            @RequestPart(value = "ai_enabled", required = false) @Schema(type = "boolean") String aiEnabled,
            @RequestPart(value = "ai_categories", required = false) @Schema(description = "CSV") String aiCategories,
            @RequestPart(value = "ai_features", required = false) @Schema(description = "CSV of inspection slugs") String aiFeatures,
            @RequestPart(value = "ai_preset", required = false) String aiPreset,
            @RequestPart(value = "brand", required = false) @Schema(description = "anonymous, service or a brand profile UUID") String brand,
            @RequestPart(value = "unbranded", required = false) @Schema(type = "boolean") String unbranded,
            @RequestPart(value = "brand_spec_id", required = false) @Schema(format = "uuid") String brandSpecId,
            @RequestPart(value = "workflow_id", required = false) @Schema(format = "uuid", description = "a workflow of this tenant; its pinned fields fill the parts this request omits") String workflowId) {
        var shared = new JobSubmission(null, profileId, preflightSource, null, null, null, null, aiEnabled,
                aiCategories, aiFeatures, aiPreset, brand, unbranded, brandSpecId, workflowId);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(BatchBody.of(service.submit(caller, files, shared)));
    }

    @GetMapping("/api/v1/batch/{batch_id}")
    @Operation(operationId = "getBatch", summary = "A batch's items with their job status, counts by status, done")
    BatchBody get(Caller caller, @PathVariable("batch_id") UUID batchId) {
        return BatchBody.of(service.get(caller, batchId));
    }
}
