package dev.preflight.tenancy;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/** Request and response bodies of the API-key routes (the tenant's own and the operator's). */
final class ApiKeyBodies {

    private ApiKeyBodies() {
    }

    @Schema(name = "IssuedApiKey", description = "A key just issued. The full key is in this response only; the "
            + "server keeps a hash of it and can never show it again.")
    record Issued(@Schema(format = "uuid") String id,
                  @Schema(description = "null for keys an operator issued without a name") @Nullable String name,
                  @Schema(description = "the key itself, svc_live_... or svc_test_...: send it as "
                          + "'Authorization: Bearer <key>'") String key,
                  @Schema(description = "the first characters of the key (svc_live_ and 6 more), to recognise it in "
                          + "listings") String prefix,
                  @Schema(allowableValues = {"live", "test"}) String mode,
                  @Schema(description = "what the key may do") List<String> permissions,
                  Instant createdAt) {

        static Issued of(ApiKeyService.IssuedKey issued) {
            ApiKey k = issued.key();
            return new Issued(k.id(), k.name(), issued.secret(), k.prefix(), k.mode(), k.permissions(), k.createdAt());
        }
    }

    @Schema(name = "ApiKey", description = "An API key as listed: never the key itself or its hash")
    record Listed(@Schema(format = "uuid") String id,
                  @Schema(description = "null for keys an operator issued without a name") @Nullable String name,
                  @Schema(description = "the first characters of the key (svc_live_ and 6 more)") String prefix,
                  @Schema(allowableValues = {"live", "test"}) String mode,
                  List<String> permissions,
                  Instant createdAt,
                  @Schema(description = "the last request made with it, to the minute; null when never used")
                  @Nullable Instant lastUsedAt,
                  @Schema(description = "when a rotated key stops working (the end of its grace window); null "
                          + "while not rotated") @Nullable Instant expiresAt,
                  @Schema(description = "when it was revoked; null while not revoked") @Nullable Instant revokedAt,
                  @Schema(format = "uuid", description = "the key that replaced it by rotation; null while not "
                          + "rotated") @Nullable String replacedByKeyId,
                  @Schema(description = "true while the key authenticates requests: not revoked and not past "
                          + "expires_at") boolean active) {

        static Listed of(ApiKey k, Instant now) {
            return new Listed(k.id(), k.name(), k.prefix(), k.mode(), k.permissions(), k.createdAt(), k.lastUsedAt(),
                    k.expiresAt(), k.revokedAt(), k.replacedBy(), k.active(now));
        }
    }

    @Schema(name = "ApiKeyList")
    record KeyList(@Schema(description = "newest first") List<Listed> apiKeys) {
    }

    @Schema(name = "CreateApiKeyRequest")
    record CreateRequest(
            @Schema(description = "what the key is for, 1-100 characters (surrounding spaces are dropped)",
                    requiredMode = Schema.RequiredMode.REQUIRED) String name,
            @Schema(description = "live (svc_live_...) or test (svc_test_...)", allowableValues = {"live", "test"},
                    requiredMode = Schema.RequiredMode.REQUIRED) String mode,
            // Nullable, not just optional: [] is a key without permissions, so a generated client must be able to
            // leave the field out (its containers default to null only when nullable).
            @Schema(description = "permissions the key carries, each one the calling key holds (403 otherwise); "
                    + "omitted or null = the calling key's own; [] = none")
            @Nullable List<String> permissions) {
    }

    @Schema(name = "RotateApiKeyRequest", description = "Optional body of a rotation")
    record RotateRequest(
            @Schema(description = "how long the replaced key keeps working, 0 (the default: it stops at once) to "
                    + "604800 (7 days)", minimum = "0", maximum = "604800")
            @Nullable Integer gracePeriodSeconds) {
    }

    @Schema(name = "ApiKeyRotation", description = "The new key (shown this once) and the key it replaces")
    record Rotation(Issued newKey, Listed previousKey) {
    }
}
