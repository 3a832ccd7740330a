/**
 * Branding: brand profiles and their logos, the tenant's branding defaults and how branding resolves, BrandSpecs
 * (customer colour specifications fed to the engine's brand checks), and custom report and app domains.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "jobs", "analysis",
        "viewer"})
package dev.preflight.branding;
