package dev.preflight.branding;

import org.jspecify.annotations.Nullable;

/**
 * Per-call branding given when a report is minted (spec: mint {@code branding}); each field optional, applied on
 * top of the resolved branding. Needs the white-label entitlement.
 *
 * @param logoUrl absolute https URL; linked from HTML outputs, never fetched by the server
 */
public record BrandingOverride(@Nullable String name, @Nullable String logoUrl, @Nullable String primaryColor,
                               @Nullable String accentColor, @Nullable Boolean hideFooter) {
}
