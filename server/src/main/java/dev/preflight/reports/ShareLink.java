package dev.preflight.reports;

import dev.preflight.branding.Branding;
import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * What an active share token grants an unauthenticated request: one job of one tenant, seen through one minted
 * report. Obtained only from {@link ShareLinks}, which has already answered 404 for unknown tokens (and tokens not
 * served on the request's custom domain) and 410 for expired or revoked ones.
 *
 * @param linkId              the token's internal id (never the token itself; safe to log and store)
 * @param format              the format the token was minted for (json, xml, html, pdf, annotated_pdf, ...)
 * @param expiresAt           when the link stops working; null = never
 * @param allowAnnotations    visitors may annotate (as {@code visitorEmail})
 * @param requireVisitorEmail visitors must identify with an email before anything is shown
 * @param visitorEmail        the email the visitor identified with (cookie or header), or null
 * @param branding            the branding frozen when the report was minted
 */
public record ShareLink(String linkId, String tenantId, String jobId, String format, @Nullable Instant expiresAt,
                        boolean allowAnnotations, boolean requireVisitorEmail, @Nullable String visitorEmail,
                        Branding branding, String mintId) {

    /** True when the visitor may see the job: no email required, or one given. */
    public boolean visitorAllowed() {
        return !requireVisitorEmail || visitorEmail != null;
    }
}
