package dev.preflight.review;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.PublicRoute;
import dev.preflight.reports.ShareLink;
import dev.preflight.reports.ShareLinks;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.UUID;

/**
 * The annotation routes of the viewer (spec: Annotation, Comment): with an API key under
 * {@code /api/v1/viewer/jobs/{job_id}/annotations}, and for share-link visitors under
 * {@code /api/v1/viewer/public/{token}/annotations}. See docs/review-annotations.md.
 */
@RestController
@Tag(name = "annotations")
class AnnotationController {

    private static final String JOB = "/api/v1/viewer/jobs/{job_id}/annotations";
    private static final String PUBLIC = "/api/v1/viewer/public/{token}/annotations";
    private static final String INCLUDE = "comments: embed each annotation's thread under comments (oldest first); "
            + "any other value 422; omitted: a flat list without comments";
    private static final String NOT_COMPLETE = "The job is not completed yet, or it failed (no pages to annotate), or "
            + "the job or thread holds the most annotations or comments it keeps";
    private static final String WRITE_403 = "The plan has no annotations (annotations_enabled is false, with code "
            + "plan_upgrade_required), or the key lacks jobs:write";
    private static final String VISITOR_403 = "The link was minted without allow_annotations, the visitor has not "
            + "identified with an email, or the tenant's plan has no annotations (code plan_upgrade_required)";
    private static final String GONE = "The link expired or was revoked";

    private final AnnotationService service;
    private final ShareLinks links;

    AnnotationController(AnnotationService service, ShareLinks links) {
        this.service = service;
        this.links = links;
    }

    @GetMapping(JOB)
    @Operation(operationId = "listAnnotations", summary = "The job's annotations, by page, oldest first")
    List<AnnotationBodies.Annotation> list(Caller caller, @PathVariable("job_id") UUID jobId,
                                           @Parameter(description = INCLUDE,
                                                   schema = @Schema(allowableValues = "comments"))
                                           @RequestParam(value = "include", required = false) String include) {
        return service.list(service.job(caller, jobId), include);
    }

