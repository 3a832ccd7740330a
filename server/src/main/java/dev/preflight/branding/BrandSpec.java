package dev.preflight.branding;

import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/** A BrandSpec row: a customer's colour specification. */
record BrandSpec(String id, String tenantId, @Nullable String name, @Nullable String customerName,
                 @Nullable String description, List<SpecColor> colors, @Nullable RichBlack richBlack, boolean isDefault,
                 boolean isArchived, Instant createdAt, Instant updatedAt) {

    /** One colour of the spec: a name and a value (hex, CSS name, rgb() or cmyk()), optionally a Pantone reference. */
    record SpecColor(String name, String value, @Nullable String pantone, @Nullable String notes) {
    }

    /** The target rich black, percent per ink. */
    record RichBlack(double c, double m, double y, double k) {
    }
}
