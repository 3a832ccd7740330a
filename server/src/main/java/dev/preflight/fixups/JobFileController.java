package dev.preflight.fixups;

import dev.preflight.jobs.JobFile;
import dev.preflight.jobs.JobReader;
import dev.preflight.platform.ApiError;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.UUID;

/** The download of a job's file: its PDF (fixed when it ran fixups) or the file as submitted. */
@RestController
@Tag(name = "jobs")
class JobFileController {

    private final JobReader jobs;

    JobFileController(JobReader jobs) {
        this.jobs = jobs;
    }

    @GetMapping("/api/v1/jobs/{job_id}/file")
    @Operation(operationId = "getJobFile", summary = "Download a job's file",
            description = "The PDF the job was analysed from: for a job that ran fixups, the fixed file; for an "
                    + "image or PostScript upload, the PDF made from it. With original=true, the file as submitted "
                    + "(for a job made by POST /api/v1/jobs/{job_id}/fixups: the source job's PDF before the fix), "
                    + "in its own media type. Sent as an attachment named after the job's file_name.")
    @ApiResponse(responseCode = "200", description = "The file", content = {
            @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "image/*", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "application/postscript", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "application/octet-stream", schema = @Schema(type = "string", format = "binary"))})
    @ApiError(status = 404, when = "Unknown job (or another tenant's)")
    @ApiError(status = 409, when = "The job's PDF was asked for before the job completed (original=true always "
            + "answers)")
    @ApiError(status = 422, when = "original is not true or false")
    ResponseEntity<Resource> file(Caller caller, @PathVariable("job_id") UUID jobId,
                                  @Parameter(description = "true: the file as submitted")
                                  @RequestParam(value = "original", required = false) @Nullable String original) {
        boolean asSubmitted = originalFlag(original);
        return send(jobs.require(caller.tenantId(), jobId.toString()), asSubmitted, jobs);
    }

    /** Parses the {@code original} query parameter: true, false or absent (422 otherwise). */
    static boolean originalFlag(@Nullable String original) {
        var v = Validator.query();
        Boolean b = v.bool("original", original == null || original.isBlank() ? null : original.trim());
        v.throwIfInvalid();
        return Boolean.TRUE.equals(b);
    }

    /** The file as an attachment. */
    static ResponseEntity<Resource> send(dev.preflight.jobs.JobView job, boolean original, JobReader jobs) {
        try {
            JobFile f = jobs.file(job, original);
            return ResponseEntity.ok()
                    .contentType(org.springframework.http.MediaType.parseMediaType(f.contentType()))
                    .header("Content-Disposition", org.springframework.http.ContentDisposition.attachment()
                            .filename(f.fileName(), java.nio.charset.StandardCharsets.UTF_8).build().toString())
                    .contentLength(java.nio.file.Files.size(f.path()))
                    .body(new FileSystemResource(f.path()));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the file of job " + job.id(), e);
        }
    }
}
