package dev.preflight.reports;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.JsonFields;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Minting, listing and revoking reports of a job, and the batch mint (spec: Reports and share links). */
@RestController
@Tag(name = "reports")
class ReportController {

    static final int MAX_BATCH = 500;

    private final ReportService service;
    private final ReportsProperties properties;

    ReportController(ReportService service, ReportsProperties properties) {
        this.service = service;
        this.properties = properties;
    }

    @PostMapping("/api/v1/jobs/{job_id}/reports")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "mintReports", summary = "Mint reports of a completed job",
            description = "Renders each requested format once, stores it immutably with the branding resolved now "
                    + "(later branding changes never alter it) and returns a share link per format. With an "
                    + "Idempotency-Key the token is base64url(sha256(tenant id + key + format)) (43 characters) and a "
                    + "repeated call returns the stored report; without one it is 32 random bytes. Publishes "
                    + "report.minted when at least one URL was minted.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = false,
                    content = @Content(schema = @Schema(implementation = ReportBodies.MintRequestDoc.class))))
    @ApiResponse(responseCode = "201", description = "Minted",
            content = @Content(schema = @Schema(implementation = ReportBodies.MintResponse.class)))
    @ApiError(status = 403, when = "A requested format or the branding override exceeds the plan, or the key lacks "
            + "jobs:write", planGate = true)
    @ApiError(status = 409, when = "The job is not complete, or the Idempotency-Key was used for another job or its "
            + "report was revoked or expired")
    @ApiError(status = 422, when = "inline on a binary format, or email_to without outgoing mail configured")
    @ApiError(status = 502, when = "The mail server refused the mail to email_to (nothing was minted)")
    ReportBodies.MintResponse mint(Caller caller, @PathVariable("job_id") UUID jobId,
                                   @Parameter(description = "makes the mint repeatable; at most 255 characters, per tenant",
                                           schema = @Schema(maxLength = 255))
                                   @RequestHeader(value = "Idempotency-Key", required = false) String idempotencyKey,
                                   @RequestBody(required = false) JsonNode body) {
        MintRequest r = MintRequest.single(body, properties.maxExpiryDays());
        return new ReportBodies.MintResponse(service.mint(caller, jobId.toString(), r, idempotencyKey).stream()
                .map(m -> new ReportBodies.Minted(m.format(), m.url(), m.token(), m.expiresAt(), m.data(),
                        m.contentType()))
                .toList());
    }

    @GetMapping("/api/v1/jobs/{job_id}/reports")
    @Operation(operationId = "listReports", summary = "The job's active report tokens",
            description = "Tokens that are neither revoked nor expired, oldest first.")
    ReportBodies.TokenList list(Caller caller, @PathVariable("job_id") UUID jobId) {
        return new ReportBodies.TokenList(service.list(caller, jobId.toString()).stream()
                .map(t -> new ReportBodies.TokenRow(t.token(), t.format(), t.expiresAt(), t.createdAt(),
                        t.accessedCount()))
                .toList());
    }

    @DeleteMapping("/api/v1/jobs/{job_id}/reports/{token}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "revokeReport", summary = "Revoke a report token and delete its file",
            description = "Its public URLs answer 410 from then on.")
    @ApiResponse(responseCode = "204", description = "Revoked")
    @ApiError(status = 403, when = "The key lacks jobs:write")
    void revoke(Caller caller, @PathVariable("job_id") UUID jobId, @PathVariable("token") String token) {
        service.revoke(caller, jobId.toString(), token);
    }

    @PostMapping("/api/v1/reports:batchMint")
    @Operation(operationId = "batchMintReports", summary = "Mint reports for up to 500 completed jobs",
            description = "Always 200 when the request itself is valid: each job succeeds or fails on its own "
                    + "(status ok or failed with error), one failure never drops the batch. Format names only; no "
                    + "inline returns, branding override or Idempotency-Key here.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
                    content = @Content(schema = @Schema(implementation = ReportBodies.BatchRequestDoc.class))))
    @ApiError(status = 403, when = "A requested format exceeds the plan, or the key lacks jobs:write", planGate = true)
    ReportBodies.BatchResponse batch(Caller caller, @RequestBody JsonNode body) {
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        List<String> ids = f.strings("job_ids");
        if (ids == null) {
            if (!f.has("job_ids") || v.ok()) {
                v.add("job_ids", "Field required", "missing");
            }
        } else if (ids.isEmpty() || ids.size() > MAX_BATCH) {
            v.add("job_ids", "Input should have 1 to " + MAX_BATCH + " job ids", ids.isEmpty() ? "too_short" : "too_long");
        } else {
            for (String id : ids) {
                v.uuid("job_ids", id);
            }
        }
        MintRequest r = MintRequest.batch(f, v, properties.maxExpiryDays());
        v.throwIfInvalid();
        var results = new ArrayList<ReportBodies.BatchResult>();
        int ok = 0;
        for (ReportService.BatchItem item : service.batch(caller, ids, r)) {
            if (item.ok()) {
                ok++;
            }
            results.add(new ReportBodies.BatchResult(item.jobId(), item.ok() ? "ok" : "failed",
                    item.reports().stream().map(m -> new ReportBodies.BatchReport(m.format(), m.token(), m.url(),
                            service.viewerUrl(caller.tenantId(), m.token()), m.expiresAt(),
                            m.row().allowAnnotations(), m.row().requireVisitorEmail())).toList(),
                    item.error()));
        }
        return new ReportBodies.BatchResponse(results, new ReportBodies.BatchSummary(ok, results.size() - ok));
    }
}
