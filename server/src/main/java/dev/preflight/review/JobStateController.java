package dev.preflight.review;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.PublicRoute;
import dev.preflight.reports.ShareLink;
import dev.preflight.reports.ShareLinks;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.EnumSet;
import java.util.UUID;

/**
 * The job state (spec: {@code GET /api/v1/jobs/{job_id}/state} and its share-link twin): one call for everything a
 * dashboard or a customer portal shows about a job. See docs/review.md, "Job state".
 */
@RestController
@Tag(name = "jobs")
class JobStateController {

    private static final String INCLUDE = "comma-separated blocks to include besides the job; default all";

    private final JobStateService states;
    private final AnnotationService annotations;
    private final ShareLinks links;

    JobStateController(JobStateService states, AnnotationService annotations, ShareLinks links) {
        this.states = states;
        this.annotations = annotations;
        this.links = links;
    }

    @GetMapping("/api/v1/jobs/{job_id}/state")
    @Operation(operationId = "getJobState", summary = "The job with its share links, approval chain, verdict and "
            + "annotations in one call",
            description = "include: any of reports, approval_chain, verdict, annotations (comma-separated; default "
                    + "all; an unknown key is 422). Blocks not included are absent. job.state_changed carries the "
                    + "same body with every block whenever it would change.")
    JobState state(Caller caller, @PathVariable("job_id") UUID jobId,
                   @Parameter(description = INCLUDE + " (reports, approval_chain, verdict, annotations)")
                   @RequestParam(value = "include", required = false) String include) {
        var blocks = JobStateService.parseInclude(include, EnumSet.allOf(JobStateService.Block.class));
        return states.state(annotations.job(caller, jobId), blocks, false);
    }

    @GetMapping("/api/v1/viewer/public/{token}/state")
    @PublicRoute
    @Operation(operationId = "getSharedJobState", summary = "The state of a share link's job, without its share links",
            description = "No authentication; subject to the link's expiry. include: any of approval_chain, verdict,"
                    + " annotations (reports is 422 here). The job block carries no report links.")
    @ApiError(status = 403, when = "The link requires a visitor email: send the X-Visitor-Token header (or cookie) "
            + "from POST /api/v1/reports/tokens/{token}/visitor")
    @ApiError(status = 410, when = "The link expired or was revoked")
    JobState sharedState(@PathVariable("token") String token,
                         @Parameter(description = INCLUDE + " (approval_chain, verdict, annotations)")
                         @RequestParam(value = "include", required = false) String include,
                         HttpServletRequest request) {
        ShareLink link = links.requireVisitor(token, request);
        var blocks = JobStateService.parseInclude(include, JobStateService.SHARED);
        return states.state(annotations.job(link), blocks, true);
    }
}
