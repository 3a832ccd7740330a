package dev.preflight.viewer;

import org.jspecify.annotations.Nullable;

/**
 * The branding fields of the viewer config (spec: Viewer config); all null when anonymous.
 *
 * @param anonymous true when all tenant and service chrome is stripped
 */
public record ViewerBrand(@Nullable String brandName, @Nullable String brandLogoUrl,
                          @Nullable String brandPrimaryColor, @Nullable String brandAccentColor,
                          @Nullable String tenantName, @Nullable String supportEmail, boolean anonymous) {

    /** No branding at all. */
    public static final ViewerBrand ANONYMOUS = new ViewerBrand(null, null, null, null, null, null, true);
}
