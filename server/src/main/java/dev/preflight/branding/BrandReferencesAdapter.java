package dev.preflight.branding;

import dev.preflight.analysis.BrandSpecTargets;
import dev.preflight.jobs.BrandReferences;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.NotFoundException;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import java.util.Optional;
import java.util.UUID;

/**
 * How the jobs module checks the branding references of a submission ({@code brand}, {@code brand_spec_id}) and
 * learns, when it processes a job, which BrandSpec the engine measures colours against: the job's own spec (even
 * archived since), then the vanity endpoint's default, then the tenant's default.
 */
@Component
class BrandReferencesAdapter implements BrandReferences {

    private final BrandingService branding;
    private final BrandSpecService specs;
    private final ObjectProvider<EndpointBrandSpecDefaults> endpointDefaults;

    BrandReferencesAdapter(BrandingService branding, BrandSpecService specs,
                           ObjectProvider<EndpointBrandSpecDefaults> endpointDefaults) {
        this.branding = branding;
        this.specs = specs;
        this.endpointDefaults = endpointDefaults;
    }

    @Override
    public void requireBrandProfile(String tenantId, UUID brandProfileId) {
        Optional<String> owner = branding.ownerOf(brandProfileId.toString());
        if (owner.isEmpty()) {
            throw new NotFoundException("Brand profile " + brandProfileId + " not found for this tenant.");
        }
        if (!owner.get().equals(tenantId)) {
            throw new ForbiddenException("Brand profile " + brandProfileId + " belongs to another tenant.");
        }
    }

    @Override
    public void requireBrandSpec(String tenantId, UUID brandSpecId) {
        specs.active(tenantId, brandSpecId.toString()).orElseThrow(() -> new NotFoundException(
                "BrandSpec " + brandSpecId + " not found for this tenant (or archived)."));
    }

    @Override
    public @Nullable BrandSpecTargets brandSpecFor(JobView job) {
        String named = job.options() == null ? null : job.options().brandSpecId();
        if (named != null) {
            Optional<BrandSpec> s = specs.any(job.tenantId(), named);
            if (s.isPresent()) {
                return BrandSpecService.targets(s.get());
            }
        }
        for (EndpointBrandSpecDefaults d : endpointDefaults) {
            Optional<BrandSpec> s = d.defaultBrandSpecId(job.tenantId(), job.id())
                    .flatMap(id -> specs.active(job.tenantId(), id));
            if (s.isPresent()) {
                return BrandSpecService.targets(s.get());
            }
        }
        return specs.tenantDefault(job.tenantId()).map(BrandSpecService::targets).orElse(null);
    }
}
