package dev.preflight.jobs;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import dev.preflight.platform.BlobStore;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayInputStream;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job fixing its file runs in the jobs module's processing task, so a worker killed half-way through the fix loses
 * nothing: the revived execution fixes the stored upload again (over whatever the dead worker left of the fixed
 * file) and completes the job once, with one job.fixed.
 */
class FixedJobRecoveryTests extends ServerTestBase {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    BlobStore blobs;

    @Autowired
    SchedulerClient scheduler;

    @Test
    void aFixWhoseWorkerDiedIsRedoneFromTheUploadAndCompletedOnce() throws Exception {
        var t = newTenant("growth");
        String id = UUID.randomUUID().toString();
        byte[] pdf = SamplePdfs.clean().withoutTrimBox().bytes();
        String prefix = "tenants/" + t.tenantId() + "/jobs/" + id;
        blobs.put(prefix + "/input", new ByteArrayInputStream(pdf));
        // What the dead worker got as far as writing: a truncated fixed file.
        blobs.put(prefix + "/fixed.pdf", new ByteArrayInputStream("%PDF-1.7\n1 0 obj".getBytes()));
        var longAgo = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(10);
        jdbc.sql("INSERT INTO jobs (id, tenant_id, status, profile_id, preflight_source, options, file_name, file_size, "
                        + "attempts, created_at, started_at, fix_plan) VALUES (?, ?, 'QUEUED', 'service-default', "
                        + "'engine', '{}', 'flyer.pdf', ?, 1, ?, ?, ?)")
                .params(id, t.tenantId(), pdf.length, longAgo, longAgo,
                        "{\"auto\":false,\"fixups\":[{\"fixup_id\":\"SET_PAGE_BOXES\",\"params\":{}}]}")
                .update();
        jdbc.sql("INSERT INTO job_attempts (job_id, attempt, tenant_id, node, started_at, outcome) "
                + "VALUES (?, 1, ?, 'dead-node', ?, 'RUNNING')").params(id, t.tenantId(), longAgo).update();
        scheduler.schedule(JobProcessingTask.TASK.instance(id).data(t.tenantId())
                .scheduledTo(java.time.Instant.now().plusSeconds(3600)));
        jdbc.sql("UPDATE scheduled_tasks SET picked = TRUE, picked_by = 'dead-node', last_heartbeat = ?, "
                        + "execution_time = ? WHERE task_name = 'process-job' AND task_instance = ?")
                .params(longAgo, longAgo.plusHours(2), id).update();

        JsonNode job = awaitJob(t, id);
        assertThat(job.get("status").asString()).as(job.toString()).isEqualTo("completed");
        assertThat(job.get("fixups_applied").get(0).get("fixup_id").asString()).isEqualTo("SET_PAGE_BOXES");
        assertThat(inspectionIds(job)).doesNotContain("PAGE_TRIMBOX_MISSING");
        assertThat(jdbc.sql("SELECT attempts FROM jobs WHERE id = ?").param(id).query(Integer.class).single())
                .isEqualTo(2);
        byte[] fixed = api.get("/api/v1/jobs/" + id + "/file", t.key()).raw();
        try (var doc = org.apache.pdfbox.Loader.loadPDF(fixed)) {
            assertThat(doc.getPage(0).getCOSObject().containsKey(org.apache.pdfbox.cos.COSName.TRIM_BOX)).isTrue();
        }
        assertThat(api.get("/api/v1/jobs/" + id + "/file?original=true", t.key()).raw()).isEqualTo(pdf);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM event_outbox WHERE tenant_id = ? AND event_type = 'job.fixed'")
                .param(t.tenantId()).query(Integer.class).single()).isEqualTo(1);
    }
}
