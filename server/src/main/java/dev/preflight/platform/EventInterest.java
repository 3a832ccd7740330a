package dev.preflight.platform;

/**
 * Whether anything can receive a tenant's {@link IntegrationEvent}s of a type. Implemented by the module that
 * delivers events to the outside (webhooks). The outbox records an event nothing receives as dispatched already, with
 * no dispatch to run; publishers of events that are costly to assemble and exist only for delivery (the
 * {@code job.state_changed} digest) ask first and assemble nothing nobody can receive.
 */
public interface EventInterest {

    /** True when an active receiver of the tenant subscribes to {@code eventType}, seen from the current transaction. */
    boolean wanted(String tenantId, String eventType);
}
