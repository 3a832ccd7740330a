package dev.preflight.jobs;

import dev.preflight.support.JobFixtures;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node keeps a job's assembled body (JobViews) while the job's row version holds: the modules that add to it
 * (decisions, report links, audits) count the version up with every change they make, so the next read shows it;
 * report links, which also pass with time and revocation, are read at every body once a job has some.
 */
class JobBodyKeptTests extends ServerTestBase {

    @Autowired
    JdbcClient jdbc;

    private JsonNode completed(TenantKey t) {
        JsonNode job = run(t, SamplePdfs.clean().pages(2).rgbImage(64, 100).bleedMm(0).bytes());
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("findings").size()).isGreaterThanOrEqualTo(1);
        return job;
    }

    private JsonNode read(TenantKey t, String id) {
        return new JobFixtures(api).read(t, id);
    }

    @Test
    void aKeptBodyIsServedWhileTheJobsVersionHolds() {
        var t = newTenant("growth");
        String id = completed(t).get("job_id").asString();
        assertThat(read(t, id).get("decisions_count").asInt()).isZero();

        // a decision stored without counting the version up (as no module may do) is not seen: the body is kept
        jdbc.sql("INSERT INTO decisions (id, tenant_id, job_id, finding_id, decision_type, source, decided_at) "
                        + "VALUES (?, ?, ?, NULL, 'approve', 'api', ?)")
                .params(UUID.randomUUID().toString(), t.tenantId(), id, java.sql.Timestamp.from(Instant.now()))
                .update();
        assertThat(read(t, id).get("decisions_count").asInt()).isZero();

        jdbc.sql("UPDATE jobs SET row_version = row_version + 1 WHERE id = ?").param(id).update();
        assertThat(read(t, id).get("decisions_count").asInt()).isEqualTo(1);
    }

    @Test
    void decisionsAndTheirRevocationShowAtTheNextRead() {
        var t = newTenant("growth");
        JsonNode job = completed(t);
        String id = job.get("job_id").asString();
        String finding = job.get("findings").get(0).get("finding_id").asString();
        read(t, id);

        var d = api.postJson("/api/v1/jobs/" + id + "/findings/" + finding + "/decisions", t.key(),
                Map.of("decision_type", "waive"));
        assertThat(d.status()).as(d.text()).isEqualTo(200);
        JsonNode waived = read(t, id);
        assertThat(waived.get("decisions_count").asInt()).isEqualTo(1);
        assertThat(waived.get("summary").get("waived_count").asInt()).isEqualTo(1);
        assertThat(waived.get("findings").get(0).get("effective_decision").get("decision_type").asString())
                .isEqualTo("waive");

        var revoked = api.post("/api/v1/jobs/" + id + "/decisions/" + d.json().get("id").asString() + "/revoke",
                t.key());
        assertThat(revoked.status()).as(revoked.text()).isEqualTo(200);
        JsonNode after = read(t, id);
        assertThat(after.get("decisions_count").asInt()).isZero();
        assertThat(after.get("summary").get("waived_count").asInt()).isZero();
        assertThat(after.get("findings").get(0).get("effective_decision").isNull()).isTrue();
    }

    @Test
    void reportLinksShowAfterAMintAndGoWithExpiryWithoutAWrite() {
        var t = newTenant("growth");
        String id = completed(t).get("job_id").asString();
        assertThat(read(t, id).get("reports").get("pdf").isNull()).isTrue();

        var minted = api.postJson("/api/v1/jobs/" + id + "/reports", t.key(), Map.of("formats", List.of("pdf")));
        assertThat(minted.status()).as(minted.text()).isEqualTo(201);
        String url = minted.json().get("reports").get(0).get("url").asString();
        assertThat(read(t, id).get("reports").get("pdf").asString()).isEqualTo(url);
        assertThat(read(t, id).get("reports").get("pdf").asString()).isEqualTo(url);

        // a link passes with its expiry, which no module writes at that moment: it is read at every body
        jdbc.sql("UPDATE report_tokens SET expires_at = ? WHERE job_id = ?")
                .params(java.sql.Timestamp.from(Instant.now().minusSeconds(1)), id).update();
        assertThat(read(t, id).get("reports").get("pdf").isNull()).isTrue();
    }
}
