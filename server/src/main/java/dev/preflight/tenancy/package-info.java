/**
 * Tenants, plans and entitlements, API keys and permissions, the admin routes, and the resolver that turns a
 * bearer token (or auth mode "none") into the calling tenant.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform"})
package dev.preflight.tenancy;
