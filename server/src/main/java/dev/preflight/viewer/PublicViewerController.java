package dev.preflight.viewer;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.PublicRoute;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static dev.preflight.viewer.ViewerController.DPI;
import static dev.preflight.viewer.ViewerController.NOT_AVAILABLE;
import static dev.preflight.viewer.ViewerController.NOT_COMPLETE;
import static dev.preflight.viewer.ViewerController.TAC;

/**
 * The viewer's unauthenticated twins (spec: Viewer): a share token stands in for the bearer key and the job id. Each
 * route resolves the token through {@link ViewerJobs#shared(String, HttpServletRequest)} (404 unknown, 410 expired
 * or revoked, 403 while a visitor email is required and missing) and then makes the same {@link ViewerService} call
 * as its authenticated twin, so both answer the same body, bytes and ETag for the same job. The token alone names
 * the job: no route here takes a job id. Read-only: nothing here changes the job. The config is the one route that
 * counts a visit of the link (a viewer loads it once per page view; tiles and lists do not count).
 */
@RestController
@PublicRoute
@Tag(name = "viewer")
@ApiError(status = 404, when = "The token is unknown or malformed, is not served on this host (custom domains serve"
        + " only their tenant's links), or its job was deleted")
@ApiError(status = 410, when = "The share link expired or was revoked")
@ApiError(status = 403, when = "The link requires a visitor email: identify with POST"
        + " /api/v1/reports/tokens/{token}/visitor and send the visitor token in the X-Visitor-Token header (browsers"
        + " get the share_visitor cookie)")
class PublicViewerController {

    private static final String SHARED = "/api/v1/viewer/public/{token}";
    private static final String PAGE = SHARED + "/pages/{page_num}";
    private static final String TOKEN = "the share token of a minted report";

    private final ViewerJobs jobs;
    private final ViewerService viewer;
    private final ViewerProperties properties;

    PublicViewerController(ViewerJobs jobs, ViewerService viewer, ViewerProperties properties) {
        this.jobs = jobs;
        this.viewer = viewer;
        this.properties = properties;
    }

    @GetMapping(SHARED + "/config")
    @Operation(operationId = "getSharedViewerConfig", summary = "How to present the viewer for a shared job",
            description = "As the authenticated config, with three differences: the branding is the one frozen when"
                    + " the link was minted (later profile edits do not show; there is no brand parameter),"
                    + " capability_fillin_enabled is false (fill-in needs an API key) and annotations_enabled also"
                    + " needs the link's allow_annotations. Loading it counts a visit of the link (accessed_count and,"
                    + " on the first touch per visitor email, share_link.visited).")
    ViewerResponses.ViewerConfig config(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                        HttpServletRequest request) {
        ViewedJob v = jobs.shared(token, request);
        ViewerResponses.ViewerConfig body = viewer.config(v, null);
        jobs.visited(v, request);
        return body;
    }

    @GetMapping(SHARED + "/info")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @ApiError(status = 422, when = "The document cannot be inspected")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    @Operation(operationId = "getSharedDocumentInfo", summary = "What the shared PDF says about itself",
            description = "The same record as GET /api/v1/viewer/jobs/{job_id}/info.")
    ViewerResponses.DocumentInfo info(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                      HttpServletRequest request) {
        return viewer.info(jobs.shared(token, request));
    }

