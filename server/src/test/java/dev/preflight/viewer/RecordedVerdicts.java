package dev.preflight.viewer;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Test-only listener: keeps every {@link VerdictChanged} the server publishes, for the tests to read. */
@Component
class RecordedVerdicts {

    static final List<VerdictChanged> EVENTS = new CopyOnWriteArrayList<>();

    @EventListener
    void on(VerdictChanged e) {
        EVENTS.add(e);
    }

    static List<VerdictChanged> of(String jobId) {
        return EVENTS.stream().filter(e -> e.jobId().equals(jobId)).toList();
    }
}