    @PostMapping(JOB)
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "createAnnotation", summary = "Draw an annotation on a page",
            description = "Emits annotation.created. Geometry in PDF points, origin lower-left of the page's user "
                    + "space; its shape follows kind. A freehand stroke has 2 to " + AnnotationGeometry.MAX_POINTS
                    + " points.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = AnnotationBodies.AnnotationRequest.class))))
    @ApiResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(implementation = AnnotationBodies.Annotation.class)))
    @ApiError(status = 403, when = WRITE_403, planGate = true)
    @ApiError(status = 409, when = NOT_COMPLETE)
    AnnotationBodies.Annotation create(Caller caller, @PathVariable("job_id") UUID jobId,
                                       @RequestBody(required = false) JsonNode body) {
        var job = service.job(caller, jobId);
        return service.create(job, service.writer(caller), body);
    }

    @DeleteMapping(JOB + "/{annotation_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteAnnotation", summary = "Delete an annotation and its thread",
            description = "Emits annotation.deleted.")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiError(status = 403, when = WRITE_403, planGate = true)
    void delete(Caller caller, @PathVariable("job_id") UUID jobId,
                @PathVariable("annotation_id") UUID annotationId) {
        var job = service.job(caller, jobId);
        service.delete(job, service.writer(caller), annotationId);
    }

    @PostMapping(JOB + "/{annotation_id}/comments")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "createAnnotationComment", summary = "Add a comment to an annotation's thread",
            description = "Emits comment.created.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = AnnotationBodies.CommentRequest.class))))
    @ApiResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(implementation = AnnotationBodies.Comment.class)))
    @ApiError(status = 403, when = WRITE_403, planGate = true)
    @ApiError(status = 409, when = "The thread holds the most comments it keeps")
    AnnotationBodies.Comment comment(Caller caller, @PathVariable("job_id") UUID jobId,
                                     @PathVariable("annotation_id") UUID annotationId,
                                     @RequestBody(required = false) JsonNode body) {
        var job = service.job(caller, jobId);
        return service.comment(job, service.writer(caller), annotationId, body);
    }

    @GetMapping(PUBLIC)
    @PublicRoute
    @Operation(operationId = "listSharedAnnotations", summary = "The annotations of a share link's job",
            description = "No authentication; subject to the link's expiry. Any active link shows the annotations, "
                    + "allow_annotations or not.")
    @ApiError(status = 403, when = "The link requires a visitor email: send the X-Visitor-Token header (or cookie) "
            + "from POST /api/v1/reports/tokens/{token}/visitor")
    @ApiError(status = 410, when = GONE)
    List<AnnotationBodies.Annotation> sharedList(@PathVariable("token") String token,
                                                 @Parameter(description = INCLUDE,
                                                         schema = @Schema(allowableValues = "comments"))
                                                 @RequestParam(value = "include", required = false) String include,
                                                 HttpServletRequest request) {
        ShareLink link = links.requireVisitor(token, request);
        return service.list(service.job(link), include);
    }

    @PostMapping(PUBLIC)
    @PublicRoute
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "createSharedAnnotation", summary = "A share-link visitor draws an annotation",
            description = "No authentication: the link must be minted with allow_annotations and the visitor "
                    + "identified (X-Visitor-Token header or cookie); the author is the visitor's email. Emits "
                    + "annotation.created.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(
                            implementation = AnnotationBodies.VisitorAnnotationRequest.class))))
    @ApiResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(implementation = AnnotationBodies.Annotation.class)))
    @ApiError(status = 403, when = VISITOR_403, planGate = true)
    @ApiError(status = 409, when = NOT_COMPLETE)
    @ApiError(status = 410, when = GONE)
    AnnotationBodies.Annotation sharedCreate(@PathVariable("token") String token,
                                             @RequestBody(required = false) JsonNode body,
                                             HttpServletRequest request) {
        ShareLink link = links.requireVisitor(token, request);
        var actor = service.writer(link);
        return service.create(service.job(link), actor, body);
    }

    @DeleteMapping(PUBLIC + "/{annotation_id}")
    @PublicRoute
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteSharedAnnotation", summary = "A share-link visitor deletes their own annotation",
            description = "Only an annotation the same visitor (email) drew through a share link of this job, and "
                    + "only while nobody else has commented on it; anything else is 403. Emits annotation.deleted.")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiError(status = 403, when = VISITOR_403 + "; or the annotation is someone else's, or others commented on it",
            planGate = true)
    @ApiError(status = 410, when = GONE)
    void sharedDelete(@PathVariable("token") String token, @PathVariable("annotation_id") UUID annotationId,
                      HttpServletRequest request) {
        ShareLink link = links.requireVisitor(token, request);
        var actor = service.writer(link);
        service.delete(service.job(link), actor, annotationId);
    }

    @PostMapping(PUBLIC + "/{annotation_id}/comments")
    @PublicRoute
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "createSharedAnnotationComment", summary = "A share-link visitor comments on an annotation",
            description = "No authentication: the link must be minted with allow_annotations and the visitor "
                    + "identified; the author is the visitor's email. Any annotation of the job can be commented on. "
                    + "Emits comment.created.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(
                            implementation = AnnotationBodies.VisitorCommentRequest.class))))
    @ApiResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(implementation = AnnotationBodies.Comment.class)))
    @ApiError(status = 403, when = VISITOR_403, planGate = true)
    @ApiError(status = 409, when = "The thread holds the most comments it keeps")
    @ApiError(status = 410, when = GONE)
    AnnotationBodies.Comment sharedComment(@PathVariable("token") String token,
                                           @PathVariable("annotation_id") UUID annotationId,
                                           @RequestBody(required = false) JsonNode body,
                                           HttpServletRequest request) {
        ShareLink link = links.requireVisitor(token, request);
        var actor = service.writer(link);
        return service.comment(service.job(link), actor, annotationId, body);
    }
}
