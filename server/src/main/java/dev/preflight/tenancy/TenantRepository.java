package dev.preflight.tenancy;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Tenants, API keys and plan entitlements. */
@Repository
class TenantRepository {

    private final JdbcClient jdbc;

    TenantRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
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
        return jdbc.sql("UPDATE tenants SET plan = ? WHERE id = ?").params(plan.wire(), id).update();
    }

    void insertKey(ApiKey key, String hash) {
        jdbc.sql("INSERT INTO api_keys (id, tenant_id, prefix, key_hash, mode, permissions, created_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)")
                .params(key.id(), key.tenantId(), key.prefix(), hash, key.mode(), String.join(",", key.permissions()),
                        Times.db(key.createdAt()))
                .update();
    }

    int revokeKey(String tenantId, String keyId, java.time.Instant at) {
        return jdbc.sql("UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND tenant_id = ?")
                .params(Times.db(at), keyId, tenantId).update();
    }

    /** The tenant's active key with this id. */
    Optional<ApiKey> findActiveKey(String tenantId, String keyId) {
        return jdbc.sql("SELECT id, tenant_id, prefix, mode, permissions, created_at FROM api_keys "
                        + "WHERE id = ? AND tenant_id = ? AND revoked_at IS NULL")
                .params(keyId, tenantId)
                .query((rs, n) -> new ApiKey(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5).isEmpty() ? List.of() : List.of(rs.getString(5).split(",")),
                        Times.fromDb(rs.getObject(6, OffsetDateTime.class))))
                .optional();
    }

    /** The active key with this hash, joined with its tenant's plan. */
    Optional<Caller> callerByKeyHash(String hash) {
        return jdbc.sql("SELECT k.id, k.tenant_id, k.permissions, t.plan FROM api_keys k JOIN tenants t ON t.id = k.tenant_id "
                        + "WHERE k.key_hash = ? AND k.revoked_at IS NULL")
                .param(hash)
                .query((rs, n) -> new Caller(rs.getString(2), Plan.parse(rs.getString(4)),
                        java.util.Set.copyOf(List.of(rs.getString(3).isEmpty() ? new String[0] : rs.getString(3).split(","))),
                        rs.getString(1)))
                .optional();
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
