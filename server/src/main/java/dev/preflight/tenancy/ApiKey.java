package dev.preflight.tenancy;

import java.time.Instant;
import java.util.List;

/** An API key as stored: only a hash of the secret is kept; {@code prefix} identifies it in listings. */
public record ApiKey(String id, String tenantId, String prefix, String mode, List<String> permissions,
                     Instant createdAt) {
}