    @GetMapping(SHARED + "/pages")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "listSharedViewerPages", summary = "Page geometry of the shared job")
    ViewerResponses.PageList pages(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                   HttpServletRequest request) {
        return viewer.pages(jobs.shared(token, request));
    }

    @GetMapping(SHARED + "/layers")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "listSharedLayers", summary = "The shared job's layers (optional-content groups)")
    ViewerResponses.LayerList layers(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                     HttpServletRequest request) {
        return viewer.layers(jobs.shared(token, request));
    }

    @GetMapping(SHARED + "/separations")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @ApiError(status = 422, when = "Ghostscript cannot render the document's separations")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    @Operation(operationId = "listSharedSeparations", summary = "The shared job's inks: process first, then spots")
    ViewerResponses.ChannelList separations(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                            HttpServletRequest request) {
        return viewer.separations(jobs.shared(token, request));
    }

    @GetMapping(SHARED + "/verdict")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getSharedVerdict", summary = "The shared job's verdict (read-only)",
            description = "The reviewer's verdict, else the automatic one. Visitors cannot record a verdict.")
    ViewerResponses.Verdict verdict(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                    HttpServletRequest request) {
        return viewer.verdict(jobs.shared(token, request));
    }

    @GetMapping(PAGE + "/tile")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getSharedTile", summary = "A page of the shared job rendered as PNG",
            description = "The same picture, ETag and parameters as GET /api/v1/viewer/jobs/{job_id}/pages/{page_num}"
                    + "/tile, including the region extension (x, y, w, h).")
    @ApiResponse(responseCode = "200", description = "The tile", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 422, when = "The page cannot be rendered, or the render exceeds the pixel budget or its time"
            + " bound")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> tile(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                HttpServletRequest request, @PathVariable("page_num") int pageNum,
                                @Parameter(description = DPI) @RequestParam(value = "dpi", required = false) Integer dpi,
                                @Parameter(description = "comma-separated layer indices (ocg_index) to force on")
                                @RequestParam(value = "ocg_on", required = false) String ocgOn,
                                @Parameter(description = "comma-separated layer indices (ocg_index) to force off")
                                @RequestParam(value = "ocg_off", required = false) String ocgOff,
                                @Parameter(description = "region left edge, PDF points, origin lower-left (extension)")
                                @RequestParam(value = "x", required = false) Double x,
                                @Parameter(description = "region bottom edge, PDF points, origin lower-left (extension)")
                                @RequestParam(value = "y", required = false) Double y,
                                @Parameter(description = "region width, points (extension)")
                                @RequestParam(value = "w", required = false) Double w,
                                @Parameter(description = "region height, points (extension)")
                                @RequestParam(value = "h", required = false) Double h) {
        return png(request, viewer.tilePng(jobs.shared(token, request), pageNum, dpi, ocgOn, ocgOff, x, y, w, h));
    }

    @GetMapping(PAGE + "/channel/{name}")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getSharedChannel", summary = "One separation of a shared page as a greyscale PNG",
            description = "Dark is ink (black 100 %, white none). name is the ink's exact name, percent-encoded"
                    + " (UTF-8), with '+' for spaces.")
    @ApiResponse(responseCode = "200", description = "The plate", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 404, when = "The page has no channel of that name")
    @ApiError(status = 422, when = "Ghostscript cannot render the page's separations")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> channel(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                   HttpServletRequest request, @PathVariable("page_num") int pageNum,
                                   @Parameter(description = "the ink's name, percent-encoded, '+' for spaces")
                                   @PathVariable("name") String name,
                                   @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                   Integer dpi) {
        return png(request, viewer.channel(jobs.shared(token, request), pageNum,
                ViewerController.channelName(request, name), dpi));
    }

    @GetMapping(PAGE + "/tac-heatmap")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getSharedTacHeatmap", summary = "A shared page in grey with pixels above the TAC limit"
            + " in red")
    @ApiResponse(responseCode = "200", description = "The heatmap", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 422, when = "The page's separations or RGB render cannot be made")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> heatmap(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                   HttpServletRequest request, @PathVariable("page_num") int pageNum,
                                   @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                   Integer dpi,
                                   @Parameter(description = TAC) @RequestParam(value = "tac_limit", required = false)
                                   Double tacLimit) {
        return png(request, viewer.heatmap(jobs.shared(token, request), pageNum, dpi, tacLimit));
    }

    @GetMapping(PAGE + "/sample")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @ApiError(status = 422, when = "The point is off the page, or the page cannot be rendered")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    @Operation(operationId = "sampleSharedPixel", summary = "Colour picker on a shared page: RGB and total ink")
    ViewerResponses.ColorSample sample(@Parameter(description = TOKEN) @PathVariable("token") String token,
                                       HttpServletRequest request, @PathVariable("page_num") int pageNum,
                                       @Parameter(description = "PDF points, origin lower-left", required = true)
                                       @RequestParam("x") double x,
                                       @Parameter(description = "PDF points, origin lower-left", required = true)
                                       @RequestParam("y") double y,
                                       @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                       Integer dpi) {
        return viewer.sample(jobs.shared(token, request), pageNum, x, y, dpi);
    }

    private ResponseEntity<byte[]> png(HttpServletRequest request, ViewerService.Png png) {
        return ViewerController.png(request, png, properties.tileMaxAge());
    }
}
