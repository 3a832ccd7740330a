package dev.preflight.jobs;

import dev.preflight.support.Api;
import dev.preflight.support.JobFixtures;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node keeps the jobs it has read (JobViewCache) under their row version: what it serves is what the database
 * holds as soon as the version says so, whichever node made the change. The changes below are made in the database
 * directly, as another node's would arrive.
 */
class JobReadCacheTests extends ServerTestBase {

    @Autowired
    JdbcClient jdbc;

    private String job(TenantKey t, byte[] pdf, String source) {
        var r = api.postForm("/api/v1/jobs?wait=30", t.key(), Api.form().file("file", "kept.pdf", pdf)
                .field("preflight_source", source));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("job_id").asString();
    }

    private JsonNode read(TenantKey t, String id) {
        return new JobFixtures(api).read(t, id);
    }

    @Test
    void aReadServesTheKeptRowUntilItsVersionChanges() {
        var t = newTenant("growth");
        String id = job(t, SamplePdfs.clean().bytes(), "minimal");
        assertThat(read(t, id).get("file_name").asString()).isEqualTo("kept.pdf");

        // a change that does not count the version up is not seen: the kept copy is served
        jdbc.sql("UPDATE jobs SET file_name = 'renamed.pdf' WHERE id = ?").param(id).update();
        assertThat(read(t, id).get("file_name").asString()).isEqualTo("kept.pdf");

        // every write of the jobs module counts it up: the next read reads the row again
        jdbc.sql("UPDATE jobs SET row_version = row_version + 1 WHERE id = ?").param(id).update();
        assertThat(read(t, id).get("file_name").asString()).isEqualTo("renamed.pdf");
    }

    @Test
    void theKeptFindingsGoWithTheirVersion() {
        var t = newTenant("growth");
        String id = job(t, SamplePdfs.clean().rgbImage(64, 72).bytes(), "engine");
        int findings = read(t, id).get("findings").size();
        assertThat(findings).isPositive();

        jdbc.sql("DELETE FROM findings WHERE job_id = ?").param(id).update();
        assertThat(read(t, id).get("findings").size()).isEqualTo(findings);

        jdbc.sql("UPDATE jobs SET row_version = row_version + 1 WHERE id = ?").param(id).update();
        assertThat(read(t, id).get("findings").size()).isZero();
    }

    @Test
    void everyChangeTheJobsModuleMakesCountsTheVersionUp() {
        var t = newTenant("growth");
        String id = job(t, SamplePdfs.clean().bytes(), "minimal");
        long completed = version(id);
        // queued (0), an attempt started (1), completed with its findings (2 and 3)
        assertThat(completed).isEqualTo(3);
        read(t, id);
        assertThat(version(id)).as("reading changes nothing").isEqualTo(completed);
    }

    @Test
    void aDeletedJobIsNotServedFromTheKeptCopy() {
        var t = newTenant("growth");
        String id = job(t, SamplePdfs.clean().bytes(), "minimal");
        read(t, id);
        assertThat(api.delete("/api/v1/jobs/" + id, t.key()).status()).isEqualTo(204);
        var r = api.get("/api/v1/jobs/" + id, t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(404);
    }

    @Test
    void anotherTenantIsNotServedTheKeptCopy() {
        var t = newTenant("growth");
        var other = newTenant("growth");
        String id = job(t, SamplePdfs.clean().bytes(), "minimal");
        read(t, id);
        var r = api.get("/api/v1/jobs/" + id, other.key());
        assertThat(r.status()).as(r.text()).isIn(403, 404);
    }

    private long version(String id) {
        return jdbc.sql("SELECT row_version FROM jobs WHERE id = ?").param(id).query(Long.class).single();
    }
}
