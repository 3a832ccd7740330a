package dev.preflight.jobs;

import dev.preflight.platform.ServiceMetrics;
import dev.preflight.platform.Times;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.util.List;

/**
 * The {@code job_attempts} table: one row per processing attempt, naming the node that ran it and how it ended, so
 * an operator sees that a job ran twice (a node died, or handed the job back when it stopped) and where.
 */
@Repository
class JobAttemptRepository {

    /** How an attempt ended. */
    enum Outcome { RUNNING, COMPLETED, FAILED, INTERRUPTED, RELEASED, SUPERSEDED }

    /** One attempt as stored. */
    record Attempt(String jobId, int attempt, String node, Instant startedAt, Instant endedAt, Outcome outcome) {
    }

    private final JdbcClient jdbc;
    private final ServiceMetrics metrics;

    JobAttemptRepository(JdbcClient jdbc, ServiceMetrics metrics) {
        this.jdbc = jdbc;
        this.metrics = metrics;
    }

    /**
     * Records that {@code node} started attempt {@code attempt}; earlier attempts still marked running belonged to a
     * node that died mid-job, and are closed as interrupted.
     */
    void started(String tenantId, String jobId, int attempt, String node, Instant at) {
        int interrupted = jdbc.sql("UPDATE job_attempts SET outcome = 'INTERRUPTED', ended_at = ? WHERE job_id = ? "
                        + "AND tenant_id = ? AND attempt < ? AND outcome = 'RUNNING'")
                .params(Times.db(at), jobId, tenantId, attempt).update();
        metrics.jobAttempts("interrupted", interrupted);
        try {
            jdbc.sql("INSERT INTO job_attempts (job_id, attempt, tenant_id, node, started_at, outcome) "
                            + "VALUES (?, ?, ?, ?, ?, 'RUNNING')")
                    .params(jobId, attempt, tenantId, node, Times.db(at)).update();
        } catch (DataIntegrityViolationException deletedMeanwhile) {
            // The job was deleted between claiming the attempt and recording it: nothing to record.
        }
    }

    /** Closes an attempt with its outcome (no-op when it is already closed or the job was deleted). */
    void ended(String tenantId, String jobId, int attempt, Outcome outcome, Instant at) {
        int n = jdbc.sql("UPDATE job_attempts SET outcome = ?, ended_at = ? WHERE job_id = ? AND tenant_id = ? "
                        + "AND attempt = ? AND outcome = 'RUNNING'")
                .params(outcome.name(), Times.db(at), jobId, tenantId, attempt).update();
        metrics.jobAttempts(outcome.name().toLowerCase(java.util.Locale.ROOT), n);
    }

    /** Closes the running attempts of {@code node} on the given jobs as handed back. */
    int released(String node, List<String> jobIds, Instant at) {
        int n = 0;
        for (String jobId : jobIds) {
            n += jdbc.sql("UPDATE job_attempts SET outcome = 'RELEASED', ended_at = ? WHERE job_id = ? AND node = ? "
                            + "AND outcome = 'RUNNING'")
                    .params(Times.db(at), jobId, node).update();
        }
        metrics.jobAttempts("released", n);
        return n;
    }

    List<Attempt> forJob(String tenantId, String jobId) {
        return jdbc.sql("SELECT job_id, attempt, node, started_at, ended_at, outcome FROM job_attempts "
                        + "WHERE job_id = ? AND tenant_id = ? ORDER BY attempt")
                .params(jobId, tenantId)
                .query((rs, i) -> new Attempt(rs.getString("job_id"), rs.getInt("attempt"), rs.getString("node"),
                        Times.fromDb(rs.getObject("started_at", java.time.OffsetDateTime.class)),
                        Times.fromDb(rs.getObject("ended_at", java.time.OffsetDateTime.class)),
                        Outcome.valueOf(rs.getString("outcome"))))
                .list();
    }
}
