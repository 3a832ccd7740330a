package dev.preflight.branding;

import dev.preflight.jobs.JobView;
import dev.preflight.viewer.ViewerBrand;
import dev.preflight.viewer.ViewerBranding;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The branding fields of the viewer config. The authenticated config resolves the tenant's branding as it is now, in
 * the order a report mint uses (the config's {@code brand}, else the job's own {@code brand} from its submission,
 * else the tenant's defaults); a share link's config shows the branding frozen at mint, turned into the same fields
 * by {@link #of(Branding)}.
 */
@Component
public final class BrandingForViewer implements ViewerBranding {

    private final BrandingService branding;

    BrandingForViewer(BrandingService branding) {
        this.branding = branding;
    }

    @Override
    public ViewerBrand resolve(JobView job, @Nullable String brand) {
        String chosen = brand != null ? brand : job.options() == null ? null : job.options().brand();
        return of(branding.resolve(job.tenantId(), chosen, null));
    }

    /**
     * The viewer's brand fields of a resolved branding: every field null and {@code anonymous} true for anonymous
     * branding; else the brand name, public logo URL (never the embedded data URI), colours and tenant name.
     * Branding has no support address, so {@code support_email} stays null.
     */
    public static ViewerBrand of(Branding b) {
        if (b.anonymous()) {
            return ViewerBrand.ANONYMOUS;
        }
        return new ViewerBrand(b.brandName(), b.logoUrl(), b.primaryColor(), b.accentColor(), b.tenantName(), null,
                false);
    }
}
