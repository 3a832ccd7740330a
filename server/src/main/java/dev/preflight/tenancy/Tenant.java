package dev.preflight.tenancy;

import java.time.Instant;

/** A tenant: every resource belongs to exactly one. */
public record Tenant(String id, String name, Plan plan, Instant createdAt) {
}
