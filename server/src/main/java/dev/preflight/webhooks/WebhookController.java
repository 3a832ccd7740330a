package dev.preflight.webhooks;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.PageRequest;
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
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.util.UUID;

/** Webhooks and their deliveries (spec: Webhooks; Growth plan and above). */
@RestController
@Tag(name = "webhooks")
@ApiError(status = 403, when = "The plan is below Growth, or the API key lacks webhooks:manage", planGate = true)
class WebhookController {

    private final WebhookService service;

    WebhookController(WebhookService service) {
        this.service = service;
    }

    @PostMapping("/api/v1/webhooks")
    @Operation(operationId = "createWebhook", summary = "Register a webhook",
            description = "The URL must be HTTPS and resolve only to public addresses (422 otherwise). A signing "
                    + "secret is generated; it is never part of a webhook response (see the signing-secret route).",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = "application/json",
                    schema = @Schema(implementation = WebhookResponses.CreateWebhook.class))))
    @ApiError(status = 422, when = "The URL is not HTTPS, does not resolve, or resolves to a non-public address")
    WebhookResponses.WebhookBody create(Caller caller, @RequestBody JsonNode body) {
        return WebhookResponses.WebhookBody.of(service.create(caller, body));
    }

    @GetMapping("/api/v1/webhooks")
    @Operation(operationId = "listWebhooks", summary = "List the tenant's webhooks, oldest first")
    WebhookResponses.WebhookList list(Caller caller) {
        return new WebhookResponses.WebhookList(service.list(caller).stream().map(WebhookResponses.WebhookBody::of)
                .toList());
    }

    @GetMapping("/api/v1/webhooks/{webhook_id}")
    @Operation(operationId = "getWebhook", summary = "Get a webhook")
    WebhookResponses.WebhookBody get(Caller caller, @PathVariable("webhook_id") UUID id) {
        return WebhookResponses.WebhookBody.of(service.get(caller, id.toString()));
    }

    @PatchMapping("/api/v1/webhooks/{webhook_id}")
    @Operation(operationId = "updateWebhook", summary = "Change a webhook (url, events, is_active, retry and "
            + "retention settings)",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = "application/json",
                    schema = @Schema(implementation = WebhookResponses.UpdateWebhook.class))))
    @ApiError(status = 422, when = "The new URL is not HTTPS, does not resolve, or resolves to a non-public address")
    WebhookResponses.WebhookBody update(Caller caller, @PathVariable("webhook_id") UUID id,
                                        @RequestBody JsonNode body) {
        return WebhookResponses.WebhookBody.of(service.update(caller, id.toString(), body));
    }

    @DeleteMapping("/api/v1/webhooks/{webhook_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "deleteWebhook", summary = "Delete a webhook",
            description = "No further deliveries are attempted; its deliveries stay listed (replay answers 409).")
    @ApiResponse(responseCode = "204", description = "Deleted")
    void delete(Caller caller, @PathVariable("webhook_id") UUID id) {
        service.delete(caller, id.toString());
    }

    @PostMapping("/api/v1/webhooks/{webhook_id}/test")
    @Operation(operationId = "testWebhook", summary = "Send test.ping synchronously",
            description = "POSTs a signed test.ping to the webhook's URL and reports the answer; nothing is stored "
                    + "and no retry is made. Works for inactive webhooks too.")
    WebhookResponses.TestResult test(Caller caller, @PathVariable("webhook_id") UUID id) {
        var r = service.test(caller, id.toString());
        return new WebhookResponses.TestResult(r.success(), r.statusCode(), r.error(), "test.ping");
    }

    @GetMapping("/api/v1/webhooks/{webhook_id}/signing-secret")
    @Operation(operationId = "getWebhookSigningSecret", summary = "Reveal a webhook's signing secret")
    WebhookResponses.SigningSecret secret(Caller caller, @PathVariable("webhook_id") UUID id) {
        return WebhookResponses.SigningSecret.of(service.secret(caller, id.toString()));
    }

    @PostMapping("/api/v1/webhooks/{webhook_id}/signing-secret/rotate")
    @Operation(operationId = "rotateWebhookSigningSecret", summary = "Rotate a webhook's signing secret",
            description = "A new secret signs from now on; the previous one keeps signing as a second sha256= value "
                    + "of X-Service-Signature for the rotation window (24 h by default), so receivers can switch "
                    + "without losing deliveries. Rotating again ends the earlier window.")
    WebhookResponses.SigningSecret rotate(Caller caller, @PathVariable("webhook_id") UUID id) {
        return WebhookResponses.SigningSecret.of(service.rotate(caller, id.toString()));
    }

    @GetMapping("/api/v1/webhooks/deliveries")
    @Operation(operationId = "listWebhookDeliveries", summary = "List deliveries, newest first")
    WebhookResponses.DeliveryList deliveries(
            Caller caller,
            @Parameter(description = "only this webhook's deliveries") @RequestParam(value = "webhook_id", required = false) UUID webhookId,
            @Parameter(description = "only this event") @RequestParam(value = "event", required = false) String event,
            @Parameter(description = "only successful (true) or not yet / never successful (false) deliveries")
            @RequestParam(value = "success", required = false) Boolean success,
            @PageRequest.Sized(defaultSize = 50, maxSize = 200) PageRequest page) {
        var filter = new WebhookRepository.Filter(webhookId == null ? null : webhookId.toString(),
                event == null || event.isBlank() ? null : event, success);
        var result = service.deliveries(caller, filter, page);
        return new WebhookResponses.DeliveryList(result.deliveries().stream().map(WebhookResponses.DeliveryBody::of)
                .toList(), result.total(), page.page(), page.pageSize());
    }

    @GetMapping("/api/v1/webhooks/deliveries/{delivery_id}")
    @Operation(operationId = "getWebhookDelivery", summary = "Get a delivery with its exact signed payload")
    WebhookResponses.DeliveryDetail delivery(Caller caller, @PathVariable("delivery_id") UUID id) {
        return WebhookResponses.DeliveryDetail.of(service.delivery(caller, id.toString()));
    }

    @PostMapping("/api/v1/webhooks/deliveries/{delivery_id}/replay")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "replayWebhookDelivery", summary = "Replay a delivery",
            description = "Creates a new delivery row (attempt_count 0) with the same body, sent to the webhook's "
                    + "current URL and signed with its current secret; the original row is unchanged.")
    @ApiResponse(responseCode = "201", description = "The new delivery",
            content = @Content(schema = @Schema(implementation = WebhookResponses.DeliveryBody.class)))
    @ApiError(status = 409, when = "The delivery's webhook is inactive or deleted")
    WebhookResponses.DeliveryBody replay(Caller caller, @PathVariable("delivery_id") UUID id) {
        return WebhookResponses.DeliveryBody.of(service.replay(caller, id.toString()));
    }
}
