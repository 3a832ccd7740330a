package dev.preflight.branding;

import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * A custom-domain claim row.
 *
 * @param kind           {@code report} (the tenant's report domain), {@code app} (dashboard and viewer) or
 *                       {@code profile} (a brand profile's report domain)
 * @param brandProfileId for kind profile
 */
record DomainClaim(String id, String tenantId, String kind, @Nullable String brandProfileId, String domain,
                   boolean verified, Instant requestedAt, @Nullable Instant verifiedAt) {

    static String claimKey(String tenantId, String kind, @Nullable String brandProfileId) {
        return kind.equals("profile") ? tenantId + ":profile:" + brandProfileId : tenantId + ":" + kind;
    }
}
