package dev.preflight.imports;

import java.time.Instant;
import java.util.Map;

/** A tenant's custom import mapping. */
record ImportMapping(String id, String tenantId, String name, String description, String format,
                     Map<String, Object> config, String samplePayload, String sampleMime, boolean active,
                     Instant createdAt, Instant updatedAt) {
}
