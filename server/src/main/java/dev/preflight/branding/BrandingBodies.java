package dev.preflight.branding;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/** Request and response bodies of the branding routes (spec: BrandProfile, Branding). */
final class BrandingBodies {

    private BrandingBodies() {
    }

    @Schema(name = "BrandProfile")
    record Profile(
            @Schema(format = "uuid") String id,
            String name,
            @Schema(allowableValues = {"custom", "service", "none"},
                    description = "custom uses its own fields; service uses the service's default branding; none "
                            + "yields neutral blank-name grey output with no footer")
            String profileType,
            @Nullable String brandName,
            @Schema(format = "uri", description = "absolute URL of the logo; uploaded logos are served from {cdn_url}/cdn/logos/...")
            @Nullable String logoUrl,
            @Schema(pattern = "^#[0-9A-Fa-f]{6}$") @Nullable String primaryColor,
            @Schema(pattern = "^#[0-9A-Fa-f]{6}$") @Nullable String accentColor,
            @Nullable String footerText,
            boolean hideFooter,
            @Schema(description = "true for the tenant's default brand profile") boolean isDefault,
            @Schema(description = "the profile's custom report domain, or null") @Nullable String customDomain,
            boolean customDomainVerified,
            Instant createdAt,
            Instant updatedAt) {
    }

    @Schema(name = "BrandProfileList")
    record ProfileList(List<Profile> profiles) {
    }

    /** The documented shape of create and update bodies (update: any subset, omitted fields keep their value). */
    @Schema(name = "BrandProfileRequest")
    record ProfileRequest(
            @Schema(minLength = 1, maxLength = 255, description = "required on create") String name,
            @Schema(allowableValues = {"custom", "service", "none"}, defaultValue = "custom") String profileType,
            @Schema(maxLength = 255) @Nullable String brandName,
            @Schema(maxLength = 2048, format = "uri", description = "absolute https URL") @Nullable String logoUrl,
            @Schema(maxLength = 7, pattern = "^#[0-9A-Fa-f]{6}$") @Nullable String primaryColor,
            @Schema(maxLength = 7, pattern = "^#[0-9A-Fa-f]{6}$") @Nullable String accentColor,
            @Schema(maxLength = 500) @Nullable String footerText,
            @Schema(defaultValue = "false") Boolean hideFooter) {
    }

    @Schema(name = "BrandingDefaults")
    record Defaults(
            @Schema(allowableValues = {"anonymous", "profile", "service"}) String mode,
            @Schema(description = "true when mode is anonymous") boolean unbrandedByDefault,
            @Schema(format = "uuid", description = "the tenant's default brand profile (used when mode is profile)")
            @Nullable String defaultBrandProfileId) {
    }

    @Schema(name = "BrandingDefaultsRequest")
    record DefaultsRequest(
            @Schema(allowableValues = {"anonymous", "profile", "service"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String mode,
            @Schema(format = "uuid", description = "required when mode is profile (404 if not in the tenant); for other "
                    + "modes it sets (or with null clears) the default profile, omitted leaves it")
            @Nullable String brandProfileId) {
    }

    @Schema(name = "DefaultBrandProfileRequest")
    record DefaultProfileRequest(
            @Schema(format = "uuid", requiredMode = Schema.RequiredMode.REQUIRED,
                    description = "the new default profile; null clears the default (204)")
            @Nullable String brandProfileId) {
    }
}
