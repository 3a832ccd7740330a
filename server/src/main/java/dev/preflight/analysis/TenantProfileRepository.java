package dev.preflight.analysis;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Tenant-owned profiles, scoped by tenant. */
@Repository
class TenantProfileRepository {

    record Row(String id, String tenantId, String profileId, String name, String description, String body,
               Instant createdAt) {
    }

    private static final RowMapper<Row> MAPPER = (rs, n) -> new Row(rs.getString("id"), rs.getString("tenant_id"),
            rs.getString("profile_id"), rs.getString("name"), rs.getString("description"), rs.getString("body"),
            Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)));

    private final JdbcClient jdbc;

    TenantProfileRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Row> find(String tenantId, String profileId) {
        return jdbc.sql("SELECT * FROM tenant_profiles WHERE tenant_id = ? AND profile_id = ?")
                .params(tenantId, profileId).query(MAPPER).optional();
    }

    List<Row> list(String tenantId) {
        return jdbc.sql("SELECT * FROM tenant_profiles WHERE tenant_id = ? ORDER BY created_at, profile_id")
                .param(tenantId).query(MAPPER).list();
    }

    void insert(Row r) {
        jdbc.sql("INSERT INTO tenant_profiles (id, tenant_id, profile_id, name, description, body, created_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)")
                .params(r.id(), r.tenantId(), r.profileId(), r.name(), r.description(), r.body(), Times.db(r.createdAt()))
                .update();
    }
}
