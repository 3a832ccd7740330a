package dev.preflight.review;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.util.Map;

import static dev.preflight.review.ApprovalChainTests.chain;
import static dev.preflight.review.ApprovalChainTests.chainPath;
import static dev.preflight.review.ApprovalChainTests.step;
import static org.assertj.core.api.Assertions.assertThat;

/** Deleting a job deletes its decisions and approval chains with it; a late timeout of its chain does nothing. */
class ReviewJobDeletionTests extends ReviewFixtures {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApprovalService approvals;

    private int rows(String sql, String jobId) {
        return jdbc.sql(sql).param(jobId).query(Integer.class).single();
    }

    @Test
    void aDeletedJobTakesItsDecisionsAndChainsAlong() {
        TenantKey t = newTenant("growth");
        JsonNode job = completedJob(t);
        String jobId = job.get("job_id").asString();
        TenantKey other = newTenant("growth");
        String kept = completedJob(other).get("job_id").asString();
        for (TenantKey k : new TenantKey[] {t, other}) {
            String id = k == t ? jobId : kept;
            assertThat(api.postJson("/api/v1/jobs/" + id + "/decisions", k.key(), Map.of("decision_type", "approve"))
                    .status()).isEqualTo(200);
        }
        String chainId = api.postJson(chainPath(jobId), t.key(), chain(step("A", "a@example.com", 1))).json()
                .get("chain_id").asString();
        api.postJson(chainPath(kept), other.key(), chain(step("A", "a@example.com", null)));
        assertThat(rows("SELECT COUNT(*) FROM decisions WHERE job_id = ?", jobId)).isEqualTo(1);

        assertThat(api.delete("/api/v1/jobs/" + jobId, t.key()).status()).isEqualTo(204);
        assertThat(rows("SELECT COUNT(*) FROM decisions WHERE job_id = ?", jobId)).isZero();
        assertThat(rows("SELECT COUNT(*) FROM approval_chains WHERE job_id = ?", jobId)).isZero();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM approval_steps WHERE chain_id = ?").param(chainId)
                .query(Integer.class).single()).isZero();
        approvals.expire(t.tenantId(), chainId, 0);
        assertThat(rows("SELECT COUNT(*) FROM approval_chains WHERE job_id = ?", jobId)).isZero();

        assertThat(rows("SELECT COUNT(*) FROM decisions WHERE job_id = ?", kept)).isEqualTo(1);
        assertThat(api.get(chainPath(kept), other.key()).status()).as("another job's chain stays").isEqualTo(200);
    }
}
