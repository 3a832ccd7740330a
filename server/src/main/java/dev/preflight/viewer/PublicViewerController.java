package dev.preflight.viewer;

import dev.preflight.platform.ApiError;
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

    PublicViewerController(ViewerJobs jobs, ViewerService viewer, ViewerProperties properties) {
        super(viewer, properties);
        this.jobs = jobs;
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
