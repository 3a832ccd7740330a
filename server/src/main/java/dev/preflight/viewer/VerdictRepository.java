package dev.preflight.viewer;

import dev.preflight.platform.Times;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/** Reviewers' verdicts, one per job; every read is scoped by tenant. */
@Repository
class VerdictRepository {

    /** A recorded verdict. */
    record Recorded(String verdict, String verdictBy, Instant verdictAt, @Nullable String notes) {
    }

    private final JdbcClient jdbc;

    VerdictRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Recorded> find(String tenantId, String jobId) {
        return jdbc.sql("SELECT verdict, verdict_by, verdict_at, notes FROM viewer_verdicts WHERE job_id = ? AND tenant_id = ?")
                .params(jobId, tenantId)
                .query((rs, n) -> new Recorded(rs.getString("verdict"), rs.getString("verdict_by"),
                        Times.fromDb(rs.getObject("verdict_at", OffsetDateTime.class)), rs.getString("notes")))
                .optional();
    }

    /** The stored verdict, locked for the rest of the transaction so two reviewers' changes are ordered. */
    Optional<Recorded> findForUpdate(String tenantId, String jobId) {
        return jdbc.sql("SELECT verdict, verdict_by, verdict_at, notes FROM viewer_verdicts WHERE job_id = ? AND tenant_id = ?"
                        + " FOR UPDATE")
                .params(jobId, tenantId)
                .query((rs, n) -> new Recorded(rs.getString("verdict"), rs.getString("verdict_by"),
                        Times.fromDb(rs.getObject("verdict_at", OffsetDateTime.class)), rs.getString("notes")))
                .optional();
    }

    void save(String tenantId, String jobId, Recorded v) {
        int updated = jdbc.sql("UPDATE viewer_verdicts SET verdict = ?, verdict_by = ?, verdict_at = ?, notes = ?"
                        + " WHERE job_id = ? AND tenant_id = ?")
                .params(v.verdict(), v.verdictBy(), Times.db(v.verdictAt()), v.notes(), jobId, tenantId).update();
        if (updated == 0) {
            jdbc.sql("INSERT INTO viewer_verdicts (job_id, tenant_id, verdict, verdict_by, verdict_at, notes)"
                            + " VALUES (?, ?, ?, ?, ?, ?)")
                    .params(jobId, tenantId, v.verdict(), v.verdictBy(), Times.db(v.verdictAt()), v.notes()).update();
        }
    }

    void deleteJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM viewer_verdicts WHERE job_id = ? AND tenant_id = ?").params(jobId, tenantId).update();
    }
}
