package dev.preflight.reports;

import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiError;
import dev.preflight.platform.JsonFields;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PublicRoute;
import dev.preflight.platform.Validator;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * The token-gated API of a share link (spec: Public, token-gated): what the link is about, its findings, and how a
 * visitor identifies for links that require an email.
 */
@RestController
@PublicRoute
@Tag(name = "share-links")
class TokenController {

    private final ShareLinks links;
    private final JobReader jobs;
    private final VisitorIdentity visitors;
    private final PublicReportController pages;

    TokenController(ShareLinks links, JobReader jobs, VisitorIdentity visitors, PublicReportController pages) {
        this.links = links;
        this.jobs = jobs;
        this.visitors = visitors;
        this.pages = pages;
    }

    @GetMapping("/api/v1/reports/tokens/{token}")
    @Operation(operationId = "getReportToken", summary = "What a share token is about",
            description = "No authentication. Answers before the visitor identified: email_required says whether the "
                    + "other token routes will ask for an email.")
    @ApiError(status = 410, when = "The link expired or was revoked")
    ReportBodies.TokenInfo info(@PathVariable("token") String token, HttpServletRequest request) {
        ShareLink link = links.resolve(token, request);
        JobView job = job(link);
        return new ReportBodies.TokenInfo(job.id(), job.tenantId(), job.fileName(), link.requireVisitorEmail());
    }

    @GetMapping("/api/v1/reports/tokens/{token}/findings")
    @Operation(operationId = "getReportTokenFindings", summary = "The findings of a share link's job",
            description = "No authentication. Same finding shape as the job.")
    @ApiError(status = 403, when = "The link requires a visitor email: send the X-Visitor-Token header (or cookie) "
            + "from POST /api/v1/reports/tokens/{token}/visitor")
    @ApiError(status = 410, when = "The link expired or was revoked")
    ReportBodies.TokenFindings findings(@PathVariable("token") String token, HttpServletRequest request) {
        ShareLink link = links.requireVisitor(token, request);
        JobView job = job(link);
        var body = new ReportBodies.TokenFindings(jobs.findings(job));
        links.recordVisit(link, request);
        return body;
    }

    @PostMapping("/api/v1/reports/tokens/{token}/visitor")
    @Operation(operationId = "identifyShareVisitor", summary = "Identify a share-link visitor with an email",
            description = "For links minted with require_visitor_email. Returns a visitor token to send in the "
                    + "X-Visitor-Token header on the token routes and the viewer's public routes, and sets the same "
                    + "value as the share_visitor cookie for browsers. Valid for every link until expires_at.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = ReportBodies.VisitorRequest.class))))
    @ApiError(status = 410, when = "The link expired or was revoked")
    ResponseEntity<ReportBodies.Visitor> identify(@PathVariable("token") String token, @RequestBody JsonNode body,
                                                  HttpServletRequest request) {
        links.resolve(token, request);
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        String email = f.string("email", 3, 320);
        if (email == null && v.ok()) {
            v.add("email", "Field required", "missing");
        } else if (email != null && !VisitorIdentity.validEmail(email.trim())) {
            v.add("email", "Input should be a valid email address", "value_error");
        }
        v.throwIfInvalid();
        VisitorIdentity.Issued issued = visitors.issue(email.trim());
        return ResponseEntity.ok().header(HttpHeaders.SET_COOKIE, pages.cookie(issued, request).toString())
                .body(new ReportBodies.Visitor(issued.token(), issued.email(), issued.expiresAt()));
    }

    private JobView job(ShareLink link) {
        return jobs.find(link.tenantId(), link.jobId())
                .orElseThrow(() -> new NotFoundException("Unknown report link."));
    }
}
