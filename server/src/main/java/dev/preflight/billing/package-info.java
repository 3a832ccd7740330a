/**
 * Billing: the monthly file pool of each tenant (allowance, overage, the rate-limit and overage headers of every
 * submit, 402 when it is empty), request rate limits per API key (429), the monthly AI cost cap, and the
 * operator's per-tenant terms. Publishes the {@code billing.*} events.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy"})
package dev.preflight.billing;
