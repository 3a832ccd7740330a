package dev.preflight.tenancy;

import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/**
 * An API key as stored: only a hash of the secret is kept; {@code prefix} identifies it in listings.
 *
 * @param name       what the tenant calls it; null for keys an operator issued without one
 * @param expiresAt  when a rotated key stops working (the end of its grace window); null while not rotated
 * @param revokedAt  when it was revoked; null while not revoked
 * @param replacedBy the id of the key that replaced it by rotation
 */
public record ApiKey(String id, String tenantId, @Nullable String name, String prefix, String mode,
                     List<String> permissions, Instant createdAt, @Nullable Instant lastUsedAt,
                     @Nullable Instant expiresAt, @Nullable Instant revokedAt, @Nullable String replacedBy) {

    public ApiKey {
        permissions = List.copyOf(permissions);
    }

    /** True while the key authenticates requests: not revoked, and not past the end of a rotation's grace window. */
    public boolean active(Instant now) {
        return revokedAt == null && (expiresAt == null || expiresAt.isAfter(now));
    }
}
