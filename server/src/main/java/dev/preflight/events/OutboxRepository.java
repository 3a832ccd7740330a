package dev.preflight.events;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/** The outbox: every recorded event with its exact body, and when it was dispatched. */
@Repository
class OutboxRepository {

    private final JdbcClient jdbc;

    OutboxRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(RecordedEvent e) {
        jdbc.sql("INSERT INTO event_outbox (id, tenant_id, event_type, body, occurred_at) VALUES (?, ?, ?, ?, ?)")
                .params(e.eventId(), e.tenantId(), e.eventType(), e.body(), Times.db(e.occurredAt())).update();
    }

    /** Records an event that nothing receives, as dispatched at {@code at}. */
    void insertDispatched(RecordedEvent e, Instant at) {
        jdbc.sql("INSERT INTO event_outbox (id, tenant_id, event_type, body, occurred_at, dispatched_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?)")
                .params(e.eventId(), e.tenantId(), e.eventType(), e.body(), Times.db(e.occurredAt()), Times.db(at))
                .update();
    }

    /** The event, unless it is unknown or already dispatched. */
    Optional<RecordedEvent> undispatched(String eventId) {
        return jdbc.sql("SELECT id, tenant_id, event_type, occurred_at, body FROM event_outbox "
                        + "WHERE id = ? AND dispatched_at IS NULL")
                .param(eventId)
                .query((rs, n) -> new RecordedEvent(rs.getString(1), rs.getString(2), rs.getString(3),
                        Times.fromDb(rs.getObject(4, OffsetDateTime.class)), rs.getString(5)))
                .optional();
    }

    /** Marks the event dispatched; false when another execution got there first. */
    boolean markDispatched(String eventId, Instant at) {
        return jdbc.sql("UPDATE event_outbox SET dispatched_at = ? WHERE id = ? AND dispatched_at IS NULL")
                .params(Times.db(at), eventId).update() == 1;
    }

    int deleteDispatchedBefore(Instant cutoff) {
        return jdbc.sql("DELETE FROM event_outbox WHERE dispatched_at IS NOT NULL AND dispatched_at < ?")
                .param(Times.db(cutoff)).update();
    }
}
