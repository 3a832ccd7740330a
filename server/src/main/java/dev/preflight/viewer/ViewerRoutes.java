package dev.preflight.viewer;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.RequestValidationException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The viewer routes that an API key and a share link both open, written once. {@link ViewerController} serves them
 * under {@code /api/v1/viewer/jobs/{job_id}} and {@link PublicViewerController} under
 * {@code /api/v1/viewer/public/{token}}; the job each request may see arrives as a {@link ViewedJob} argument,
 * resolved before the handler runs ({@link ViewedJobResolver}), so a handler never knows which of the two it serves.
 * Each twin keeps its own operation in /openapi.json: the {@link Operation} here documents the key's route and the
 * {@link SharedOperation} the share link's ({@link ViewerRouteDocs}). Rendered images carry an ETag and
 * {@code Cache-Control: private, max-age}, and answer 304 to a matching {@code If-None-Match}.
 */
abstract class ViewerRoutes {

    static final String DPI = "resolution, 36 to 600 dots per inch (default: the config's default_dpi, 150)";
    static final String TAC = "percent, 100 to 500 (default: the config's default_tac_limit, 300)";
    static final String NOT_COMPLETE = "The job is not completed yet, or it failed";
    static final String NOT_AVAILABLE = "The job is not completed yet (or failed), or it does not have the"
            + " capability this list stands for (fill it first); the detail says which";

    final ViewerService viewer;
    private final ViewerProperties properties;

    ViewerRoutes(ViewerService viewer, ViewerProperties properties) {
        this.viewer = viewer;
        this.properties = properties;
    }

