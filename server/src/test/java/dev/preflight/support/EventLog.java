package dev.preflight.support;

import org.springframework.context.event.EventListener;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Every application event the server published during the tests, in order, for assertions on events. */
public final class EventLog {

    private final List<Object> events = new CopyOnWriteArrayList<>();

    @EventListener
    void on(Object event) {
        if (event.getClass().getName().startsWith("dev.preflight.")) {
            events.add(event);
        }
    }

    /** The events of a type published so far. */
    public <T> List<T> of(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
