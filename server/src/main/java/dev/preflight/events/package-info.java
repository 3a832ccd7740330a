/**
 * Events: the catalogue of integration events, the outbox every event is recorded in (in the transaction of the
 * change that caused it), the dispatch of recorded events to subscribers on a scheduler of its own, and the
 * {@code webhooks} section of /openapi.json that documents every payload.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "jobs", "tenancy", "billing", "reports", "viewer", "review"})
package dev.preflight.events;
