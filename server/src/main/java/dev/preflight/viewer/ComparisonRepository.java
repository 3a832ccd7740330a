package dev.preflight.viewer;

import dev.preflight.platform.Json;
import dev.preflight.platform.Times;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.List;
import java.util.Optional;

/** Stored comparisons; every read is scoped by tenant. */
@Repository
class ComparisonRepository {

    /** A comparison and what it was made of. */
    record Stored(String id, String tenantId, String jobA, String jobB, int dpi, ViewerResponses.Comparison body) {
    }

    private final JdbcClient jdbc;

    ComparisonRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Stored s) {
        jdbc.sql("INSERT INTO viewer_comparisons (id, tenant_id, job_a, job_b, dpi, page_count_a, page_count_b, pages,"
                        + " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(s.id(), s.tenantId(), s.jobA(), s.jobB(), s.dpi(), s.body().pageCountA(),
                        s.body().pageCountB(), Json.write(s.body()), Times.db(Times.now()))
                .update();
    }

    Optional<Stored> find(String tenantId, String id) {
        return jdbc.sql("SELECT id, tenant_id, job_a, job_b, dpi, pages FROM viewer_comparisons WHERE id = ? AND tenant_id = ?")
                .params(id, tenantId)
                .query((rs, n) -> new Stored(rs.getString("id"), rs.getString("tenant_id"), rs.getString("job_a"),
                        rs.getString("job_b"), rs.getInt("dpi"),
                        Json.read(rs.getString("pages"), ViewerResponses.Comparison.class)))
                .optional();
    }

    /** Deletes the comparisons a job takes part in and returns them (their pictures live under job_a's prefix). */
    List<Stored> deleteJob(String tenantId, String jobId) {
        List<Stored> gone = jdbc.sql("SELECT id, tenant_id, job_a, job_b, dpi, pages FROM viewer_comparisons"
                        + " WHERE tenant_id = ? AND (job_a = ? OR job_b = ?)")
                .params(tenantId, jobId, jobId)
                .query((rs, n) -> new Stored(rs.getString("id"), rs.getString("tenant_id"), rs.getString("job_a"),
                        rs.getString("job_b"), rs.getInt("dpi"),
                        Json.read(rs.getString("pages"), ViewerResponses.Comparison.class)))
                .list();
        jdbc.sql("DELETE FROM viewer_comparisons WHERE tenant_id = ? AND (job_a = ? OR job_b = ?)")
                .params(tenantId, jobId, jobId).update();
        return gone;
    }
}
