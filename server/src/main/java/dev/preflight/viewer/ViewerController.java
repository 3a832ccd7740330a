package dev.preflight.viewer;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

/**
 * The authenticated viewer routes (spec: Viewer). Each resolves the job through {@link ViewerJobs} and calls one
 * {@link ViewerService} operation, so the unauthenticated twin under {@code /api/v1/viewer/public/{token}/...} is
 * the same line with {@code jobs.shared(token)}. Rendered images carry an ETag and
 * {@code Cache-Control: private, max-age}, and answer 304 to a matching {@code If-None-Match}.
 */
@RestController
@Tag(name = "viewer")
class ViewerController {

    private static final String JOB = "/api/v1/viewer/jobs/{job_id}";
    private static final String PAGE = JOB + "/pages/{page_num}";
    static final String DPI = "resolution, 36 to 600 dots per inch (default: the config's default_dpi, 150)";
    static final String TAC = "percent, 100 to 500 (default: the config's default_tac_limit, 300)";
    static final String NOT_COMPLETE = "The job is not completed yet, or it failed";
    static final String NOT_AVAILABLE = "The job is not completed yet (or failed), or it does not have the"
            + " capability this list stands for (fill it first); the detail says which";

    private final ViewerJobs jobs;
    private final ViewerService viewer;
    private final CompareService compare;
    private final ViewerProperties properties;

    ViewerController(ViewerJobs jobs, ViewerService viewer, CompareService compare, ViewerProperties properties) {
        this.jobs = jobs;
        this.viewer = viewer;
        this.compare = compare;
        this.properties = properties;
    }

