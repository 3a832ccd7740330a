package dev.preflight.intake;

import java.time.Instant;

/** A vanity endpoint row. {@code responseMode} is async or sync. */
record VanityEndpoint(String id, String tenantId, String slug, String profileId, String description, boolean active,
                      String responseMode, String defaultBrandSpecId, String brand, Instant createdAt,
                      Instant updatedAt) {
}
