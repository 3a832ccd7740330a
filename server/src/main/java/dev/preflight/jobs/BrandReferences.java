package dev.preflight.jobs;

import dev.preflight.analysis.BrandSpecTargets;
import dev.preflight.platform.NotFoundException;
import org.jspecify.annotations.Nullable;

import java.util.UUID;

/**
 * Checks the branding references a submission may carry ({@code brand} as a brand profile id, {@code brand_spec_id}).
 * The module that owns brand profiles and BrandSpecs implements it; without an implementation no tenant owns any,
 * so every reference is unknown (404).
 */
public interface BrandReferences {

    /** Throws 404 ({@code NotFoundException}) unless the tenant owns the brand profile (403 for another tenant's). */
    void requireBrandProfile(String tenantId, UUID brandProfileId);

    /**
     * {@link #requireBrandProfile} of the module that implements this, or 404 when none does (no tenant owns a brand
     * profile then).
     */
    static void requireBrandProfile(@Nullable BrandReferences references, String tenantId, UUID brandProfileId) {
        if (references == null) {
            throw new NotFoundException("Brand profile " + brandProfileId + " not found for this tenant.");
        }
        references.requireBrandProfile(tenantId, brandProfileId);
    }

    /** Throws 404 unless the tenant owns the BrandSpec and it is not archived. */
    void requireBrandSpec(String tenantId, UUID brandSpecId);

    /**
     * The BrandSpec an engine run of the job measures colours against, resolved when the job is processed: the job's
     * {@code brand_spec_id} (even if archived since), then the default of the vanity endpoint it came through, then
     * the tenant's default spec; null when none resolves (strict colour advisories stay off).
     */
    default @Nullable BrandSpecTargets brandSpecFor(JobView job) {
        return null;
    }
}
