package dev.preflight.platform;

/**
 * A fact another system may act on: a past-tense event record of the module that owns the fact implements it, and
 * publishes it with Spring's {@code ApplicationEventPublisher} inside the transaction of the change. The events
 * module records every such event in its outbox in that same transaction (nothing is recorded for a change that
 * rolls back) and delivers it to the tenant's webhooks as
 * {@code {"event": <eventType>, "event_id": <uuid>, "occurred_at": <timestamp>, ...payload fields}}.
 */
public interface IntegrationEvent {

    /** The tenant whose webhooks receive the event. */
    String tenantId();

    /** The catalogue name, e.g. {@code job.completed}. */
    String eventType();

    /**
     * The event's own fields, written after {@code event}, {@code event_id} and {@code occurred_at} with the API's
     * naming rule; must not use those three names.
     */
    Record payload();
}
