package dev.preflight.viewer;

import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * What a share token opens.
 *
 * @param expiresAt           when the token stops working, or null when it never expires
 * @param revoked             revoked by its owner (the public routes then answer 410)
 * @param allowAnnotations    visitors may read and write annotations through the token
 * @param requireVisitorEmail visitors must give an email before they see the job
 */
public record SharedJob(String tenantId, String jobId, @Nullable Instant expiresAt, boolean revoked,
                        boolean allowAnnotations, boolean requireVisitorEmail) {

    /** True when the token no longer opens anything at {@code now}: revoked or past its expiry. */
    public boolean lapsed(Instant now) {
        return revoked || (expiresAt != null && !now.isBefore(expiresAt));
    }
}
