package dev.preflight.viewer;

import dev.preflight.platform.Times;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Capability fill requests, one row per (job, capability); every read is scoped by tenant. */
@Repository
class FillRepository {

    static final String QUEUED = "queued";
    static final String FILLED = "filled";
    static final String FAILED = "failed";

    /** One fill request and how it ended. */
    record Fill(String jobId, String capability, String tenantId, String taskId, String status,
                @Nullable String error, Instant requestedAt, @Nullable Instant finishedAt) {
    }

    private static final RowMapper<Fill> MAPPER = (rs, n) -> new Fill(rs.getString("job_id"),
            rs.getString("capability"), rs.getString("tenant_id"), rs.getString("task_id"), rs.getString("status"),
            rs.getString("error"), Times.fromDb(rs.getObject("requested_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("finished_at", OffsetDateTime.class)));

    private final JdbcClient jdbc;

    FillRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Fill> find(String tenantId, String jobId, String capability) {
        return jdbc.sql("SELECT * FROM viewer_fills WHERE job_id = ? AND tenant_id = ? AND capability = ?")
                .params(jobId, tenantId, capability).query(MAPPER).optional();
    }

    /** The capabilities a job has been filled with. */
    Set<String> filled(String tenantId, String jobId) {
        return jdbc.sql("SELECT capability FROM viewer_fills WHERE job_id = ? AND tenant_id = ? AND status = ?")
                .params(jobId, tenantId, FILLED).query(String.class).list().stream().collect(Collectors.toSet());
    }

    /** Records a new request (replacing a failed one). */
    void queue(String tenantId, String jobId, String capability, String taskId) {
        jdbc.sql("DELETE FROM viewer_fills WHERE job_id = ? AND tenant_id = ? AND capability = ?")
                .params(jobId, tenantId, capability).update();
        jdbc.sql("INSERT INTO viewer_fills (job_id, capability, tenant_id, task_id, status, requested_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?)")
                .params(jobId, capability, tenantId, taskId, QUEUED, Times.db(Times.now())).update();
    }

    /** Ends a queued request; false when it is no longer the queued request of that task. */
    boolean finish(String tenantId, String jobId, String capability, String taskId, String status,
                   @Nullable String error) {
        return jdbc.sql("UPDATE viewer_fills SET status = ?, error = ?, finished_at = ? WHERE job_id = ? AND tenant_id = ?"
                        + " AND capability = ? AND task_id = ? AND status = ?")
                .params(status, error, Times.db(Times.now()), jobId, tenantId, capability, taskId, QUEUED)
                .update() == 1;
    }

    void deleteJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM viewer_fills WHERE job_id = ? AND tenant_id = ?").params(jobId, tenantId).update();
    }
}
