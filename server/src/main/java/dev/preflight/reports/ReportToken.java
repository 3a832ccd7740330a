package dev.preflight.reports;

import org.jspecify.annotations.Nullable;

import java.time.Instant;

/** A share token row: one minted format of one mint. {@code blobKey} is null once the file is deleted. */
record ReportToken(String id, String mintId, String tenantId, String jobId, String token, String tokenHash,
                   String format, @Nullable String blobKey, String contentType, long sizeBytes, String fileName,
                   @Nullable Instant expiresAt, Instant createdAt, @Nullable Instant revokedAt,
                   @Nullable Instant expiredAt, long accessedCount, boolean allowAnnotations,
                   boolean requireVisitorEmail) {

    /** Active at {@code now}: neither revoked, nor swept, nor past its expiry. */
    boolean activeAt(Instant now) {
        return revokedAt == null && expiredAt == null && (expiresAt == null || expiresAt.isAfter(now));
    }

    ReportFormat reportFormat() {
        return ReportFormat.of(format).orElseThrow();
    }
}
