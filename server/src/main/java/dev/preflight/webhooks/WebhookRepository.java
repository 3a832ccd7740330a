package dev.preflight.webhooks;

import dev.preflight.platform.Json;
import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.core.type.TypeReference;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/** Webhooks and their deliveries. Every read the API makes is scoped by tenant; workers read by id. */
@Repository
class WebhookRepository {

    private static final String WEBHOOK_COLUMNS = "id, tenant_id, url, events, is_active, max_retries, "
            + "retry_base_delay_seconds, retry_max_delay_seconds, delivery_retention_days, retention_overrides, "
            + "signing_secret, previous_signing_secret, previous_secret_expires_at, created_at, deleted_at";
    private static final String DELIVERY_COLUMNS = "id, tenant_id, webhook_id, event_id, event_type, url, body, "
            + "attempt_count, final_status_code, success, finished, last_error, created_at, delivered_at";

    private static final RowMapper<Webhook> WEBHOOK = (rs, n) -> new Webhook(rs.getString(1), rs.getString(2),
            rs.getString(3), Json.mapper().readValue(rs.getString(4), new TypeReference<List<String>>() { }),
            rs.getBoolean(5), rs.getObject(6, Integer.class), rs.getInt(7), rs.getInt(8),
            rs.getObject(9, Integer.class),
            Json.mapper().readValue(rs.getString(10), new TypeReference<LinkedHashMap<String, Integer>>() { }),
            rs.getString(11), rs.getString(12), Times.fromDb(rs.getObject(13, OffsetDateTime.class)),
            Times.fromDb(rs.getObject(14, OffsetDateTime.class)), Times.fromDb(rs.getObject(15, OffsetDateTime.class)));

    private static final RowMapper<Delivery> DELIVERY = (rs, n) -> new Delivery(rs.getString(1), rs.getString(2),
            rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getInt(8),
            rs.getObject(9, Integer.class), rs.getBoolean(10), rs.getBoolean(11), rs.getString(12),
            Times.fromDb(rs.getObject(13, OffsetDateTime.class)), Times.fromDb(rs.getObject(14, OffsetDateTime.class)));

    private final JdbcClient jdbc;

    WebhookRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Webhook w) {
        jdbc.sql("INSERT INTO webhooks (" + WEBHOOK_COLUMNS + ", updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(w.id(), w.tenantId(), w.url(), Json.write(w.events()), w.active(), w.maxRetries(),
                        w.retryBaseDelaySeconds(), w.retryMaxDelaySeconds(), w.deliveryRetentionDays(),
                        Json.write(w.retentionOverrides()), w.signingSecret(), w.previousSigningSecret(),
                        Times.db(w.previousSecretExpiresAt()), Times.db(w.createdAt()), Times.db(w.deletedAt()),
                        Times.db(w.createdAt()))
                .update();
    }

    void update(Webhook w) {
        jdbc.sql("UPDATE webhooks SET url = ?, events = ?, is_active = ?, max_retries = ?, retry_base_delay_seconds = ?, "
                        + "retry_max_delay_seconds = ?, delivery_retention_days = ?, retention_overrides = ?, "
                        + "signing_secret = ?, previous_signing_secret = ?, previous_secret_expires_at = ?, "
                        + "deleted_at = ?, updated_at = ? WHERE id = ? AND tenant_id = ?")
                .params(w.url(), Json.write(w.events()), w.active(), w.maxRetries(), w.retryBaseDelaySeconds(),
                        w.retryMaxDelaySeconds(), w.deliveryRetentionDays(), Json.write(w.retentionOverrides()),
                        w.signingSecret(), w.previousSigningSecret(), Times.db(w.previousSecretExpiresAt()),
                        Times.db(w.deletedAt()), Times.db(Times.now()), w.id(), w.tenantId())
                .update();
    }

    /** The tenant's webhook unless it is deleted. */
    Optional<Webhook> find(String tenantId, String id) {
        return jdbc.sql("SELECT " + WEBHOOK_COLUMNS + " FROM webhooks WHERE id = ? AND tenant_id = ? AND deleted_at IS NULL")
                .params(id, tenantId).query(WEBHOOK).optional();
    }

    /** The tenant's webhook, deleted or not (deliveries outlive their webhook). */
    Optional<Webhook> findAny(String tenantId, String id) {
        return jdbc.sql("SELECT " + WEBHOOK_COLUMNS + " FROM webhooks WHERE id = ? AND tenant_id = ?")
                .params(id, tenantId).query(WEBHOOK).optional();
    }

    List<Webhook> list(String tenantId) {
        return jdbc.sql("SELECT " + WEBHOOK_COLUMNS + " FROM webhooks WHERE tenant_id = ? AND deleted_at IS NULL "
                        + "ORDER BY created_at, id")
                .param(tenantId).query(WEBHOOK).list();
    }

    /** Webhooks (deleted ones included) that keep their deliveries for a limited time. */
    List<Webhook> withRetention() {
        return jdbc.sql("SELECT " + WEBHOOK_COLUMNS + " FROM webhooks WHERE delivery_retention_days IS NOT NULL "
                        + "OR retention_overrides <> '{}'")
                .query(WEBHOOK).list();
    }

    /** The active webhooks of the tenant, for fan-out. */
    List<Webhook> active(String tenantId) {
        return jdbc.sql("SELECT " + WEBHOOK_COLUMNS + " FROM webhooks WHERE tenant_id = ? AND is_active = TRUE "
                        + "AND deleted_at IS NULL")
                .param(tenantId).query(WEBHOOK).list();
    }

    /** The event subscriptions of the tenant's active webhooks, each a list of event types (empty: every event). */
    List<List<String>> activeSubscriptions(String tenantId) {
        return jdbc.sql("SELECT events FROM webhooks WHERE tenant_id = ? AND is_active = TRUE AND deleted_at IS NULL")
                .param(tenantId)
                .query((rs, n) -> Json.mapper().readValue(rs.getString(1), new TypeReference<List<String>>() { }))
                .list();
    }

    boolean fannedOut(String fanoutKey) {
        return jdbc.sql("SELECT COUNT(*) FROM webhook_deliveries WHERE fanout_key = ?").param(fanoutKey)
                .query(Long.class).single() > 0;
    }

    /** @param fanoutKey {@code <event_id>:<webhook_id>} for a dispatched event, null for a replay */
    void insertDelivery(Delivery d, String fanoutKey, String replayOf) {
        jdbc.sql("INSERT INTO webhook_deliveries (" + DELIVERY_COLUMNS + ", fanout_key, replay_of) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(d.id(), d.tenantId(), d.webhookId(), d.eventId(), d.eventType(), d.url(), d.body(),
                        d.attemptCount(), d.finalStatusCode(), d.success(), d.finished(), d.lastError(),
                        Times.db(d.createdAt()), Times.db(d.deliveredAt()), fanoutKey, replayOf)
                .update();
    }

    Optional<Delivery> delivery(String id) {
        return jdbc.sql("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE id = ?").param(id)
                .query(DELIVERY).optional();
    }

    Optional<Delivery> delivery(String tenantId, String id) {
        return jdbc.sql("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE id = ? AND tenant_id = ?")
                .params(id, tenantId).query(DELIVERY).optional();
    }

    /** Records one attempt's outcome. */
    void recordAttempt(String id, int attemptCount, Integer statusCode, boolean success, boolean finished,
                       String lastError, Instant deliveredAt) {
        jdbc.sql("UPDATE webhook_deliveries SET attempt_count = ?, final_status_code = ?, success = ?, finished = ?, "
                        + "last_error = ?, delivered_at = ? WHERE id = ?")
                .params(attemptCount, statusCode, success, finished, lastError, Times.db(deliveredAt), id)
                .update();
    }

    void finish(String id, String lastError) {
        jdbc.sql("UPDATE webhook_deliveries SET finished = TRUE, last_error = ? WHERE id = ? AND finished = FALSE")
                .params(lastError, id).update();
    }

    /** Filters of the delivery list; null means any. */
    record Filter(String webhookId, String event, Boolean success) {
    }

    List<Delivery> page(String tenantId, Filter f, long offset, int limit) {
        var where = where(tenantId, f);
        return jdbc.sql("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE " + where.sql()
                        + " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?")
                .params(append(where.params(), limit, offset)).query(DELIVERY).list();
    }

    long count(String tenantId, Filter f) {
        var where = where(tenantId, f);
        return jdbc.sql("SELECT COUNT(*) FROM webhook_deliveries WHERE " + where.sql()).params(where.params())
                .query(Long.class).single();
    }

    List<String> eventTypes(String webhookId) {
        return jdbc.sql("SELECT DISTINCT event_type FROM webhook_deliveries WHERE webhook_id = ?").param(webhookId)
                .query(String.class).list();
    }

    int deleteOlderThan(String webhookId, String eventType, Instant cutoff) {
        return jdbc.sql("DELETE FROM webhook_deliveries WHERE webhook_id = ? AND event_type = ? AND created_at < ?")
                .params(webhookId, eventType, Times.db(cutoff)).update();
    }

    private record Where(String sql, List<Object> params) {
    }

    private static Where where(String tenantId, Filter f) {
        var sql = new StringBuilder("tenant_id = ?");
        var params = new ArrayList<Object>(List.of(tenantId));
        if (f.webhookId() != null) {
            sql.append(" AND webhook_id = ?");
            params.add(f.webhookId());
        }
        if (f.event() != null) {
            sql.append(" AND event_type = ?");
            params.add(f.event());
        }
        if (f.success() != null) {
            sql.append(" AND success = ?");
            params.add(f.success());
        }
        return new Where(sql.toString(), params);
    }

    private static List<Object> append(List<Object> params, Object... more) {
        var out = new ArrayList<>(params);
        out.addAll(List.of(more));
        return out;
    }
}
