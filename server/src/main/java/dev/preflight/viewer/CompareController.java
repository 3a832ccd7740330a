package dev.preflight.viewer;

import dev.preflight.platform.ApiError;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.UUID;

/** Two-job comparison (spec: Viewer): compare two jobs of the caller's tenant, then fetch each page's diff picture. */
@RestController
@Tag(name = "viewer")
class CompareController {

    private final CompareService compare;
    private final ViewerProperties properties;

    CompareController(CompareService compare, ViewerProperties properties) {
        this.compare = compare;
        this.properties = properties;
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
        return ViewerRoutes.png(request, new ViewerService.Png(d.etag(), () -> compare.png(d)),
                properties.tileMaxAge());
    }
}
