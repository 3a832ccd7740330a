package dev.preflight.branding;

import org.jspecify.annotations.Nullable;

import java.time.Instant;

/** A brand profile row. {@code logoUrl} is a client-given URL; {@code logoKey} the blob of an uploaded logo. */
record BrandProfile(String id, String tenantId, String name, String profileType, @Nullable String brandName,
                    @Nullable String logoUrl, @Nullable String logoKey, @Nullable String logoContentType,
                    @Nullable String primaryColor, @Nullable String accentColor, @Nullable String footerText,
                    boolean hideFooter, Instant createdAt, Instant updatedAt) {

    BrandProfile withLogo(@Nullable String url, @Nullable String key, @Nullable String contentType, Instant now) {
        return new BrandProfile(id, tenantId, name, profileType, brandName, url, key, contentType, primaryColor,
                accentColor, footerText, hideFooter, createdAt, now);
    }
}
