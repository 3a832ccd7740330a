package dev.preflight.branding;

import org.jspecify.annotations.Nullable;

/**
 * Branding as resolved for one output (a report, a share page, a viewer). Reports freeze a copy at mint and render
 * from it ever after, so later edits to profiles or defaults never change an existing link.
 *
 * @param mode           {@code anonymous} (no branding and no service chrome at all), {@code service} (the service's
 *                       own branding), {@code profile} (a tenant brand profile) or {@code override} (per-call
 *                       branding given at mint)
 * @param profileType    for mode profile: {@code custom}, {@code service} or {@code none}; else null
 * @param brandProfileId the brand profile it came from, or null
 * @param brandName      name shown in headers; null for none
 * @param logoUrl        public URL of the logo (uploaded logos on the CDN path, or a client-given https URL)
 * @param logoDataUri    the uploaded logo itself as a {@code data:} URI, so that saved or rendered outputs need no
 *                       network; null for client-given URLs (the server never fetches foreign URLs)
 * @param primaryColor   {@code #RRGGBB}; null means the neutral grey of unbranded output
 * @param footerText     footer line; null for none
 * @param hideFooter     true when no footer at all is shown
 * @param tenantName     the tenant's name (null when anonymous)
 * @param serviceChrome  true when the service's own name and marks may appear (service branding only)
 */
public record Branding(String mode, @Nullable String profileType, @Nullable String brandProfileId,
                       @Nullable String brandName, @Nullable String logoUrl, @Nullable String logoDataUri,
                       @Nullable String primaryColor, @Nullable String accentColor, @Nullable String footerText,
                       boolean hideFooter, @Nullable String tenantName, boolean serviceChrome) {

    /** No branding and no service chrome: logos, headers, metadata, filename slug and chrome all stripped. */
    public static final Branding ANONYMOUS = new Branding("anonymous", null, null, null, null, null, null, null, null,
            true, null, false);

    public boolean anonymous() {
        return mode.equals("anonymous");
    }

    /** The logo to embed: the data URI when there is one, else the public URL (HTML only), else null. */
    public @Nullable String logoForHtml() {
        return logoDataUri != null ? logoDataUri : logoUrl;
    }
}
