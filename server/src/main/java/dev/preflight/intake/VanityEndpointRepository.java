package dev.preflight.intake;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Vanity endpoints, every statement scoped by tenant; slugs are unique per tenant. */
@Repository
class VanityEndpointRepository {

    private static final RowMapper<VanityEndpoint> MAPPER = (rs, n) -> new VanityEndpoint(rs.getString("id"),
            rs.getString("tenant_id"), rs.getString("slug"), rs.getString("profile_id"), rs.getString("description"),
            rs.getBoolean("is_active"), rs.getString("response_mode"), rs.getString("default_brand_spec_id"),
            rs.getString("brand"), Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("updated_at", OffsetDateTime.class)));

    private final JdbcClient jdbc;

    VanityEndpointRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(VanityEndpoint e) {
        jdbc.sql("INSERT INTO vanity_endpoints (id, tenant_id, slug, profile_id, description, is_active, response_mode, "
                        + "default_brand_spec_id, brand, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(e.id(), e.tenantId(), e.slug(), e.profileId(), e.description(), e.active(), e.responseMode(),
                        e.defaultBrandSpecId(), e.brand(), Times.db(e.createdAt()), Times.db(e.updatedAt()))
                .update();
    }

    int update(VanityEndpoint e) {
        return jdbc.sql("UPDATE vanity_endpoints SET slug = ?, profile_id = ?, description = ?, is_active = ?, "
                        + "response_mode = ?, default_brand_spec_id = ?, brand = ?, updated_at = ? "
                        + "WHERE id = ? AND tenant_id = ?")
                .params(e.slug(), e.profileId(), e.description(), e.active(), e.responseMode(),
                        e.defaultBrandSpecId(), e.brand(), Times.db(e.updatedAt()), e.id(), e.tenantId())
                .update();
    }

    Optional<VanityEndpoint> findBySlug(String tenantId, String slug) {
        return jdbc.sql("SELECT * FROM vanity_endpoints WHERE tenant_id = ? AND slug = ?").params(tenantId, slug)
                .query(MAPPER).optional();
    }

    List<VanityEndpoint> list(String tenantId) {
        return jdbc.sql("SELECT * FROM vanity_endpoints WHERE tenant_id = ? ORDER BY slug").param(tenantId)
                .query(MAPPER).list();
    }

    int delete(String tenantId, String id) {
        return jdbc.sql("DELETE FROM vanity_endpoints WHERE id = ? AND tenant_id = ?").params(id, tenantId).update();
    }
}
