package dev.preflight.branding;

import dev.preflight.platform.Json;
import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** BrandSpecs; every read is scoped by tenant. The default flag is guarded by the unique {@code default_key}. */
@Repository
class BrandSpecRepository {

    private static final RowMapper<BrandSpec> MAPPER = (rs, n) -> {
        BrandSpec.SpecColor[] colors = Json.read(rs.getString("colors"), BrandSpec.SpecColor[].class);
        return new BrandSpec(rs.getString("id"), rs.getString("tenant_id"), rs.getString("name"),
                rs.getString("customer_name"), rs.getString("description"),
                colors == null ? List.of() : Arrays.asList(colors),
                Json.read(rs.getString("rich_black"), BrandSpec.RichBlack.class), rs.getBoolean("is_default"),
                rs.getBoolean("is_archived"), Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)),
                Times.fromDb(rs.getObject("updated_at", OffsetDateTime.class)));
    };

    private final JdbcClient jdbc;

    BrandSpecRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(BrandSpec s) {
        jdbc.sql("INSERT INTO brand_specs (id, tenant_id, name, customer_name, description, colors, rich_black, "
                        + "is_default, is_archived, default_key, created_at, updated_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, FALSE, ?, NULL, ?, ?)")
                .params(s.id(), s.tenantId(), s.name(), s.customerName(), s.description(), Json.write(s.colors()),
                        Json.write(s.richBlack()), s.isArchived(), Times.db(s.createdAt()), Times.db(s.updatedAt()))
                .update();
    }

    /** Writes the editable fields; the default flag changes only through {@link #makeDefault}/{@link #clearDefault}. */
    void update(BrandSpec s) {
        jdbc.sql("UPDATE brand_specs SET name = ?, customer_name = ?, description = ?, colors = ?, rich_black = ?, "
                        + "is_archived = ?, updated_at = ? WHERE id = ? AND tenant_id = ?")
                .params(s.name(), s.customerName(), s.description(), Json.write(s.colors()), Json.write(s.richBlack()),
                        s.isArchived(), Times.db(s.updatedAt()), s.id(), s.tenantId())
                .update();
    }

    /** Demotes the tenant's current default (if another) and promotes this spec, inside the caller's transaction. */
    void makeDefault(String tenantId, String id, Instant now) {
        jdbc.sql("UPDATE brand_specs SET is_default = FALSE, default_key = NULL, updated_at = ? "
                        + "WHERE tenant_id = ? AND default_key IS NOT NULL AND id <> ?")
                .params(Times.db(now), tenantId, id).update();
        jdbc.sql("UPDATE brand_specs SET is_default = TRUE, default_key = tenant_id WHERE id = ? AND tenant_id = ?")
                .params(id, tenantId).update();
    }

    void clearDefault(String tenantId, String id) {
        jdbc.sql("UPDATE brand_specs SET is_default = FALSE, default_key = NULL WHERE id = ? AND tenant_id = ?")
                .params(id, tenantId).update();
    }

    Optional<BrandSpec> find(String tenantId, String id) {
        return jdbc.sql("SELECT * FROM brand_specs WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(MAPPER).optional();
    }

    List<BrandSpec> list(String tenantId, boolean includeArchived) {
        return jdbc.sql("SELECT * FROM brand_specs WHERE tenant_id = ?"
                        + (includeArchived ? "" : " AND is_archived = FALSE") + " ORDER BY created_at, id")
                .param(tenantId).query(MAPPER).list();
    }

    Optional<BrandSpec> tenantDefault(String tenantId) {
        return jdbc.sql("SELECT * FROM brand_specs WHERE default_key = ? AND tenant_id = ? AND is_archived = FALSE")
                .params(tenantId, tenantId).query(MAPPER).optional();
    }

    long countDefaults(String tenantId) {
        return jdbc.sql("SELECT COUNT(*) FROM brand_specs WHERE tenant_id = ? AND is_default = TRUE").param(tenantId)
                .query(Long.class).single();
    }
}
