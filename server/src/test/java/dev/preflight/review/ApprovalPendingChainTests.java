package dev.preflight.review;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import dev.preflight.platform.BlobStore;
import dev.preflight.support.EventLog;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import static dev.preflight.review.ApprovalChainTests.chain;
import static dev.preflight.review.ApprovalChainTests.chainPath;
import static dev.preflight.review.ApprovalChainTests.step;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A chain attached to a job that is still queued waits (pending) and starts when the job completes, or is cancelled
 * when it fails. The queued job is made by hand and only then handed to the scheduler, so the order is certain.
 */
class ApprovalPendingChainTests extends ReviewFixtures {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    BlobStore blobs;

    @Autowired
    SchedulerClient scheduler;

    @Autowired
    EventLog events;

    private String queuedJob(TenantKey t, byte[] content) throws Exception {
        String id = UUID.randomUUID().toString();
        blobs.put("tenants/" + t.tenantId() + "/jobs/" + id + "/input", new ByteArrayInputStream(content));
        var now = OffsetDateTime.now(ZoneOffset.UTC);
        jdbc.sql("INSERT INTO jobs (id, tenant_id, status, profile_id, preflight_source, options, file_name, file_size, "
                        + "attempts, created_at) VALUES (?, ?, 'QUEUED', 'service-default', 'minimal', '{}', "
                        + "'queued.pdf', ?, 0, ?)")
                .params(id, t.tenantId(), content.length, now).update();
        return id;
    }

    private void process(TenantKey t, String jobId) {
        scheduler.scheduleIfNotExists(TaskDescriptor.of("process-job", String.class).instance(jobId)
                .data(t.tenantId()).scheduledTo(Instant.now()));
    }

    private JsonNode awaitChain(TenantKey t, String jobId, String status) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonNode c = null;
        while (System.nanoTime() < deadline) {
            c = api.get(chainPath(jobId), t.key()).json();
            if (c.get("status").asString().equals(status)) {
                return c;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("chain still " + c);
    }

    @Test
    void aChainOnAQueuedJobIsPendingUntilTheJobCompletes() throws Exception {
        TenantKey t = newTenant("growth");
        String jobId = queuedJob(t, SamplePdfs.clean().bytes());
        var r = api.postJson(chainPath(jobId), t.key(), chain(step("Customer", "ann@example.com", 12)));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode c = r.json();
        String chainId = c.get("chain_id").asString();
        assertThat(c.get("status").asString()).isEqualTo("pending");
        assertThat(c.get("current_step").isNull()).isTrue();
        assertThat(c.get("steps").get(0).get("status").asString()).isEqualTo("pending");
        assertThat(c.get("steps").get(0).get("expires_at").isNull()).isTrue();
        assertThat(events.of(ApprovalEvents.ChainStarted.class).stream().filter(e -> e.chainId().equals(chainId)))
                .isEmpty();
        assertThat(api.postJson(ApprovalChainTests.chainPath(jobId) + "/steps/0/decision", t.key(),
                java.util.Map.of("decision", "approve")).status()).as("nothing in review yet").isEqualTo(409);

        process(t, jobId);
        JsonNode started = awaitChain(t, jobId, "in_progress");
        assertThat(started.get("current_step").asInt()).isZero();
        assertThat(started.get("steps").get(0).get("expires_at").isNull()).isFalse();
        assertThat(events.of(ApprovalEvents.ChainStarted.class).stream().filter(e -> e.chainId().equals(chainId)))
                .containsExactly(new ApprovalEvents.ChainStarted(t.tenantId(), jobId, chainId, 1));
        assertThat(events.of(ApprovalEvents.StepStarted.class).stream().filter(e -> e.chainId().equals(chainId)))
                .hasSize(1);
    }

    @Test
    void aPendingChainIsCancelledWhenItsJobFailsAndAFailedJobTakesNoChain() throws Exception {
        TenantKey t = newTenant("growth");
        String jobId = queuedJob(t, "this is not a PDF".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        String chainId = api.postJson(chainPath(jobId), t.key(), chain(step("Customer", "ann@example.com", null)))
                .json().get("chain_id").asString();
        process(t, jobId);
        JsonNode c = awaitChain(t, jobId, "cancelled");
        assertThat(c.get("steps").get(0).get("status").asString()).isEqualTo("cancelled");
        assertThat(events.of(ApprovalEvents.ChainCancelled.class))
                .contains(new ApprovalEvents.ChainCancelled(t.tenantId(), jobId, chainId));
        assertThat(api.get("/api/v1/jobs/" + jobId, t.key()).json().get("status").asString()).isEqualTo("failed");

        var again = api.postJson(chainPath(jobId), t.key(), chain(step("Customer", "ann@example.com", null)));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("detail").asString()).contains("failed");
    }
}
