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

/** Approval chains and their steps; every read and write scoped by tenant. */
@Repository
class ApprovalRepository {

    /** A chain row (its steps are read separately). */
    record ChainRow(String id, String tenantId, String jobId, String status, @Nullable Integer currentStep,
                    String createdBy, Instant createdAt, @Nullable Instant finishedAt) {
    }

    private static final RowMapper<ChainRow> CHAIN = (rs, n) -> new ChainRow(rs.getString("id"),
            rs.getString("tenant_id"), rs.getString("job_id"), rs.getString("status"),
            (Integer) rs.getObject("current_step"), rs.getString("created_by"),
            Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("finished_at", OffsetDateTime.class)));

    private static final RowMapper<ApprovalChain.Step> STEP = (rs, n) -> new ApprovalChain.Step(
            rs.getInt("step_index"), rs.getString("step_name"), rs.getString("approver_email"),
            (Integer) rs.getObject("timeout_hours"), rs.getString("status"),
            Times.fromDb(rs.getObject("started_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("expires_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("decided_at", OffsetDateTime.class)), rs.getString("decision"),
            rs.getString("notes"), rs.getString("decided_by"), rs.getString("decided_via"));

    private final JdbcClient jdbc;

    ApprovalRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(ChainRow c, List<ApprovalChain.Step> steps) {
        jdbc.sql("INSERT INTO approval_chains (id, tenant_id, job_id, status, current_step, created_by, created_at, "
                        + "open_job_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .params(c.id(), c.tenantId(), c.jobId(), c.status(), c.currentStep(), c.createdBy(),
                        Times.db(c.createdAt()), c.jobId())
                .update();
        for (ApprovalChain.Step s : steps) {
            jdbc.sql("INSERT INTO approval_steps (chain_id, step_index, tenant_id, step_name, approver_email, "
                            + "timeout_hours, status) VALUES (?, ?, ?, ?, ?, ?, ?)")
                    .params(c.id(), s.stepIndex(), c.tenantId(), s.stepName(), s.approverEmail(), s.timeoutHours(),
                            s.status())
                    .update();
        }
    }

    /** The job's newest chain. */
    Optional<ChainRow> latest(String tenantId, String jobId) {
        return jdbc.sql("SELECT * FROM approval_chains WHERE tenant_id = ? AND job_id = ? ORDER BY seq DESC LIMIT 1")
                .params(tenantId, jobId).query(CHAIN).optional();
    }

    Optional<ChainRow> find(String tenantId, String chainId) {
        return jdbc.sql("SELECT * FROM approval_chains WHERE id = ? AND tenant_id = ?")
                .params(chainId, tenantId).query(CHAIN).optional();
    }

    /** The chain, row-locked until the transaction ends (every change of a chain goes through here). */
    Optional<ChainRow> lock(String tenantId, String chainId) {
        return jdbc.sql("SELECT * FROM approval_chains WHERE id = ? AND tenant_id = ? FOR UPDATE")
                .params(chainId, tenantId).query(CHAIN).optional();
    }

    /** The job's pending chains (attached before the job completed). */
    List<ChainRow> pending(String tenantId, String jobId) {
        return jdbc.sql("SELECT * FROM approval_chains WHERE tenant_id = ? AND job_id = ? AND status = 'pending'")
                .params(tenantId, jobId).query(CHAIN).list();
    }

    List<ApprovalChain.Step> steps(String tenantId, String chainId) {
        return jdbc.sql("SELECT * FROM approval_steps WHERE chain_id = ? AND tenant_id = ? ORDER BY step_index")
                .params(chainId, tenantId).query(STEP).list();
    }

    void updateChain(String tenantId, String chainId, String status, @Nullable Integer currentStep,
                     @Nullable Instant finishedAt) {
        // A chain that ended releases its job for the next one.
        String open = ApprovalChain.TERMINAL.contains(status) ? "NULL" : "job_id";
        jdbc.sql("UPDATE approval_chains SET status = ?, current_step = ?, finished_at = ?, open_job_id = " + open
                        + " WHERE id = ? AND tenant_id = ?")
                .params(status, currentStep, Times.db(finishedAt), chainId, tenantId).update();
    }

    void startStep(String tenantId, String chainId, int index, Instant at, @Nullable Instant expiresAt) {
        jdbc.sql("UPDATE approval_steps SET status = 'in_progress', started_at = ?, expires_at = ? "
                        + "WHERE chain_id = ? AND step_index = ? AND tenant_id = ?")
                .params(Times.db(at), Times.db(expiresAt), chainId, index, tenantId).update();
    }

    void decideStep(String tenantId, String chainId, int index, String status, Instant at, @Nullable String decision,
                    @Nullable String notes, @Nullable String by, @Nullable String via) {
        jdbc.sql("UPDATE approval_steps SET status = ?, decided_at = ?, decision = ?, notes = ?, decided_by = ?, "
                        + "decided_via = ? WHERE chain_id = ? AND step_index = ? AND tenant_id = ?")
                .params(status, Times.db(at), decision, notes, by, via, chainId, index, tenantId).update();
    }

    /** Marks every step not decided yet as cancelled. */
    void cancelOpenSteps(String tenantId, String chainId) {
        jdbc.sql("UPDATE approval_steps SET status = 'cancelled' WHERE chain_id = ? AND tenant_id = ? "
                        + "AND status IN ('pending', 'in_progress')")
                .params(chainId, tenantId).update();
    }

    void deleteJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM approval_steps WHERE tenant_id = ? AND chain_id IN (SELECT id FROM approval_chains "
                        + "WHERE tenant_id = ? AND job_id = ?)")
                .params(tenantId, tenantId, jobId).update();
        jdbc.sql("DELETE FROM approval_chains WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
    }
}