    @GetMapping("/pages")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "listViewerPages", summary = "Page geometry of a job (every preflight_source)")
    @SharedOperation(operationId = "listSharedViewerPages", summary = "Page geometry of the shared job")
    ViewerResponses.PageList pages(ViewedJob job) {
        return viewer.pages(job);
    }

    @GetMapping("/info")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getDocumentInfo", summary = "What the PDF says about itself",
            description = "PDF version, Info/XMP metadata, PDF/X and PDF/A claims, output intents, encryption, layers,"
                    + " size, tagging and repair. Read by one facts pass over the file on first request and stored.")
    @SharedOperation(operationId = "getSharedDocumentInfo", summary = "What the shared PDF says about itself",
            description = "The same record as GET /api/v1/viewer/jobs/{job_id}/info.")
    @ApiError(status = 422, when = "The document cannot be inspected")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.DocumentInfo info(ViewedJob job) {
        return viewer.info(job);
    }

    @GetMapping("/layers")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "listLayers", summary = "The job's layers (optional-content groups), extracted at ingest")
    @SharedOperation(operationId = "listSharedLayers", summary = "The shared job's layers (optional-content groups)")
    ViewerResponses.LayerList layers(ViewedJob job) {
        return viewer.layers(job);
    }

    @GetMapping("/separations")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "listSeparations", summary = "The job's inks: process first, then every spot ink",
            description = "From Ghostscript's separations with overprint simulated. Needs the separations capability"
                    + " (engine jobs whose profile renders ink have it; fill it for others).")
    @SharedOperation(operationId = "listSharedSeparations",
            summary = "The shared job's inks: process first, then spots")
    @ApiError(status = 422, when = "Ghostscript cannot render the document's separations")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.ChannelList separations(ViewedJob job) {
        return viewer.separations(job);
    }

    @GetMapping("/verdict")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getVerdict", summary = "The job's verdict: the reviewer's, else the automatic one")
    @SharedOperation(operationId = "getSharedVerdict", summary = "The shared job's verdict (read-only)",
            description = "The reviewer's verdict, else the automatic one. Visitors cannot record a verdict.")
    ViewerResponses.Verdict verdict(ViewedJob job) {
        return viewer.verdict(job);
    }

    // The viewed job is the last argument of every handler, so that it is resolved after the request's parameters
    // were read: a malformed parameter answers 422 before an unknown job or token answers 404.

    @GetMapping("/pages/{page_num}/tile")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getTile", summary = "A page rendered as PNG",
            description = "A soft proof by default: the page as the press prints it (Ghostscript's overprint"
                    + " simulation: CMYK plus every spot ink, overprint and overprint mode, transparency), shown"
                    + " through the output condition (the file's CMYK output intent, else FOGRA39); proof=off gives"
                    + " the plain screen render drawn by PDFBox. Both on the page's pixel grid (shared with the"
                    + " separations). Layers follow the"
                    + " document's default configuration; ocg_on and ocg_off force layers by index. Our extension: x,"
                    + " y, w, h (PDF points, origin lower-left) render only that region of the page. One render may"
                    + " allocate at most 60 megapixels; a larger request answers 422 naming the largest dpi that fits.")
    @SharedOperation(operationId = "getSharedTile", summary = "A page of the shared job rendered as PNG",
            description = "The same picture, ETag and parameters as GET /api/v1/viewer/jobs/{job_id}/pages/{page_num}"
                    + "/tile, including the region extension (x, y, w, h).")
    @ApiResponse(responseCode = "200", description = "The tile", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 422, when = "The page cannot be rendered, or the render exceeds the pixel budget or its time"
            + " bound")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> tile(HttpServletRequest request, @PathVariable("page_num") int pageNum,
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
                                @RequestParam(value = "h", required = false) Double h,
                                @Parameter(description = "on (default): a soft proof as the press prints it; off: the"
                                        + " plain screen render", schema = @Schema(allowableValues = {"on", "off"},
                                        defaultValue = "on"))
                                @RequestParam(value = "proof", required = false) String proof,
                                ViewedJob job) {
        return png(request, viewer.tilePng(job, pageNum, dpi, ocgOn, ocgOff, x, y, w, h, proof));
    }

    @GetMapping("/pages/{page_num}/channel/{name}")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getChannel", summary = "One separation of a page as a greyscale PNG: dark is ink",
            description = "Black is 100 % ink, white none, like film. name is the ink's exact name, percent-encoded"
                    + " (UTF-8), with '+' for spaces. A channel of the job that this page does not use is white.")
    @SharedOperation(operationId = "getSharedChannel", summary = "One separation of a shared page as a greyscale PNG",
            description = "Dark is ink (black 100 %, white none). name is the ink's exact name, percent-encoded"
                    + " (UTF-8), with '+' for spaces.")
    @ApiResponse(responseCode = "200", description = "The plate", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 404, when = "The page has no channel of that name")
    @ApiError(status = 422, when = "Ghostscript cannot render the page's separations")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> channel(HttpServletRequest request, @PathVariable("page_num") int pageNum,
                                   @Parameter(description = "the ink's name, percent-encoded, '+' for spaces")
                                   @PathVariable("name") String name,
                                   @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                   Integer dpi,
                                   ViewedJob job) {
        return png(request, viewer.channel(job, pageNum, channelName(request, name), dpi));
    }

    @GetMapping("/pages/{page_num}/plates")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getPlates", summary = "What the page prints with some inks switched off, as PNG",
            description = "Our extension, as Acrobat's Output Preview hides separations: the page's plates"
                    + " (Ghostscript's separations, overprint simulated) without the inks named in hide, composed"
                    + " as they print (process plates as CMYK, each spot through its alternate's full-tint value in"
                    + " the condition's CMYK, mixed subtractively) and shown through the output condition like the"
                    + " soft-proof tile (the file's CMYK output intent, else FOGRA39). With nothing hidden it is the"
                    + " tile's picture within rounding. Same pixel grid as the tile and the channels.")
    @SharedOperation(operationId = "getSharedPlates",
            summary = "What a shared page prints with some inks switched off, as PNG",
            description = "The same picture, ETag and parameters as GET /api/v1/viewer/jobs/{job_id}/pages/{page_num}"
                    + "/plates.")
    @ApiResponse(responseCode = "200", description = "The composite", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 422, when = "A hidden name is no ink of the job, or the page's separations cannot be"
            + " rendered")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> plates(HttpServletRequest request, @PathVariable("page_num") int pageNum,
                                  @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                  Integer dpi,
                                  @Parameter(description = "an ink to leave out, exactly as GET .../separations"
                                          + " names it; repeat the parameter for more (a comma is part of a name)")
                                  @RequestParam(value = "hide", required = false) String[] hide,
                                  ViewedJob job) {
        // the servlet's own values: Spring would split one value at its commas, which spot names may hold
        String[] names = request.getParameterValues("hide");
        return png(request, viewer.plates(job, pageNum, dpi, names == null ? null : java.util.List.of(names)));
    }

    @GetMapping("/pages/{page_num}/tac-heatmap")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getTacHeatmap", summary = "The page in grey with pixels above the TAC limit in red",
            description = "Total ink of a pixel is the sum of all its separations; a pixel strictly above tac_limit"
                    + " is blended with red at 60 %.")
    @SharedOperation(operationId = "getSharedTacHeatmap",
            summary = "A shared page in grey with pixels above the TAC limit in red")
    @ApiResponse(responseCode = "200", description = "The heatmap", content = @Content(mediaType = "image/png",
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the If-None-Match ETag is current")
    @ApiError(status = 422, when = "The page's separations or RGB render cannot be made")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ResponseEntity<byte[]> heatmap(HttpServletRequest request, @PathVariable("page_num") int pageNum,
                                   @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                   Integer dpi,
                                   @Parameter(description = TAC) @RequestParam(value = "tac_limit", required = false)
                                   Double tacLimit,
                                   ViewedJob job) {
        return png(request, viewer.heatmap(job, pageNum, dpi, tacLimit));
    }

    @GetMapping("/pages/{page_num}/sample")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "samplePixel", summary = "Colour picker: RGB and total ink of one pixel")
    @SharedOperation(operationId = "sampleSharedPixel",
            summary = "Colour picker on a shared page: RGB and total ink")
    @ApiError(status = 422, when = "The point is off the page, or the page cannot be rendered")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ViewerResponses.ColorSample sample(@PathVariable("page_num") int pageNum,
                                       @Parameter(description = "PDF points, origin lower-left", required = true)
                                       @RequestParam("x") double x,
                                       @Parameter(description = "PDF points, origin lower-left", required = true)
                                       @RequestParam("y") double y,
                                       @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                       Integer dpi,
                                       ViewedJob job) {
        return viewer.sample(job, pageNum, x, y, dpi);
    }

    ResponseEntity<byte[]> png(HttpServletRequest request, ViewerService.Png png) {
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
