package dev.preflight.intake;

import java.time.Instant;

/** A workflow row: the submit fields it pins; a null field pins nothing. */
record Workflow(String id, String tenantId, String name, String profileId, String brandSpecId,
                String preflightSource, Boolean aiEnabled, String aiCategories, String aiFeatures, String aiPreset,
                String brand, Boolean unbranded, Instant createdAt, Instant updatedAt) {
}
