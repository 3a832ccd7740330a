package dev.preflight.review;

import dev.preflight.platform.Times;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Decisions; every read and write scoped by tenant. Newest first means decided_at, then insertion order. */
@Repository
class DecisionRepository {

    private static final String NEWEST_FIRST = " ORDER BY decided_at DESC, seq DESC";

    private static final RowMapper<Decision> MAPPER = (rs, n) -> {
        Instant revokedAt = Times.fromDb(rs.getObject("revoked_at", OffsetDateTime.class));
        return new Decision(rs.getString("id"), rs.getString("job_id"), rs.getString("finding_id"),
                rs.getString("decision_type"), rs.getString("decided_by_user_id"), rs.getString("source"),
                Times.fromDb(rs.getObject("decided_at", OffsetDateTime.class)), revokedAt == null,
                rs.getString("notes"), revokedAt, rs.getString("revoked_by_user_id"), rs.getString("revoked_reason"));
    };

    private final JdbcClient jdbc;

    DecisionRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(String tenantId, Decision d) {
        jdbc.sql("INSERT INTO decisions (id, tenant_id, job_id, finding_id, decision_type, decided_by_user_id, source, "
                        + "decided_at, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(d.id(), tenantId, d.jobId(), d.findingId(), d.decisionType(), d.decidedByUserId(), d.source(),
                        Times.db(d.decidedAt()), d.notes())
                .update();
    }

    Optional<Decision> find(String tenantId, String jobId, String id) {
        return jdbc.sql("SELECT * FROM decisions WHERE id = ? AND tenant_id = ? AND job_id = ?")
                .params(id, tenantId, jobId).query(MAPPER).optional();
    }

    /** Stamps the revoke unless already revoked; true when this call revoked it. */
    boolean revoke(String tenantId, String id, Instant at, @Nullable String by, @Nullable String reason) {
        return jdbc.sql("UPDATE decisions SET revoked_at = ?, revoked_by_user_id = ?, revoked_reason = ? "
                        + "WHERE id = ? AND tenant_id = ? AND revoked_at IS NULL")
                .params(Times.db(at), by, reason, id, tenantId).update() == 1;
    }

    List<Decision> ofJob(String tenantId, String jobId, boolean includeRevoked, int limit) {
        return jdbc.sql("SELECT * FROM decisions WHERE tenant_id = ? AND job_id = ?"
                        + (includeRevoked ? "" : " AND revoked_at IS NULL") + NEWEST_FIRST + " LIMIT ?")
                .params(tenantId, jobId, limit).query(MAPPER).list();
    }

    int count(String tenantId, String jobId, boolean includeRevoked) {
        return jdbc.sql("SELECT COUNT(*) FROM decisions WHERE tenant_id = ? AND job_id = ?"
                        + (includeRevoked ? "" : " AND revoked_at IS NULL"))
                .params(tenantId, jobId).query(Integer.class).single();
    }

    /** The active finding-level decisions of a job, newest first. */
    List<Decision> activeOnFindings(String tenantId, String jobId) {
        return jdbc.sql("SELECT * FROM decisions WHERE tenant_id = ? AND job_id = ? AND finding_id IS NOT NULL "
                        + "AND revoked_at IS NULL" + NEWEST_FIRST)
                .params(tenantId, jobId).query(MAPPER).list();
    }

    /** Every active decision of a job, job- and finding-level, newest first. */
    List<Decision> active(String tenantId, String jobId) {
        return jdbc.sql("SELECT * FROM decisions WHERE tenant_id = ? AND job_id = ? AND revoked_at IS NULL"
                        + NEWEST_FIRST)
                .params(tenantId, jobId).query(MAPPER).list();
    }

    void deleteJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM decisions WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
    }
}
