package dev.preflight.jobs;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every analysis is bounded in time: a file that never finishes fails the job; the worker lives on. The
 * synchronous wait is capped by SVC_SYNC_MAX_WAIT_S (1 s here).
 */
@TestPropertySource(properties = {"preflight.jobs.analysis-timeout-seconds=3", "preflight.jobs.sync-max-wait-seconds=1"})
class AnalysisTimeBoundTests extends ServerTestBase {

    @Test
    void aPostScriptFileThatLoopsForeverFailsWithinTheBound() {
        var t = newTenant("growth");
        byte[] endless = "%!PS-Adobe-3.0\n{ 1 pop } loop\nshowpage\n".getBytes(StandardCharsets.US_ASCII);
        long t0 = System.nanoTime();
        JsonNode job = run(t, endless);
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(job.get("status").asString()).isEqualTo("failed");
        assertThat(job.get("error").asString()).containsAnyOf("time bound", "timed out", "timeout");
        assertThat(seconds).isLessThan(60);
        assertThat(run(t, dev.preflight.support.SamplePdfs.clean().bytes(), "preflight_source", "minimal")
                .get("status").asString()).isEqualTo("completed");
    }

    @Test
    void theWaitIsCappedBySyncMaxWait() {
        var t = newTenant("growth");
        byte[] endless = "%!PS-Adobe-3.0\n{ 1 pop } loop\nshowpage\n".getBytes(StandardCharsets.US_ASCII);
        long t0 = System.nanoTime();
        var r = api.postForm("/api/v1/jobs?wait=60", t.key(),
                dev.preflight.support.Api.form().file("file", "loop.ps", endless));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(r.status()).isEqualTo(202);
        assertThat(r.json().get("status").asString()).isEqualTo("queued");
        // Far below the 60 s asked for: the wait stopped at the 1 s cap (the margin absorbs a loaded machine).
        assertThat(seconds).isBetween(0.9, 15.0);
        awaitJob(t, r.json().get("job_id").asString());
    }
}
