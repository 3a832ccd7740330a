package dev.preflight.viewer;

import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * What a share token opens: one job of one tenant, as its {@link SharedJobs} resolver granted it to one request.
 *
 * @param linkId              the share link's internal id (never the token itself: safe to log and store)
 * @param expiresAt           when the token stops working, or null when it never expires
 * @param revoked             revoked by its owner (the public routes then answer 410)
 * @param allowAnnotations    visitors may read and write annotations through the token
 * @param requireVisitorEmail visitors must give an email before they see the job
 * @param visitorEmail        the email the visitor identified with, or null
 * @param branding            the branding the link shows: the one frozen when it was minted, not the tenant's current
 *                            one
 */
public record SharedJob(String linkId, String tenantId, String jobId, @Nullable Instant expiresAt, boolean revoked,
                        boolean allowAnnotations, boolean requireVisitorEmail, @Nullable String visitorEmail,
                        ViewerBrand branding) {

    /** True when the token no longer opens anything at {@code now}: revoked or past its expiry. */
    public boolean lapsed(Instant now) {
        return revoked || (expiresAt != null && !now.isBefore(expiresAt));
    }
}
