package dev.preflight.tenancy;

import dev.preflight.platform.ApiError;
import dev.preflight.platform.Validator;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * The tenant's own API keys (docs/api-keys.md): list, create (the key shown once), rotate, revoke. Every route needs
 * keys:manage, and a key manages only keys whose permissions it holds itself.
 */
@RestController
@Tag(name = "tenancy")
@ApiError(status = 403, when = "The API key lacks keys:manage, or the permissions concerned include one it does not "
        + "hold itself")
class ApiKeyController {

    private static final String KEYS = "/api/v1/tenant/api-keys";

    private final ApiKeyService keys;
    private final Clock clock;

    ApiKeyController(ApiKeyService keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    @GetMapping(KEYS)
    @Operation(operationId = "listApiKeys", summary = "List the tenant's API keys, newest first",
            description = "Names, prefixes, permissions and dates; never a key itself. Keys that no longer "
                    + "authenticate (revoked, or rotated past their grace window) only with include_revoked=true.")
    ApiKeyBodies.KeyList list(Caller caller,
                              @Parameter(description = "also list revoked and expired keys")
                              @RequestParam(value = "include_revoked", required = false, defaultValue = "false")
                              boolean includeRevoked) {
        var now = clock.instant();
        return new ApiKeyBodies.KeyList(keys.list(caller, includeRevoked).stream()
                .map(k -> ApiKeyBodies.Listed.of(k, now)).toList());
    }

    @PostMapping(KEYS)
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "createApiKey", summary = "Create an API key; the key is shown in this answer only",
            description = "The key works at once. Its permissions must all be held by the calling key; omitted, it "
                    + "gets the calling key's own.")
    @ApiResponse(responseCode = "201", description = "Created; 'key' is never shown again")
    @ApiError(status = 409, when = "The tenant already has 50 active keys, or the server runs in auth mode none "
            + "(keys are not used there)")
    ApiKeyBodies.Issued create(Caller caller, @RequestBody ApiKeyBodies.CreateRequest body) {
        var v = Validator.body();
        String name = body.name() == null ? null : body.name().strip();
        if (v.required("name", name)) {
            v.length("name", name, 1, 100);
        }
        if (v.required("mode", body.mode())) {
            v.oneOf("mode", body.mode(), List.of("live", "test"));
        }
        if (body.permissions() != null) {
            for (String p : body.permissions()) {
                if (v.required("permissions", p)) {
                    v.oneOf("permissions", p, Permission.ALL);
                }
            }
        }
        v.throwIfInvalid();
        return ApiKeyBodies.Issued.of(keys.create(caller, name, body.mode(), body.permissions()));
    }

    @PostMapping(KEYS + "/{key_id}/rotate")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "rotateApiKey", summary = "Rotate an API key: a new key, the old one stops",
            description = "Issues a new key with the same name, mode and permissions (shown in this answer only). "
                    + "The old key stops working at once, or after grace_period_seconds so that clients can switch; "
                    + "the key being rotated may be the calling key.")
    @ApiResponse(responseCode = "201", description = "Rotated; new_key.key is never shown again")
    @ApiError(status = 409, when = "The key was already rotated, revoked or has expired, or the server runs in auth "
            + "mode none")
    ApiKeyBodies.Rotation rotate(Caller caller, @PathVariable("key_id") UUID keyId,
                                 @RequestBody(required = false) ApiKeyBodies.RotateRequest body) {
        Integer seconds = body == null ? null : body.gracePeriodSeconds();
        if (seconds != null && (seconds < 0 || seconds > ApiKeyService.MAX_GRACE.toSeconds())) {
            Validator.body().add("grace_period_seconds", "Input should be between 0 and "
                    + ApiKeyService.MAX_GRACE.toSeconds(), "value_error").throwIfInvalid();
        }
        var rotation = keys.rotate(caller, keyId.toString(), Duration.ofSeconds(seconds == null ? 0 : seconds));
        return new ApiKeyBodies.Rotation(ApiKeyBodies.Issued.of(rotation.issued()),
                ApiKeyBodies.Listed.of(rotation.previous(), clock.instant()));
    }

    @DeleteMapping(KEYS + "/{key_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(operationId = "revokeTenantApiKey", summary = "Revoke an API key",
            description = "The key answers 401 from the next request on. Revoking a revoked key again answers 204 "
                    + "and keeps the first revocation time. A key may revoke itself.")
    @ApiResponse(responseCode = "204", description = "Revoked")
    void revoke(Caller caller, @PathVariable("key_id") UUID keyId) {
        keys.revoke(caller, keyId.toString());
    }
}
