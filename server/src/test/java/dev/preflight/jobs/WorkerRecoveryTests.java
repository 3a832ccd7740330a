package dev.preflight.jobs;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationListener;
import org.springframework.context.PayloadApplicationEvent;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
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

    @Autowired
    dev.preflight.platform.NodeIdentity node;

    @Autowired
    JobAttemptRepository attempts;

    @Autowired
    JobWorkers workers;

    private String orphanJob(TenantKey t, int attemptsAlreadyMade) throws Exception {
        return orphanJob(t, attemptsAlreadyMade, "dead-node", OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(10));
    }

    private String orphanJob(TenantKey t, int attemptsAlreadyMade, String pickedBy, OffsetDateTime heartbeat)
            throws Exception {
        String id = UUID.randomUUID().toString();
        byte[] pdf = SamplePdfs.clean().bytes();
        blobs.put("tenants/" + t.tenantId() + "/jobs/" + id + "/input", new java.io.ByteArrayInputStream(pdf));
        var longAgo = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(10);
        jdbc.sql("INSERT INTO jobs (id, tenant_id, status, profile_id, preflight_source, options, file_name, file_size, "
                        + "attempts, created_at, started_at) VALUES (?, ?, 'QUEUED', 'service-default', 'minimal', '{}', "
                        + "'orphan.pdf', ?, ?, ?, ?)")
                .params(id, t.tenantId(), pdf.length, attemptsAlreadyMade, longAgo, longAgo).update();
        for (int a = 1; a <= attemptsAlreadyMade; a++) {
            jdbc.sql("INSERT INTO job_attempts (job_id, attempt, tenant_id, node, started_at, outcome) "
                    + "VALUES (?, ?, ?, ?, ?, 'RUNNING')").params(id, a, t.tenantId(), pickedBy, longAgo).update();
        }
        // Schedule it far in the future (so no live node picks it), then make it look like the execution a dead
        // node was running: picked, heartbeat stopped ten minutes ago.
        scheduler.schedule(JobProcessingTask.TASK.instance(id).data(t.tenantId())
                .scheduledTo(java.time.Instant.now().plusSeconds(3600)));
        jdbc.sql("UPDATE scheduled_tasks SET picked = TRUE, picked_by = ?, last_heartbeat = ?, "
                        + "execution_time = ? WHERE task_name = 'process-job' AND task_instance = ?")
                .params(pickedBy, heartbeat, heartbeat.plusHours(2), id).update();
        return id;
    }

    @Autowired
    com.github.kagkarlsson.scheduler.SchedulerClient scheduler;

    @Autowired
    io.micrometer.core.instrument.MeterRegistry registry;

    private double attemptsCounted(String outcome) {
        var c = registry.find("preflight.job.attempts").tag("outcome", outcome).counter();
        return c == null ? 0 : c.count();
    }

    @Test
    void aJobWhoseWorkerDiedIsRevivedAndCompleted() throws Exception {
        var t = newTenant("growth");
        double interruptedBefore = attemptsCounted("interrupted");
        String id = orphanJob(t, 1);
        JsonNode job = awaitJob(t, id);
        assertThat(attemptsCounted("interrupted")).isEqualTo(interruptedBefore + 1);
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("page_count").asInt()).isEqualTo(1);
        int made = jdbc.sql("SELECT attempts FROM jobs WHERE id = ?").param(id).query(Integer.class).single();
        assertThat(made).isEqualTo(2);
        var recorded = attempts.forJob(t.tenantId(), id);
        assertThat(recorded).extracting(JobAttemptRepository.Attempt::node).containsExactly("dead-node", node.name());
        assertThat(recorded).extracting(JobAttemptRepository.Attempt::outcome).containsExactly(
                JobAttemptRepository.Outcome.INTERRUPTED, JobAttemptRepository.Outcome.COMPLETED);
        assertThat(recorded).allSatisfy(a -> assertThat(a.endedAt()).isNotNull());
        assertThat(attempts.forJob(newTenant("growth").tenantId(), id)).as("another tenant sees nothing").isEmpty();
    }

    @Test
    void aJobProcessedOnceHasOneCompletedAttemptNamingThisNode() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().bytes());
        assertThat(job.get("status").asString()).isEqualTo("completed");
        var recorded = attempts.forJob(t.tenantId(), job.get("job_id").asString());
        assertThat(recorded).singleElement().satisfies(a -> {
            assertThat(a.attempt()).isEqualTo(1);
            assertThat(a.node()).isEqualTo(node.name());
            assertThat(a.outcome()).isEqualTo(JobAttemptRepository.Outcome.COMPLETED);
            assertThat(a.endedAt()).isAfterOrEqualTo(a.startedAt());
        });
    }

    @Autowired
    org.springframework.context.ConfigurableApplicationContext context;

    @Test
    void theAttemptIsClosedInTheTransactionThatCompletesTheJob() throws Exception {
        // What is committed when the completion commits is what a node killed right after the commit leaves: the
        // attempt must not be left running for a job that is done.
        var t = newTenant("growth");
        var atCommit = new java.util.concurrent.ConcurrentHashMap<String, String>();
        ApplicationListener<PayloadApplicationEvent<?>> listener = e -> {
            if (e.getPayload() instanceof JobCompleted done && done.tenantId().equals(t.tenantId())) {
                TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        atCommit.put(done.jobId(), jdbc.sql("SELECT outcome FROM job_attempts WHERE job_id = ?")
                                .param(done.jobId()).query(String.class).single());
                    }
                });
            }
        };
        context.addApplicationListener(listener);
        try {
            String id = run(t, SamplePdfs.clean().bytes()).get("job_id").asString();
            long deadline = System.nanoTime() + 10_000_000_000L; // the worker thread runs afterCommit
            while (!atCommit.containsKey(id) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(atCommit).containsEntry(id, "COMPLETED");
        } finally {
            context.removeApplicationListener(listener);
        }
    }

    @Test
    void atStartUpANodeTakesBackOnlyItsOwnStaleWork() throws Exception {
        var t = newTenant("growth");
        var now = OffsetDateTime.now(ZoneOffset.UTC);
        // Heartbeats two seconds old: not yet dead for db-scheduler (4 missed 1 s beats in tests), so only the
        // start-up hand-back can move them.
        String mine = orphanJob(t, 1, node.name(), now.minusSeconds(2));
        String othersStale = orphanJob(t, 0, "other-node", now.minusSeconds(2));
        String mineFresh = orphanJob(t, 0, node.name(), now.plusHours(1));

        // The cut-off lies between those heartbeats and the ones of work this node runs right now in the shared
        // test context (tile warming beats every second): released, such work would run twice, holding both worker
        // threads for many seconds. At a real start-up nothing of the node's own is running.
        int released = workers.release(java.time.Instant.now(), now.minusNanos(1_500_000_000).toInstant());

        // At least the stale job: a running task whose beat is late under load may look stale too.
        assertThat(released).isGreaterThanOrEqualTo(1);
        assertThat(pickedBy(othersStale)).isEqualTo("other-node");
        assertThat(pickedBy(mineFresh)).isEqualTo(node.name());
        assertThat(attempts.forJob(t.tenantId(), mine)).first()
                .extracting(JobAttemptRepository.Attempt::outcome).isEqualTo(JobAttemptRepository.Outcome.RELEASED);
        assertThat(awaitJob(t, mine).get("status").asString()).isEqualTo("completed");
        assertThat(attempts.forJob(t.tenantId(), mine)).extracting(JobAttemptRepository.Attempt::outcome)
                .containsExactly(JobAttemptRepository.Outcome.RELEASED, JobAttemptRepository.Outcome.COMPLETED);
        // Leave nothing picked for the dead-execution detection to revive into later tests' way.
        jdbc.sql("DELETE FROM scheduled_tasks WHERE task_instance IN (?, ?)").params(othersStale, mineFresh).update();
        jdbc.sql("DELETE FROM jobs WHERE id IN (?, ?)").params(othersStale, mineFresh).update();
    }

    private String pickedBy(String jobId) {
        return jdbc.sql("SELECT picked_by FROM scheduled_tasks WHERE task_name = 'process-job' AND task_instance = ?")
                .param(jobId).query(String.class).optional().orElse(null);
    }

    @Test
    void thePollingStrategyFollowsTheDatabase() {
        assertThat(JobSchedulerSettings.pollingStrategy("auto", "jdbc:postgresql://db/preflight"))
                .isEqualTo(com.github.kagkarlsson.scheduler.PollingStrategyConfig.Type.LOCK_AND_FETCH);
        assertThat(JobSchedulerSettings.pollingStrategy("auto", "jdbc:h2:file:./data/db/preflight"))
                .isEqualTo(com.github.kagkarlsson.scheduler.PollingStrategyConfig.Type.FETCH);
        assertThat(JobSchedulerSettings.pollingStrategy("lock_and_fetch", "jdbc:h2:mem:x"))
                .isEqualTo(com.github.kagkarlsson.scheduler.PollingStrategyConfig.Type.LOCK_AND_FETCH);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> JobSchedulerSettings.pollingStrategy("fast", ""))
                .hasMessageContaining("PREFLIGHT_POLLING_STRATEGY");
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
