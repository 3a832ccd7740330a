package dev.preflight.jobs;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The golden path: submit, wait or poll, read, list, delete. */
class JobLifecycleTests extends ServerTestBase {

    @Autowired
    dev.preflight.platform.BlobStore blobs;

    @Test
    void minimalJobStoresGeometryAndPassesWithZeroFindings() {
        var t = newTenant("growth");
        byte[] pdf = SamplePdfs.clean().pages(2).bytes();
        var r = api.postForm("/api/v1/jobs?wait=30", t.key(), Api.form().file("file", "two.pdf", pdf)
                .field("preflight_source", "minimal"));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode job = r.json();
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("preflight_source").asString()).isEqualTo("minimal");
        assertThat(job.get("file_name").asString()).isEqualTo("two.pdf");
        assertThat(job.get("file_size").asLong()).isEqualTo(pdf.length);
        assertThat(job.get("page_count").asInt()).isEqualTo(2);
        assertThat(job.get("findings").size()).isZero();
        JsonNode s = job.get("summary");
        assertThat(s.propertyNames()).containsExactlyInAnyOrder("total_findings", "error_count", "warning_count",
                "advisory_count", "passed", "page_count", "file_size_bytes", "waived_count");
        assertThat(s.get("total_findings").asInt()).isZero();
        assertThat(s.get("error_count").asInt()).isZero();
        assertThat(s.get("warning_count").asInt()).isZero();
        assertThat(s.get("advisory_count").asInt()).isZero();
        assertThat(s.get("waived_count").asInt()).isZero();
        assertThat(s.get("passed").asBoolean()).isTrue();
        assertThat(s.get("page_count").asInt()).isEqualTo(2);
        assertThat(s.get("file_size_bytes").asLong()).isEqualTo(pdf.length);
        assertThat(job.get("reports").has("pdf")).isTrue();
        assertThat(job.get("reports").has("html")).isTrue();
        assertThat(job.has("epm_verdict")).isTrue();
        assertThat(job.get("epm_verdict").isNull()).isTrue();
        assertThat(job.get("decisions_count").asInt()).isZero();
        assertThat(Instant.parse(job.get("created_at").asString())).isNotNull();
        assertThat(job.get("created_at").asString()).endsWith("Z");
        assertThat(Instant.parse(job.get("completed_at").asString())).isNotNull();
        assertThat(job.get("duration_ms").asLong()).isGreaterThanOrEqualTo(0);
    }

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Test
    void minimalJobStoresThePageBoxesAndRotation() {
        var t = newTenant("growth");
        String id = submit(t, SamplePdfs.clean().bleedMm(3).bytes(), "preflight_source", "minimal");
        awaitJob(t, id);
        String pages = jdbc.sql("SELECT pages FROM jobs WHERE id = ?").param(id).query(String.class).single();
        JsonNode page = tools.jackson.databind.json.JsonMapper.builder().build().readTree(pages).get(0);
        double bleed = 3 * SamplePdfs.MM;
        assertThat(page.get("page_num").asInt()).isEqualTo(1);
        assertThat(page.get("rotation").asInt()).isZero();
        assertThat(page.get("media_box").get("x1").asDouble()).isCloseTo(595.276 + 2 * bleed, org.assertj.core.data.Offset.offset(0.01));
        assertThat(page.get("crop_box").get("x1").asDouble()).isCloseTo(595.276 + 2 * bleed, org.assertj.core.data.Offset.offset(0.01));
        assertThat(page.get("trim_box").get("x0").asDouble()).isCloseTo(bleed, org.assertj.core.data.Offset.offset(0.01));
        assertThat(page.get("trim_box").get("y1").asDouble()).isCloseTo(841.89 + bleed, org.assertj.core.data.Offset.offset(0.01));
        assertThat(page.get("bleed_box").get("x0").asDouble()).isZero();
        assertThat(page.get("width_pts").asDouble()).isCloseTo(595.276 + 2 * bleed, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void pollingSeesQueuedThenCompleted() {
        var t = newTenant("growth");
        String id = submit(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        JsonNode job = awaitJob(t, id);
        assertThat(job.get("job_id").asString()).isEqualTo(id);
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("profile_id").asString()).isEqualTo("service-default");
    }

    @Test
    void waitReturns202WhenTheJobIsNotDoneInTime() {
        var t = newTenant("growth");
        // A zero wait never blocks: the answer is the queued submit shape.
        var r = api.postForm("/api/v1/jobs?wait=0", t.key(), Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes())
                .field("preflight_source", "minimal"));
        assertThat(r.status()).isEqualTo(202);
        assertThat(r.json().has("job_id")).isTrue();
    }

    @Test
    void listsJobsNewestFirstWithTotalAndPaging() {
        var t = newTenant("growth");
        String first = submit(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        String second = submit(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        String third = submit(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        var page1 = api.get("/api/v1/jobs?page=1&page_size=2", t.key()).json();
        assertThat(page1.get("total").asLong()).isEqualTo(3);
        assertThat(page1.get("page").asInt()).isEqualTo(1);
        assertThat(page1.get("page_size").asInt()).isEqualTo(2);
        assertThat(page1.get("jobs").size()).isEqualTo(2);
        assertThat(page1.get("jobs").get(0).get("job_id").asString()).isEqualTo(third);
        assertThat(page1.get("jobs").get(1).get("job_id").asString()).isEqualTo(second);
        JsonNode item = page1.get("jobs").get(0);
        assertThat(item.has("status")).isTrue();
        assertThat(item.has("file_name")).isTrue();
        assertThat(item.has("created_at")).isTrue();
        assertThat(item.get("epm_verdict").isNull()).isTrue();
        var page2 = api.get("/api/v1/jobs?page=2&page_size=2", t.key()).json();
        assertThat(page2.get("jobs").size()).isEqualTo(1);
        assertThat(page2.get("jobs").get(0).get("job_id").asString()).isEqualTo(first);
        var defaults = api.get("/api/v1/jobs", t.key()).json();
        assertThat(defaults.get("page").asInt()).isEqualTo(1);
        assertThat(defaults.get("page_size").asInt()).isEqualTo(25);
    }

    @Test
    void rejectsBadPaging() {
        var t = newTenant("growth");
        assertThat(api.get("/api/v1/jobs?page=0", t.key()).status()).isEqualTo(422);
        assertThat(api.get("/api/v1/jobs?page_size=0", t.key()).status()).isEqualTo(422);
        assertThat(api.get("/api/v1/jobs?page=abc", t.key()).status()).isEqualTo(422);
    }

    @Test
    void deleteRemovesTheJobAndItsStoredFiles() {
        var t = newTenant("growth");
        String id = submit(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        awaitJob(t, id);
        // Through the configured store (a directory, or the S3 bucket when PREFLIGHT_TEST_BLOB_STORE=s3).
        String input = "tenants/" + t.tenantId() + "/jobs/" + id + "/input";
        assertThat(blobs.exists(input)).isTrue();
        var del = api.delete("/api/v1/jobs/" + id, t.key());
        assertThat(del.status()).isEqualTo(204);
        assertThat(del.raw()).isEmpty();
        assertThat(blobs.exists(input)).isFalse();
        var gone = api.get("/api/v1/jobs/" + id, t.key());
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.json().get("detail").asString()).contains(id);
        assertThat(api.delete("/api/v1/jobs/" + id, t.key()).status()).isEqualTo(404);
    }

    @Test
    void malformedJobIdIs422AndUnknownIs404() {
        var t = newTenant("growth");
        var bad = api.get("/api/v1/jobs/xyz", t.key());
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.json().get("detail").get(0).get("type").asString()).isEqualTo("uuid_parsing");
        assertThat(api.get("/api/v1/jobs/" + java.util.UUID.randomUUID(), t.key()).status()).isEqualTo(404);
    }
}
