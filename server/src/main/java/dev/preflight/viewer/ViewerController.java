package dev.preflight.viewer;

import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The authenticated viewer routes (spec: Viewer) under {@code /api/v1/viewer/jobs/{job_id}}: those a share link
 * opens too ({@link ViewerRoutes}) and those only an API key opens (the lists and readings without a public twin,
 * capability fill-in, tile warming, recording a verdict, and the config with its {@code brand} parameter). The job
 * arrives resolved through the key's tenant (see {@link ViewedJobResolver}); each route calls one {@link ViewerService}
 * operation.
 */
@RestController
@RequestMapping(ViewerController.JOB)
@Tag(name = "viewer")
class ViewerController extends ViewerRoutes {

    static final String JOB = "/api/v1/viewer/jobs/{job_id}";

    ViewerController(ViewerService viewer, ViewerProperties properties) {
        super(viewer, properties);
    }

    @GetMapping("/fonts")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "listFonts", summary = "Every font that shows glyphs, with glyph problems",
            description = "Needs the fonts capability (engine jobs have it; fill it for others).")
    @ApiError(status = 422, when = "The document cannot be inspected")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.FontList fonts(ViewedJob job) {
        return viewer.fonts(job);
    }

    @GetMapping("/images")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "listImages", summary = "Every image with its placements and effective resolution",
            description = "Our extension. Needs the images capability (engine jobs have it; fill it for others).")
    @ApiError(status = 422, when = "The document cannot be inspected")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.ImageList images(ViewedJob job) {
        return viewer.images(job);
    }

    @GetMapping("/tac")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "getTacSummary", summary = "Ink per page: maximum TAC, area over the limit, coverage",
            description = "Our extension: the document-wide ink pass (Ghostscript separations at a low resolution,"
                    + " 15 mm averaging square). Needs the tac capability.")
    @ApiError(status = 422, when = "Ghostscript cannot render the document's separations")
    @ApiError(status = 503, when = "Too many document computations are waiting")
    ViewerResponses.TacSummary tac(ViewedJob job) {
        return viewer.tac(job);
    }

    @GetMapping("/pages/{page_num}/tac-heatmap/runs")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getTacRuns", summary = "Regions of the page above the TAC limit",
            description = "A run is a maximal 8-connected set of pixels whose total ink is strictly above tac_limit,"
                    + " given as its bounding box in points with the origin at the top-left of the displayed page;"
                    + " largest first, at most 200, total_runs counts them all.")
    @ApiError(status = 422, when = "Ghostscript cannot render the page's separations")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ViewerResponses.TacRunList runs(@PathVariable("page_num") int pageNum,
                                    @Parameter(description = DPI) @RequestParam(value = "dpi", required = false)
                                    Integer dpi,
                                    @Parameter(description = TAC) @RequestParam(value = "tac_limit", required = false)
                                    Double tacLimit,
                                    ViewedJob job) {
        return viewer.runs(job, pageNum, dpi, tacLimit);
    }

    @GetMapping("/pages/{page_num}/densitometer")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "readDensitometer", summary = "Ink of every channel at a point (3 x 3 pixel patch)",
            description = "Read from the page's separation render, made on the first call and stored.")
    @ApiError(status = 422, when = "The point is off the page, or the separations cannot be rendered")
    @ApiError(status = 503, when = "Every render worker is busy; retry")
    ViewerResponses.DensitometerReading densitometer(@PathVariable("page_num") int pageNum,
                                                     @Parameter(description = "PDF points, origin lower-left",
                                                             required = true) @RequestParam("x") double x,
                                                     @Parameter(description = "PDF points, origin lower-left",
                                                             required = true) @RequestParam("y") double y,
                                                     @Parameter(description = DPI)
                                                     @RequestParam(value = "dpi", required = false) Integer dpi,
                                                     @Parameter(description = TAC)
                                                     @RequestParam(value = "tac_limit", required = false)
                                                     Double tacLimit,
                                                     ViewedJob job) {
        return viewer.densitometer(job, pageNum, x, y, dpi, tacLimit);
    }

    @GetMapping("/pages/{page_num}/text-regions")
    @ApiError(status = 409, when = NOT_AVAILABLE)
    @Operation(operationId = "getTextRegions", summary = "The words OCR read on a page, boxes in points",
            description = "Our extension. Needs the text_regions capability (fill it: tesseract reads every page).")
    ViewerResponses.TextRegions textRegions(@PathVariable("page_num") int pageNum, ViewedJob job) {
        return viewer.textRegions(job, pageNum);
    }

    @GetMapping("/tile-warming")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @Operation(operationId = "getTileWarming", summary = "Progress of the tile pre-render after completion",
            description = "Clients poll about every 1.5 s; capabilities.tiles_warmed turns true at status complete.")
    ViewerResponses.TileWarming tileWarming(ViewedJob job) {
        return viewer.tileWarming(job);
    }

    @GetMapping("/config")
    @Operation(operationId = "getViewerConfig", summary = "How to present the viewer for a job",
            description = "Defaults, plan gates (capability_fillin_enabled, annotations_enabled,"
                    + " allowed_report_formats), the job's capabilities and branding (null and anonymous while no"
                    + " branding is configured). Answers for jobs in every state; capabilities are false until the"
                    + " job completed.")
    @ApiError(status = 404, when = "Unknown job, or brand names a brand profile this tenant does not have")
    ViewerResponses.ViewerConfig config(@Parameter(description = "anonymous, service or a brand profile UUID (as on"
                                                + " submit)") @RequestParam(value = "brand", required = false)
                                        String brand,
                                        ViewedJob job) {
        return viewer.config(job, brand);
    }

    @PostMapping("/capabilities/{capability}")
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
    ResponseEntity<ViewerResponses.CapabilityFill> fill(Caller caller,
                                                        @Parameter(description = "separations, tac, fonts, images or"
                                                                + " text_regions") @PathVariable("capability")
                                                        String capability,
                                                        ViewedJob job) {
        var fill = viewer.fill(job, caller, capability);
        return ResponseEntity.status(fill.taskId() == null ? HttpStatus.OK : HttpStatus.ACCEPTED).body(fill);
    }

    /** Body of a verdict. */
    @Schema(name = "VerdictRequest")
    record VerdictRequest(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"pass", "fail"})
                          @Nullable String verdict,
                          @Schema(description = "required when verdict is fail", maxLength = VerdictService.MAX_NOTES)
                          @Nullable String notes) {
    }

    @PostMapping("/verdict")
    @ApiError(status = 409, when = NOT_COMPLETE)
    @ApiError(status = 403, when = "The key lacks the permission jobs:write")
    @Operation(operationId = "recordVerdict", summary = "Record pass or fail (fail needs notes)",
            description = "Emits verdict.changed when the recorded verdict or notes change.")
    ViewerResponses.Verdict recordVerdict(Caller caller, @RequestBody VerdictRequest body, ViewedJob job) {
        return viewer.recordVerdict(job, caller, body.verdict(), body.notes());
    }
}
