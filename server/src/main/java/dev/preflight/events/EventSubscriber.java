package dev.preflight.events;

/**
 * Receives every recorded event once it is dispatched (a bean; the webhooks module is one). Called inside the
 * dispatch transaction, at least once: after a crash the same event may come again, and must not be acted on
 * twice.
 */
public interface EventSubscriber {

    void dispatch(RecordedEvent event);
}
