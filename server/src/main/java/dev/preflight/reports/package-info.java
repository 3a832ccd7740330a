/**
 * Reports and share links: immutable artifacts in five formats minted from completed jobs with their branding
 * frozen, per-format share tokens, the public report pages, token metadata, batch mint and the expiry sweep.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "jobs", "findings",
        "analysis", "branding", "viewer"})
package dev.preflight.reports;
