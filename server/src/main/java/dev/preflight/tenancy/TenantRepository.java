package dev.preflight.tenancy;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Tenants, API keys and plan entitlements. */
@Repository
class TenantRepository {

    private final JdbcClient jdbc;
    private final CallerCache callers;

    TenantRepository(JdbcClient jdbc, CallerCache callers) {
        this.jdbc = jdbc;
        this.callers = callers;
    }

    void insert(Tenant t) {
        jdbc.sql("INSERT INTO tenants (id, name, plan, created_at) VALUES (?, ?, ?, ?)")
                .params(t.id(), t.name(), t.plan().wire(), Times.db(t.createdAt())).update();
    }

    Optional<Tenant> find(String id) {
        return jdbc.sql("SELECT id, name, plan, created_at FROM tenants WHERE id = ?").param(id)
                .query((rs, n) -> new Tenant(rs.getString(1), rs.getString(2), Plan.parse(rs.getString(3)),
                        Times.fromDb(rs.getObject(4, OffsetDateTime.class))))
                .optional();
    }

    int updatePlan(String id, Plan plan) {
        callers.forgetAll();
        return jdbc.sql("UPDATE tenants SET plan = ? WHERE id = ?").params(plan.wire(), id).update();
    }

    private static final String KEY_COLUMNS = "id, tenant_id, name, prefix, mode, permissions, created_at, "
            + "last_used_at, expires_at, revoked_at, replaced_by";

    void insertKey(ApiKey key, String hash) {
        jdbc.sql("INSERT INTO api_keys (id, tenant_id, name, prefix, key_hash, mode, permissions, created_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .params(key.id(), key.tenantId(), key.name(), key.prefix(), hash, key.mode(),
                        String.join(",", key.permissions()), Times.db(key.createdAt()))
                .update();
    }

    /** Revokes a key (a second revocation keeps the first time); 0 when the tenant has no key with this id. */
    int revokeKey(String tenantId, String keyId, Instant at) {
        callers.forgetAll();
        return jdbc.sql("UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND tenant_id = ?")
                .params(Times.db(at), keyId, tenantId).update();
    }

    /**
     * Marks a key replaced by rotation: it stops working at {@code expiresAt}. Only a key still active and not yet
     * replaced is changed, so two concurrent rotations of one key cannot both succeed; answers the rows changed.
     */
    int replaceKey(String tenantId, String keyId, String replacedBy, Instant expiresAt, Instant now) {
        callers.forgetAll();
        return jdbc.sql("UPDATE api_keys SET expires_at = ?, replaced_by = ? WHERE id = ? AND tenant_id = ? "
                        + "AND revoked_at IS NULL AND replaced_by IS NULL AND (expires_at IS NULL OR expires_at > ?)")
                .params(Times.db(expiresAt), replacedBy, keyId, tenantId, Times.db(now)).update();
    }

    /** The tenant's key with this id, whatever its state. */
    Optional<ApiKey> findKey(String tenantId, String keyId) {
        return jdbc.sql("SELECT " + KEY_COLUMNS + " FROM api_keys WHERE id = ? AND tenant_id = ?")
                .params(keyId, tenantId).query(TenantRepository::key).optional();
    }

    /** The tenant's keys, newest first; without {@code all}, only those that still authenticate at {@code now}. */
    List<ApiKey> keys(String tenantId, boolean all, Instant now) {
        String active = all ? "" : " AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)";
        var statement = jdbc.sql("SELECT " + KEY_COLUMNS + " FROM api_keys WHERE tenant_id = ?" + active
                + " ORDER BY created_at DESC, id").param(tenantId);
        if (!all) {
            statement = statement.param(Times.db(now));
        }
        return statement.query(TenantRepository::key).list();
    }

    /** Locks the tenant's row until the transaction ends, so that concurrent key creations count one after another. */
    void lockTenant(String tenantId) {
        jdbc.sql("SELECT id FROM tenants WHERE id = ? FOR UPDATE").param(tenantId).query(String.class).list();
    }

    /** How many of the tenant's keys still authenticate at {@code now}. */
    long activeKeyCount(String tenantId, Instant now) {
        return jdbc.sql("SELECT COUNT(*) FROM api_keys WHERE tenant_id = ? AND revoked_at IS NULL "
                        + "AND (expires_at IS NULL OR expires_at > ?)")
                .params(tenantId, Times.db(now)).query(Long.class).single();
    }

    /** Records a use of the key, unless one was recorded since {@code notBefore} (a write a minute at most). */
    void touchKey(String keyId, Instant at, Instant notBefore) {
        jdbc.sql("UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)")
                .params(Times.db(at), keyId, Times.db(notBefore)).update();
    }

    /** The caller of an active key with this hash (joined with its tenant's plan), and when the key was last used. */
    Optional<KeyUse> callerByKeyHash(String hash, Instant now) {
        return jdbc.sql("SELECT k.id, k.tenant_id, k.permissions, t.plan, k.last_used_at, k.expires_at FROM api_keys k "
                        + "JOIN tenants t ON t.id = k.tenant_id "
                        + "WHERE k.key_hash = ? AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?)")
                .params(hash, Times.db(now))
                .query((rs, n) -> new KeyUse(new Caller(rs.getString(2), Plan.parse(rs.getString(4)),
                        java.util.Set.copyOf(permissions(rs.getString(3))), rs.getString(1)),
                        Times.fromDb(rs.getObject(6, OffsetDateTime.class)),
                        Times.fromDb(rs.getObject(5, OffsetDateTime.class))))
                .optional();
    }

    /** An authenticated caller, when its key stops working (null: never) and the key's previous use. */
    record KeyUse(Caller caller, @org.jspecify.annotations.Nullable Instant expiresAt,
                  @org.jspecify.annotations.Nullable Instant lastUsedAt) {

        boolean activeAt(Instant now) {
            return expiresAt == null || expiresAt.isAfter(now);
        }

        KeyUse usedAt(Instant at) {
            return new KeyUse(caller, expiresAt, at);
        }
    }

    private static ApiKey key(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new ApiKey(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                permissions(rs.getString(6)), Times.fromDb(rs.getObject(7, OffsetDateTime.class)),
                Times.fromDb(rs.getObject(8, OffsetDateTime.class)), Times.fromDb(rs.getObject(9, OffsetDateTime.class)),
                Times.fromDb(rs.getObject(10, OffsetDateTime.class)), rs.getString(11));
    }

    private static List<String> permissions(String stored) {
        return stored.isEmpty() ? List.of() : List.of(stored.split(","));
    }

    Map<String, String> entitlements(Plan plan) {
        var out = new HashMap<String, String>();
        jdbc.sql("SELECT feature, feature_value FROM plan_entitlements WHERE plan = ?").param(plan.wire())
                .query(rs -> {
                    out.put(rs.getString(1), rs.getString(2));
                });
        return out;
    }
}
