package dev.preflight.intake;

import dev.preflight.findings.Finding;
import dev.preflight.jobs.JobStatus;
import dev.preflight.jobs.Summary;
import dev.preflight.platform.Json;
import dev.preflight.platform.Times;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Audit reruns and the audit status of each current finding of an audited job; scoped by tenant. */
@Repository
class AuditRerunRepository {

    /** The audit of one current finding. */
    record FindingAudit(String findingId, String status, String rationale, Instant at) {
    }

    private static final RowMapper<AuditRerun> MAPPER = (rs, n) -> {
        Finding[] previous = Json.read(rs.getString("previous_findings"), Finding[].class);
        return new AuditRerun(rs.getString("id"), rs.getString("tenant_id"), rs.getString("job_id"),
                JobStatus.valueOf(rs.getString("status")), rs.getString("profile_id"),
                rs.getString("previous_profile_id"), Json.read(rs.getString("previous_summary"), Summary.class),
                Json.read(rs.getString("summary"), Summary.class),
                previous == null ? List.of() : Arrays.asList(previous), rs.getInt("confirmed_count"),
                rs.getInt("not_reproduced_count"), rs.getInt("new_count"), rs.getString("error"),
                Times.fromDb(rs.getObject("requested_at", OffsetDateTime.class)),
                Times.fromDb(rs.getObject("completed_at", OffsetDateTime.class)));
    };

    private final JdbcClient jdbc;
    private final JdbcTemplate template;

    AuditRerunRepository(JdbcClient jdbc, JdbcTemplate template) {
        this.jdbc = jdbc;
        this.template = template;
    }

    void insert(AuditRerun a) {
        jdbc.sql("INSERT INTO audit_reruns (id, tenant_id, job_id, status, profile_id, previous_profile_id, "
                        + "previous_summary, requested_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .params(a.id(), a.tenantId(), a.jobId(), a.status().name(), a.profileId(), a.previousProfileId(),
                        Json.write(a.previousSummary()), Times.db(a.requestedAt()))
                .update();
    }

    Optional<AuditRerun> find(String tenantId, String id) {
        return jdbc.sql("SELECT * FROM audit_reruns WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(MAPPER).optional();
    }

    /** The job's reruns, newest first, without their previous findings. */
    List<AuditRerun> list(String tenantId, String jobId) {
        return jdbc.sql("SELECT id, tenant_id, job_id, status, profile_id, previous_profile_id, previous_summary, "
                        + "summary, CAST(NULL AS VARCHAR) AS previous_findings, confirmed_count, not_reproduced_count, "
                        + "new_count, error, requested_at, completed_at FROM audit_reruns "
                        + "WHERE tenant_id = ? AND job_id = ? ORDER BY requested_at DESC, id DESC")
                .params(tenantId, jobId).query(MAPPER).list();
    }

    boolean hasQueued(String tenantId, String jobId) {
        return jdbc.sql("SELECT COUNT(*) FROM audit_reruns WHERE tenant_id = ? AND job_id = ? AND status = 'QUEUED'")
                .params(tenantId, jobId).query(Long.class).single() > 0;
    }

    /** Counts an attempt of a queued rerun; returns the attempt number, or 0 when it is gone or finished. */
    int startAttempt(String tenantId, String id) {
        int n = jdbc.sql("UPDATE audit_reruns SET attempts = attempts + 1 WHERE id = ? AND tenant_id = ? "
                        + "AND status = 'QUEUED'")
                .params(id, tenantId).update();
        if (n == 0) {
            return 0;
        }
        return jdbc.sql("SELECT attempts FROM audit_reruns WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(Integer.class).single();
    }

    /** Records a finished rerun, unless it is gone or already finished. */
    boolean complete(String tenantId, String id, String previousProfileId, Summary previousSummary, Summary summary,
                     List<Finding> previousFindings, int confirmed, int notReproduced, int added, Instant at) {
        return jdbc.sql("UPDATE audit_reruns SET status = 'COMPLETED', previous_profile_id = ?, previous_summary = ?, "
                        + "summary = ?, previous_findings = ?, confirmed_count = ?, not_reproduced_count = ?, "
                        + "new_count = ?, error = NULL, completed_at = ? WHERE id = ? AND tenant_id = ? "
                        + "AND status = 'QUEUED'")
                .params(previousProfileId, Json.write(previousSummary), Json.write(summary),
                        Json.write(previousFindings), confirmed, notReproduced, added, Times.db(at), id, tenantId)
                .update() == 1;
    }

    boolean fail(String tenantId, String id, String error, Instant at) {
        return jdbc.sql("UPDATE audit_reruns SET status = 'FAILED', error = ?, completed_at = ? WHERE id = ? "
                        + "AND tenant_id = ? AND status = 'QUEUED'")
                .params(error, Times.db(at), id, tenantId).update() == 1;
    }

    /** Replaces the audits of the job's current findings with those of its latest rerun. */
    void replaceFindingAudits(String tenantId, String jobId, String auditId, List<FindingAudit> audits) {
        jdbc.sql("DELETE FROM finding_audits WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
        var rows = new ArrayList<Object[]>();
        for (FindingAudit a : audits) {
            rows.add(new Object[] {a.findingId(), tenantId, jobId, auditId, a.status(), a.rationale(),
                    Times.db(a.at())});
        }
        template.batchUpdate("INSERT INTO finding_audits (finding_id, tenant_id, job_id, audit_id, status, rationale, "
                + "audited_at) VALUES (?, ?, ?, ?, ?, ?, ?)", rows);
    }

    Map<String, FindingAudit> findingAudits(String tenantId, String jobId) {
        var out = new HashMap<String, FindingAudit>();
        jdbc.sql("SELECT finding_id, status, rationale, audited_at FROM finding_audits WHERE tenant_id = ? AND job_id = ?")
                .params(tenantId, jobId)
                .query((rs, n) -> new FindingAudit(rs.getString(1), rs.getString(2), rs.getString(3),
                        Times.fromDb(rs.getObject(4, OffsetDateTime.class))))
                .list().forEach(a -> out.put(a.findingId(), a));
        return out;
    }

    void deleteForJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM finding_audits WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
        jdbc.sql("DELETE FROM audit_reruns WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
    }
}
