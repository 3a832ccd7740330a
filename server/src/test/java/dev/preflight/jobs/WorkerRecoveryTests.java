package dev.preflight.jobs;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A worker killed mid-job (kill -9) leaves exactly this behind: the job row still queued and its db-scheduler
 * execution picked by a node whose heartbeat stopped. These tests recreate that state in the database and check
 * that a live node revives the job, or fails it once the attempt limit is spent.
 */
class WorkerRecoveryTests extends ServerTestBase {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    dev.preflight.platform.BlobStore blobs;

    private String orphanJob(TenantKey t, int attemptsAlreadyMade) throws Exception {
        String id = UUID.randomUUID().toString();
        byte[] pdf = SamplePdfs.clean().bytes();
        blobs.put("tenants/" + t.tenantId() + "/jobs/" + id + "/input", new java.io.ByteArrayInputStream(pdf));
        var longAgo = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(10);
        jdbc.sql("INSERT INTO jobs (id, tenant_id, status, profile_id, preflight_source, options, file_name, file_size, "
                        + "attempts, created_at, started_at) VALUES (?, ?, 'QUEUED', 'service-default', 'minimal', '{}', "
                        + "'orphan.pdf', ?, ?, ?, ?)")
                .params(id, t.tenantId(), pdf.length, attemptsAlreadyMade, longAgo, longAgo).update();
        // Schedule it far in the future (so no live node picks it), then make it look like the execution a dead
        // node was running: picked, heartbeat stopped ten minutes ago.
        scheduler.schedule(JobProcessingTask.TASK.instance(id).data(t.tenantId())
                .scheduledTo(java.time.Instant.now().plusSeconds(3600)));
        jdbc.sql("UPDATE scheduled_tasks SET picked = TRUE, picked_by = 'dead-node', last_heartbeat = ?, "
                        + "execution_time = ? WHERE task_name = 'process-job' AND task_instance = ?")
                .params(longAgo, longAgo, id).update();
        return id;
    }

    @Autowired
    com.github.kagkarlsson.scheduler.SchedulerClient scheduler;

    @Test
    void aJobWhoseWorkerDiedIsRevivedAndCompleted() throws Exception {
        var t = newTenant("growth");
        String id = orphanJob(t, 1);
        JsonNode job = awaitJob(t, id);
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("page_count").asInt()).isEqualTo(1);
        int attempts = jdbc.sql("SELECT attempts FROM jobs WHERE id = ?").param(id).query(Integer.class).single();
        assertThat(attempts).isEqualTo(2);
    }

    @Test
    void aJobThatKeepsKillingItsWorkersIsFailedWithAReason() throws Exception {
        var t = newTenant("growth");
        String id = orphanJob(t, 3);
        JsonNode job = awaitJob(t, id);
        assertThat(job.get("status").asString()).isEqualTo("failed");
        assertThat(job.get("error").asString()).contains("interrupted 3 times");
    }
}
