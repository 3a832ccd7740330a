package dev.preflight.intake;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Workflows, every statement scoped by tenant. */
@Repository
class WorkflowRepository {

    private static final RowMapper<Workflow> MAPPER = (rs, n) -> new Workflow(rs.getString("id"),
            rs.getString("tenant_id"), rs.getString("name"), rs.getString("profile_id"),
            rs.getString("brand_spec_id"), rs.getString("preflight_source"),
            rs.getObject("ai_enabled", Boolean.class), rs.getString("ai_categories"), rs.getString("ai_features"),
            rs.getString("ai_preset"), rs.getString("brand"), rs.getObject("unbranded", Boolean.class),
            Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("updated_at", OffsetDateTime.class)));

    private final JdbcClient jdbc;

    WorkflowRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Workflow w) {
        jdbc.sql("INSERT INTO workflows (id, tenant_id, name, profile_id, brand_spec_id, preflight_source, ai_enabled, "
                        + "ai_categories, ai_features, ai_preset, brand, unbranded, created_at, updated_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(w.id(), w.tenantId(), w.name(), w.profileId(), w.brandSpecId(), w.preflightSource(),
                        w.aiEnabled(), w.aiCategories(), w.aiFeatures(), w.aiPreset(), w.brand(), w.unbranded(),
                        Times.db(w.createdAt()), Times.db(w.updatedAt()))
                .update();
    }

    int update(Workflow w) {
        return jdbc.sql("UPDATE workflows SET name = ?, profile_id = ?, brand_spec_id = ?, preflight_source = ?, "
                        + "ai_enabled = ?, ai_categories = ?, ai_features = ?, ai_preset = ?, brand = ?, unbranded = ?, "
                        + "updated_at = ? WHERE id = ? AND tenant_id = ?")
                .params(w.name(), w.profileId(), w.brandSpecId(), w.preflightSource(), w.aiEnabled(),
                        w.aiCategories(), w.aiFeatures(), w.aiPreset(), w.brand(), w.unbranded(),
                        Times.db(w.updatedAt()), w.id(), w.tenantId())
                .update();
    }

    Optional<Workflow> find(String tenantId, String id) {
        return jdbc.sql("SELECT * FROM workflows WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(MAPPER).optional();
    }

    List<Workflow> list(String tenantId) {
        return jdbc.sql("SELECT * FROM workflows WHERE tenant_id = ? ORDER BY created_at, id").param(tenantId)
                .query(MAPPER).list();
    }

    int delete(String tenantId, String id) {
        return jdbc.sql("DELETE FROM workflows WHERE id = ? AND tenant_id = ?").params(id, tenantId).update();
    }
}
