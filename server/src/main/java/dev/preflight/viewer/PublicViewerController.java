package dev.preflight.viewer;

import dev.preflight.jobs.JobFile;
import dev.preflight.jobs.JobReader;
import dev.preflight.platform.ApiError;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.Validator;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestParam;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import dev.preflight.platform.PublicRoute;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The viewer's unauthenticated twins (spec: Viewer) under {@code /api/v1/viewer/public/{token}}: a share token
 * stands in for the bearer key and the job id. The routes are {@link ViewerRoutes}, the same handlers as the
 * authenticated ones, so both answer the same body, bytes and ETag for the same job; the job arrives resolved from
 * the token (404 unknown, 410 expired or revoked, 403 while a visitor email is required and missing; see
 * {@link ViewedJobResolver}). The token alone names the job: no route here takes a job id. Read-only: nothing here
 * changes the job. The config is the one route of its own: it counts a visit of the link (a viewer loads it once per
 * page view; tiles and lists do not count).
 */
@RestController
@RequestMapping(PublicViewerController.SHARED)
@PublicRoute
@Tag(name = "viewer")
@ApiError(status = 404, when = "The token is unknown or malformed, is not served on this host (custom domains serve"
        + " only their tenant's links), or its job was deleted")
@ApiError(status = 410, when = "The share link expired or was revoked")
@ApiError(status = 403, when = "The link requires a visitor email: identify with POST"
        + " /api/v1/reports/tokens/{token}/visitor and send the visitor token in the X-Visitor-Token header (browsers"
        + " get the share_visitor cookie)")
class PublicViewerController extends ViewerRoutes {

    static final String SHARED = "/api/v1/viewer/public/{token}";

    private final ViewerJobs jobs;
    private final JobReader files;
    private final boolean downloads;

    PublicViewerController(ViewerJobs jobs, ViewerService viewer, ViewerProperties properties, JobReader files) {
        super(viewer, properties);
        this.jobs = jobs;
        this.files = files;
        this.downloads = properties.defaults().enableDownload();
    }

    @GetMapping("/file")
    @Operation(operationId = "getSharedJobFile", summary = "Download the shared job's file",
            description = "The twin of GET /api/v1/jobs/{job_id}/file: the PDF the job was analysed from (the fixed "
                    + "file for a job that ran fixups), or with original=true the file as submitted. Only while the "
                    + "viewer config's enable_download is true (403 otherwise).")
    @ApiResponse(responseCode = "200", description = "The file", content = {
            @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "image/*", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "application/postscript", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "application/octet-stream", schema = @Schema(type = "string", format = "binary"))})
    @ApiError(status = 403, when = "The viewer config's enable_download is false, or the link requires a visitor "
            + "email the request does not carry")
    @ApiError(status = 409, when = "The job's PDF was asked for before the job completed")
    @ApiError(status = 422, when = "original is not true or false")
    ResponseEntity<Resource> file(@Parameter(description = "true: the file as submitted")
                                  @RequestParam(value = "original", required = false) @Nullable String original,
                                  ViewedJob job) {
        var v = Validator.query();
        Boolean asSubmitted = v.bool("original", original == null || original.isBlank() ? null : original.trim());
        v.throwIfInvalid();
        if (!downloads) {
            throw new ForbiddenException("Downloads are switched off for shared jobs (viewer config enable_download "
                    + "is false).");
        }
        try {
            JobFile f = files.file(job.job(), Boolean.TRUE.equals(asSubmitted));
            return ResponseEntity.ok().contentType(MediaType.parseMediaType(f.contentType()))
                    .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment()
                            .filename(f.fileName(), StandardCharsets.UTF_8).build().toString())
                    .contentLength(Files.size(f.path()))
                    .body(new FileSystemResource(f.path()));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the file of the shared job", e);
        }
    }

    @GetMapping("/config")
    @Operation(operationId = "getSharedViewerConfig", summary = "How to present the viewer for a shared job",
            description = "As the authenticated config, with three differences: the branding is the one frozen when"
                    + " the link was minted (later profile edits do not show; there is no brand parameter),"
                    + " capability_fillin_enabled is false (fill-in needs an API key) and annotations_enabled also"
                    + " needs the link's allow_annotations. Loading it counts a visit of the link (accessed_count and,"
                    + " on the first touch per visitor email, share_link.visited).")
    ViewerResponses.ViewerConfig config(HttpServletRequest request, ViewedJob job) {
        ViewerResponses.ViewerConfig body = viewer.config(job, null);
        jobs.visited(job, request);
        return body;
    }
}
