/**
 * Webhooks: tenants' endpoints and their signing secrets, the delivery rows every dispatched event becomes (the
 * exact signed body, attempts, outcome), signed HTTPS delivery through the outbound guard with retries and replay,
 * the synchronous test ping, and the nightly retention sweep. Growth plan and above.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "events"})
package dev.preflight.webhooks;
