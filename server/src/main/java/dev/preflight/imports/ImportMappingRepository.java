package dev.preflight.imports;

import dev.preflight.platform.Json;
import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Import mappings; every read is scoped by tenant except {@link #ownerOf}, which reveals only the owner id. */
@Repository
class ImportMappingRepository {

    private static final RowMapper<ImportMapping> MAPPER = (rs, n) -> new ImportMapping(rs.getString("id"),
            rs.getString("tenant_id"), rs.getString("name"), rs.getString("description"), rs.getString("format"),
            Json.readMap(rs.getString("config")), rs.getString("sample_payload"), rs.getString("sample_mime"),
            rs.getBoolean("is_active"), Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("updated_at", OffsetDateTime.class)));

    private final JdbcClient jdbc;

    ImportMappingRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(ImportMapping m) {
        jdbc.sql("INSERT INTO import_mappings (id, tenant_id, name, description, format, config, sample_payload, "
                        + "sample_mime, is_active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(m.id(), m.tenantId(), m.name(), m.description(), m.format(), Json.write(m.config()),
                        m.samplePayload(), m.sampleMime(), m.active(), Times.db(m.createdAt()), Times.db(m.updatedAt()))
                .update();
    }

    int update(ImportMapping m) {
        return jdbc.sql("UPDATE import_mappings SET name = ?, description = ?, format = ?, config = ?, sample_payload = ?, "
                        + "sample_mime = ?, is_active = ?, updated_at = ? WHERE id = ? AND tenant_id = ?")
                .params(m.name(), m.description(), m.format(), Json.write(m.config()), m.samplePayload(),
                        m.sampleMime(), m.active(), Times.db(m.updatedAt()), m.id(), m.tenantId())
                .update();
    }

    Optional<ImportMapping> find(String tenantId, String id) {
        return jdbc.sql("SELECT * FROM import_mappings WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(MAPPER).optional();
    }

    List<ImportMapping> list(String tenantId) {
        return jdbc.sql("SELECT * FROM import_mappings WHERE tenant_id = ? ORDER BY created_at DESC, id")
                .param(tenantId).query(MAPPER).list();
    }

    /** The owning tenant of a mapping id, for telling a foreign mapping (403) from an unknown one (404) at submit. */
    Optional<String> ownerOf(String id) {
        return jdbc.sql("SELECT tenant_id FROM import_mappings WHERE id = ?").param(id).query(String.class).optional();
    }
}
