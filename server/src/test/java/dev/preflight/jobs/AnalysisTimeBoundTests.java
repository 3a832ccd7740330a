package dev.preflight.jobs;

import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Every analysis is bounded in time: a file that never finishes fails the job; the worker lives on. */
@TestPropertySource(properties = "preflight.jobs.analysis-timeout-seconds=3")
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
}
