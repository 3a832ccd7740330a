package dev.preflight.branding;

import java.util.Optional;

/**
 * The BrandSpec default of the vanity endpoint a job was submitted through (spec: vanity endpoint
 * {@code default_brand_spec_id}). The module that owns vanity endpoints implements it; BrandSpec resolution asks it
 * after the job's own {@code brand_spec_id} and before the tenant default.
 */
public interface EndpointBrandSpecDefaults {

    /** The endpoint's default BrandSpec id for this job, or empty when the job came through no endpoint or it has none. */
    Optional<String> defaultBrandSpecId(String tenantId, String jobId);
}