    @GetMapping(JOB + "/pages")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "listViewerPages", summary = "Page geometry of a job (every preflight_source)")
    ViewerResponses.PageList pages(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.pages(jobs.bearer(caller, jobId));
    }

    @GetMapping(JOB + "/info")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getDocumentInfo", summary = "What the PDF says about itself",
            description = "PDF version, Info/XMP metadata, PDF/X and PDF/A claims, output intents, encryption, layers,"
                    + " size, tagging and repair. Read by one facts pass over the file on first request and stored.")
    @ApiError(status = 422, when = "The document cannot be inspected")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.DocumentInfo info(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.info(jobs.bearer(caller, jobId));
    }

    @GetMapping(JOB + "/fonts")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "listFonts", summary = "Every font that shows glyphs, with glyph problems",
            description = "Needs the fonts capability (engine jobs have it; fill it for others).")
    @ApiError(status = 422, when = "The document cannot be inspected")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.FontList fonts(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.fonts(jobs.bearer(caller, jobId));
    }

    @GetMapping(JOB + "/images")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "listImages", summary = "Every image with its placements and effective resolution",
            description = "Our extension. Needs the images capability (engine jobs have it; fill it for others).")
    @ApiError(status = 422, when = "The document cannot be inspected")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.ImageList images(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.images(jobs.bearer(caller, jobId));
    }

    @GetMapping(JOB + "/layers")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "listLayers", summary = "The job's layers (optional-content groups), extracted at ingest")
    ViewerResponses.LayerList layers(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.layers(jobs.bearer(caller, jobId));
    }

    @GetMapping(JOB + "/separations")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "listSeparations", summary = "The job's inks: process first, then every spot ink",
            description = "From Ghostscript's separations with overprint simulated. Needs the separations capability"
                    + " (engine jobs whose profile renders ink have it; fill it for others).")
    @ApiError(status = 422, when = "Ghostscript cannot render the document's separations")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.ChannelList separations(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.separations(jobs.bearer(caller, jobId));
    }

    @GetMapping(JOB + "/tac")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "getTacSummary", summary = "Ink per page: maximum TAC, area over the limit, coverage",
            description = "Our extension: the document-wide ink pass (Ghostscript separations at a low resolution,"
                    + " 15 mm averaging square). Needs the tac capability.")
    @ApiError(status = 422, when = "Ghostscript cannot render the document's separations")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.TacSummary tac(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.tac(jobs.bearer(caller, jobId));
    }

    @GetMapping(PAGE + "/tile")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getTile", summary = "A page rendered as PNG",
            description = "Drawn by PDFBox on the page's pixel grid (shared with the separations). Layers follow the"
                    + " document's default configuration; ocg_on and ocg_off force layers by index. Our extension: x,"
                    + " y, w, h (PDF points, origin lower-left) render only that region of the page. One render may"
                    + " allocate at most 60 megapixels; a larger request answers 422 naming the largest dpi that fits.")
    @ApiResponse(responseCode = "200", description = "The tile", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 422, when = "The page cannot be rendered, or the render exceeds the pixel budget or its time"
            + " bound")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> tile(Caller caller, HttpServletRequest request, @PathVariable("job_id") UUID jobId,
                                @PathVariable("page_num") int pageNum,
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
        return png(request, viewer.tilePng(jobs.bearer(caller, jobId), pageNum, dpi, ocgOn, ocgOff, x, y, w, h));
    }

    @GetMapping(PAGE + "/channel/{name}")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getChannel", summary = "One separation of a page as a greyscale PNG: dark is ink",
            description = "Black is 100 % ink, white none, like film. name is the ink's exact name, percent-encoded"
                    + " (UTF-8), with '+' for spaces. A channel of the job that this page does not use is white.")
    @ApiResponse(responseCode = "200", description = "The plate", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 404, when = "The page has no channel of that name")
    @ApiError(status = 422, when = "Ghostscript cannot render the page's separations")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> channel(Caller caller, HttpServletRequest request, @PathVariable("job_id") UUID jobId,
                                   @PathVariable("page_num") int pageNum,
                                   @Parameter(description = "the ink's name, percent-encoded, '+' for spaces")
                                   @PathVariable("name") String name,
                                   @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                   Integer dpi) {
        return png(request, viewer.channel(jobs.bearer(caller, jobId), pageNum, channelName(request, name), dpi));
    }

    @GetMapping(PAGE + "/tac-heatmap")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getTacHeatmap", summary = "The page in grey with pixels above the TAC limit in red",
            description = "Total ink of a pixel is the sum of all its separations; a pixel strictly above tac_limit"
                    + " is blended with red at 60 %.")
    @ApiResponse(responseCode = "200", description = "The heatmap", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 422, when = "The page's separations or RGB render cannot be made")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> heatmap(Caller caller, HttpServletRequest request, @PathVariable("job_id") UUID jobId,
                                   @PathVariable("page_num") int pageNum,
                                   @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                   Integer dpi,
                                   @Parameter(description = TAC) @RequestParam(value = "tac_limit", required = false)
                                   Double tacLimit) {
        return png(request, viewer.heatmap(jobs.bearer(caller, jobId), pageNum, dpi, tacLimit));
    }

    @GetMapping(PAGE + "/tac-heatmap/runs")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getTacRuns", summary = "Regions of the page above the TAC limit",
            description = "A run is a maximal 8-connected set of pixels whose total ink is strictly above tac_limit,"
                    + " given as its bounding box in points with the origin at the top-left of the displayed page;"
                    + " largest first, at most 200, total_runs counts them all.")
    @ApiError(status = 422, when = "Ghostscript cannot render the page's separations")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ViewerResponses.TacRunList runs(Caller caller, @PathVariable("job_id") UUID jobId,
                                    @PathVariable("page_num") int pageNum,
                                    @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                    Integer dpi,
                                    @Parameter(description = TAC) @RequestParam(value = "tac_limit", required = false)
                                    Double tacLimit) {
        return viewer.runs(jobs.bearer(caller, jobId), pageNum, dpi, tacLimit);
    }

    @GetMapping(PAGE + "/sample")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "samplePixel", summary = "Colour picker: RGB and total ink of one pixel")
    @ApiError(status = 422, when = "The point is off the page, or the page cannot be rendered")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ViewerResponses.ColorSample sample(Caller caller, @PathVariable("job_id") UUID jobId,
                                       @PathVariable("page_num") int pageNum,
                                       @Parameter(description = "PDF points, origin lower-left", required = true)
                                       @RequestParam("x") double x,
                                       @Parameter(description = "PDF points, origin lower-left", required = true)
                                       @RequestParam("y") double y,
                                       @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                       Integer dpi) {
        return viewer.sample(jobs.bearer(caller, jobId), pageNum, x, y, dpi);
    }

    @GetMapping(PAGE + "/densitometer")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "readDensitometer", summary = "Ink of every channel at a point (3 x 3 pixel patch)",
            description = "Read from the page's separation render, made on the first call and stored.")
    @ApiError(status = 422, when = "The point is off the page, or the separations cannot be rendered")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ViewerResponses.DensitometerReading densitometer(Caller caller, @PathVariable("job_id") UUID jobId,
                                                     @PathVariable("page_num") int pageNum,
                                                     @Parameter(description = "PDF points, origin lower-left",
                                                             required = true) @RequestParam("x") double x,
                                                     @Parameter(description = "PDF points, origin lower-left",
                                                             required = true) @RequestParam("y") double y,
                                                     @Parameter(description = DPI)
                                                     @RequestParam(value = "dpi", required = false) Integer dpi,
                                                     @Parameter(description = TAC)
                                                     @RequestParam(value = "tac_limit", required = false)
                                                     Double tacLimit) {
        return viewer.densitometer(jobs.bearer(caller, jobId), pageNum, x, y, dpi, tacLimit);
    }

    @GetMapping(PAGE + "/text-regions")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "getTextRegions", summary = "The words OCR read on a page, boxes in points",
            description = "Our extension. Needs the text_regions capability (fill it: tesseract reads every page).")
    ViewerResponses.TextRegions textRegions(Caller caller, @PathVariable("job_id") UUID jobId,
                                            @PathVariable("page_num") int pageNum) {
        return viewer.textRegions(jobs.bearer(caller, jobId), pageNum);
    }

    @GetMapping(JOB + "/tile-warming")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getTileWarming", summary = "Progress of the tile pre-render after completion",
            description = "Clients poll about every 1.5 s; capabilities.tiles_warmed turns true at status complete.")
    ViewerResponses.TileWarming tileWarming(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.tileWarming(jobs.bearer(caller, jobId));
    }

    @GetMapping(JOB + "/config")
    @Operation(operationId = "getViewerConfig", summary = "How to present the viewer for a job",
            description = "Defaults, plan gates (capability_fillin_enabled, annotations_enabled,"
                    + " allowed_report_formats), the job's capabilities and branding (null and anonymous while no"
                    + " branding is configured). Answers for jobs in every state; capabilities are false until the"
                    + " job completed.")
    @ApiError(status = 404, when = "Unknown job, or brand names a brand profile this tenant does not have")
    ViewerResponses.ViewerConfig config(Caller caller, @PathVariable("job_id") UUID jobId,
                                        @Parameter(description = "anonymous, service or a brand profile UUID (as on"
                                                + " submit)") @RequestParam(value = "brand", required = false)
                                        String brand) {
        return viewer.config(jobs.bearer(caller, jobId), brand);
    }

    @PostMapping(JOB + "/capabilities/{capability}")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "fillCapability", summary = "Queue an analyzer run that fills a capability",
            description = "Fillable: separations and tac (the ink pass), fonts and images (the facts pass),"
                    + " text_regions (OCR of every page). 202 with the task id; 200 already_filled when the job has"
                    + " it. Poll the config until the capability turns true.")
    @ApiResponse(responseCode = "200", description = "already_filled: the job has the capability",
            content = @Content(schema = @Schema(implementation = ViewerResponses.CapabilityFill.class)))
    @ApiResponse(responseCode = "202", description = "queued",
            content = @Content(schema = @Schema(implementation = ViewerResponses.CapabilityFill.class)))
    @ApiError(status = 403, when = "The plan has no capability fill-in (Viewer tier), or the key lacks jobs:write",
            planGate = true)
    @ApiError(status = 422, when = "The capability is not fillable or unknown")
    ResponseEntity<ViewerResponses.CapabilityFill> fill(Caller caller, @PathVariable("job_id") UUID jobId,
                                                        @Parameter(description = "separations, tac, fonts, images or"
                                                                + " text_regions") @PathVariable("capability")
                                                        String capability) {
        var fill = viewer.fill(jobs.bearer(caller, jobId), caller, capability);
        return ResponseEntity.status(fill.taskId() == null ? HttpStatus.OK : HttpStatus.ACCEPTED).body(fill);
    }

    @GetMapping(JOB + "/verdict")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getVerdict", summary = "The job's verdict: the reviewer's, else the automatic one")
    ViewerResponses.Verdict verdict(Caller caller, @PathVariable("job_id") UUID jobId) {
        return viewer.verdict(jobs.bearer(caller, jobId));
    }

    /** Body of a verdict. */
    @Schema(name = "VerdictRequest")
    record VerdictRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"pass", "fail"})
                          @Nullable String verdict,
                          @Schema(description = "required when verdict is fail", maxLength = VerdictService.MAX_NOTES)
                          @Nullable String notes) {
    }

    @PostMapping(JOB + "/verdict")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @ApiError(status = 403, when = "The key lacks the permission jobs:write")
    @Operation(operationId = "recordVerdict", summary = "Record pass or fail (fail needs notes)",
            description = "Emits verdict.changed when the recorded verdict or notes change.")
    ViewerResponses.Verdict recordVerdict(Caller caller, @PathVariable("job_id") UUID jobId,
                                          @RequestBody VerdictRequest body) {
        return viewer.recordVerdict(jobs.bearer(caller, jobId), caller, body.verdict(), body.notes());
    }

    /** Body of a comparison. */
    @Schema(name = "CompareRequest")
    record CompareRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "uuid",
                                  description = "a completed job of the caller's tenant") @Nullable String jobA,
                          @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "uuid",
                                  description = "a completed job of the caller's tenant") @Nullable String jobB,
                          @Schema(minimum = "36", maximum = "600", defaultValue = "72") @Nullable Integer dpi) {
    }

    @PostMapping("/api/v1/viewer/compare")
    @Operation(operationId = "compareJobs", summary = "Compare two jobs page by page (SSIM and changed pixels)")
    @ApiError(status = 404, when = "job_a or job_b is unknown in this tenant")
    @ApiError(status = 409, when = "job_a or job_b is not completed")
    @ApiError(status = 422, when = "The comparison would render more than its pixel limit, or a page cannot be"
            + " rendered")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ViewerResponses.Comparison compareJobs(Caller caller, @RequestBody CompareRequest body) {
        return compare.compare(caller, body.jobA(), body.jobB(), body.dpi());
    }

    @GetMapping("/api/v1/viewer/compare/{comparison_id}/pages/{page_num}/diff")
    @Operation(operationId = "getComparisonDiff", summary = "The RGBA diff picture of a compared page",
            description = "Green: ink only in job_a; red: ink only in job_b; amber: a colour change above 32/255;"
                    + " transparent elsewhere. dpi defaults to the comparison's.")
    @ApiResponse(responseCode = "200", description = "The diff", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 422, when = "The page cannot be rendered, or the render exceeds the pixel budget")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> diff(Caller caller, HttpServletRequest request,
                                @PathVariable("comparison_id") UUID comparisonId,
                                @PathVariable("page_num") int pageNum,
                                @Parameter(description = "36 to 600 (default: the comparison's dpi)")
                                @RequestParam(value = "dpi", required = false) Integer dpi) {
        CompareService.Diff d = compare.diff(caller, comparisonId, pageNum, dpi);
        return png(request, new ViewerService.Png(d.etag(), () -> compare.png(d)));
    }

    private ResponseEntity<byte[]> png(HttpServletRequest request, ViewerService.Png png) {
        return png(request, png, properties.tileMaxAge());
    }

    /** A PNG answer with its ETag; 304 when the client holds it already. */
    static ResponseEntity<byte[]> png(HttpServletRequest request, ViewerService.Png png, Duration maxAge) {
        CacheControl cache = CacheControl.maxAge(maxAge).cachePrivate();
        if (matches(request.getHeader("If-None-Match"), png.etag())) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(png.etag()).cacheControl(cache).build();
        }
        byte[] body = png.body().get();
        return ResponseEntity.ok().contentType(MediaType.IMAGE_PNG).eTag(png.etag()).cacheControl(cache).body(body);
    }

    static boolean matches(@Nullable String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String candidate : ifNoneMatch.split(",")) {
            String c = candidate.trim();
            if (c.equals("*") || c.equals(etag) || (c.startsWith("W/") && c.substring(2).equals(etag))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The channel name from the raw path, so that '+' means a space and "%2B" a plus sign (the spec lets clients
     * write spaces as '+'; a decoded path variable could not tell the two apart).
     */
    static String channelName(HttpServletRequest request, String decoded) {
        String uri = request.getRequestURI();
        int at = uri.lastIndexOf("/channel/");
        if (at < 0) {
            return decoded;
        }
        try {
            return URLDecoder.decode(uri.substring(at + "/channel/".length()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw RequestValidationException.of("path", "name", "The channel name is not valid percent-encoding",
                    "value_error");
        }
    }
}
