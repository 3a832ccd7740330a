package dev.preflight.ai;

import dev.preflight.platform.Times;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Cached explanations and AI audits of findings; every statement scoped by tenant. */
@Repository
class AiRepository {

    /** A cached explanation and the fingerprint of the prompt it answered. */
    record StoredExplanation(String findingId, String fingerprint, String explanation, String model) {
    }

    /** The AI audit of one finding. */
    record StoredAudit(String findingId, String status, String rationale, String model, Instant at) {
    }

    private final JdbcClient jdbc;

    AiRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<StoredExplanation> explanation(String tenantId, String findingId) {
        return jdbc.sql("SELECT finding_id, fingerprint, explanation, model FROM ai_explanations "
                        + "WHERE tenant_id = ? AND finding_id = ?")
                .params(tenantId, findingId)
                .query((rs, n) -> new StoredExplanation(rs.getString(1), rs.getString(2), rs.getString(3),
                        rs.getString(4)))
                .optional();
    }

    /** Stores an explanation in place of an older one of the same finding (its prompt had changed). */
    void saveExplanation(String tenantId, String jobId, StoredExplanation e, long costMillicents, Instant at) {
        jdbc.sql("DELETE FROM ai_explanations WHERE tenant_id = ? AND finding_id = ?")
                .params(tenantId, e.findingId()).update();
        try {
            jdbc.sql("INSERT INTO ai_explanations (finding_id, tenant_id, job_id, fingerprint, explanation, model, "
                            + "cost_millicents, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                    .params(e.findingId(), tenantId, jobId, e.fingerprint(), e.explanation(), e.model(),
                            costMillicents, Times.db(at))
                    .update();
        } catch (DuplicateKeyException raced) {
            // a concurrent request explained the same finding first: its answer is as good as ours
        }
    }

    Map<String, StoredAudit> audits(String tenantId, String jobId) {
        var out = new HashMap<String, StoredAudit>();
        jdbc.sql("SELECT finding_id, status, rationale, model, audited_at FROM ai_finding_audits "
                        + "WHERE tenant_id = ? AND job_id = ?")
                .params(tenantId, jobId)
                .query((rs, n) -> new StoredAudit(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        Times.fromDb(rs.getObject(5, OffsetDateTime.class))))
                .list().forEach(a -> out.put(a.findingId(), a));
        return out;
    }

    void saveAudit(String tenantId, String jobId, StoredAudit a) {
        jdbc.sql("DELETE FROM ai_finding_audits WHERE tenant_id = ? AND finding_id = ?")
                .params(tenantId, a.findingId()).update();
        jdbc.sql("INSERT INTO ai_finding_audits (finding_id, tenant_id, job_id, status, rationale, model, audited_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)")
                .params(a.findingId(), tenantId, jobId, a.status(), a.rationale(), a.model(), Times.db(a.at()))
                .update();
    }

    void deleteForJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM ai_explanations WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
        jdbc.sql("DELETE FROM ai_finding_audits WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
    }
}
