package dev.preflight.viewer;

import dev.preflight.platform.Times;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/** The tile pre-render of each completed job; every read is scoped by tenant. */
@Repository
class TileWarmingRepository {

    static final String IN_PROGRESS = "in_progress";
    static final String COMPLETE = "complete";
    static final String FAILED = "failed";

    /**
     * One job's warming.
     *
     * @param failed   pages that could not be rendered so far (the next page to try is rendered + failed + 1)
     * @param failures the first few of their messages, {@link #SEPARATOR}-separated, while in progress
     * @param queuedAt when the warming was queued (null for rows made before it was recorded)
     */
    record Warming(String jobId, String tenantId, String status, int rendered, int total, int dpi,
                   @Nullable Instant startedAt, @Nullable Instant completedAt, @Nullable String error, int failed,
                   @Nullable String failures, @Nullable Instant queuedAt) {

        /** The next page to render, 1-based; past {@link #total()} when every page was tried. */
        int nextPage() {
            return rendered + failed + 1;
        }
    }

    /** Between the failure messages kept while a warming is in progress. */
    static final String SEPARATOR = "; ";

    /** Failure messages kept for the error summary; the count goes on beyond them. */
    static final int KEPT_FAILURES = 3;

    private static final RowMapper<Warming> MAPPER = (rs, n) -> new Warming(rs.getString("job_id"),
            rs.getString("tenant_id"), rs.getString("status"), rs.getInt("rendered"), rs.getInt("total"),
            rs.getInt("dpi"), Times.fromDb(rs.getObject("started_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("completed_at", OffsetDateTime.class)), rs.getString("error"),
            rs.getInt("failed"), rs.getString("failures"),
            Times.fromDb(rs.getObject("queued_at", OffsetDateTime.class)));

    private final JdbcClient jdbc;

    TileWarmingRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Warming> find(String tenantId, String jobId) {
        return jdbc.sql("SELECT * FROM viewer_tile_warming WHERE job_id = ? AND tenant_id = ?")
                .params(jobId, tenantId).query(MAPPER).optional();
    }

    /** Starts a warming record unless the job has one (a job completes once; a replayed event changes nothing). */
    boolean create(String tenantId, String jobId, int total, int dpi) {
        return jdbc.sql("INSERT INTO viewer_tile_warming (job_id, tenant_id, status, rendered, total, dpi, queued_at)"
                        + " SELECT ?, ?, ?, 0, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM viewer_tile_warming WHERE job_id = ?)")
                .params(jobId, tenantId, IN_PROGRESS, total, dpi, Times.db(Times.now()), jobId).update() == 1;
    }

    void started(String tenantId, String jobId) {
        jdbc.sql("UPDATE viewer_tile_warming SET started_at = ? WHERE job_id = ? AND tenant_id = ? AND started_at IS NULL")
                .params(Times.db(Times.now()), jobId, tenantId).update();
    }

    void progress(String tenantId, String jobId, int rendered) {
        jdbc.sql("UPDATE viewer_tile_warming SET rendered = ? WHERE job_id = ? AND tenant_id = ? AND status = ?")
                .params(rendered, jobId, tenantId, IN_PROGRESS).update();
    }

    /** Counts a page that could not be rendered, keeping its message while fewer than {@link #KEPT_FAILURES} are. */
    void failed(String tenantId, String jobId, Warming before, String message) {
        String kept = before.failed() >= KEPT_FAILURES ? before.failures()
                : before.failures() == null ? message : before.failures() + SEPARATOR + message;
        jdbc.sql("UPDATE viewer_tile_warming SET failed = ?, failures = ? WHERE job_id = ? AND tenant_id = ?"
                        + " AND status = ?")
                .params(before.failed() + 1, kept, jobId, tenantId, IN_PROGRESS).update();
    }

    void finish(String tenantId, String jobId, int rendered, @Nullable String error) {
        jdbc.sql("UPDATE viewer_tile_warming SET status = ?, rendered = ?, completed_at = ?, error = ?,"
                        + " failures = NULL WHERE job_id = ? AND tenant_id = ? AND status = ?")
                .params(error == null ? COMPLETE : FAILED, rendered, Times.db(Times.now()), error, jobId, tenantId,
                        IN_PROGRESS)
                .update();
    }

    void deleteJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM viewer_tile_warming WHERE job_id = ? AND tenant_id = ?").params(jobId, tenantId).update();
    }
}
