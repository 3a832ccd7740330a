package dev.preflight.intake;

import dev.preflight.platform.Times;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** ICC profiles tenants uploaded (the bytes are in the blob store); every statement scoped by tenant. */
@Repository
class IccProfileRepository {

    /** An uploaded profile's row. */
    record Row(String id, String tenantId, String name, String description, String outputConditionIdentifier,
               IccHeader header, String sha256, Instant createdAt) {

        String blobKey() {
            return "tenants/" + tenantId + "/icc/" + id + ".icc";
        }
    }

    private static final RowMapper<Row> MAPPER = (rs, n) -> new Row(rs.getString("id"), rs.getString("tenant_id"),
            rs.getString("name"), rs.getString("description"), rs.getString("output_condition_identifier"),
            new IccHeader(rs.getLong("size_bytes"), rs.getString("device_class"), rs.getString("color_space"),
                    rs.getString("pcs"), rs.getString("icc_version")),
            rs.getString("sha256"), Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)));

    private final JdbcClient jdbc;

    IccProfileRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Row r) {
        jdbc.sql("INSERT INTO icc_profiles (id, tenant_id, name, description, output_condition_identifier, device_class, "
                        + "color_space, pcs, icc_version, size_bytes, sha256, created_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(r.id(), r.tenantId(), r.name(), r.description(), r.outputConditionIdentifier(),
                        r.header().deviceClass(), r.header().colorSpace(), r.header().pcs(), r.header().version(),
                        r.header().size(), r.sha256(), Times.db(r.createdAt()))
                .update();
    }

    Optional<Row> find(String tenantId, String id) {
        return jdbc.sql("SELECT * FROM icc_profiles WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(MAPPER).optional();
    }

    List<Row> list(String tenantId) {
        return jdbc.sql("SELECT * FROM icc_profiles WHERE tenant_id = ? ORDER BY created_at, id").param(tenantId)
                .query(MAPPER).list();
    }

    int delete(String tenantId, String id) {
        return jdbc.sql("DELETE FROM icc_profiles WHERE id = ? AND tenant_id = ?").params(id, tenantId).update();
    }
}
