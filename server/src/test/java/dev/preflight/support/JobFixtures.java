package dev.preflight.support;

import dev.preflight.support.ServerTestBase.TenantKey;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Jobs submitted through the API and run by the real scheduler and engine. */
public final class JobFixtures {

    private final Api api;

    public JobFixtures(Api api) {
        this.api = api;
    }

    /** Submits a file with form fields and returns the job id (asserting 202). */
    public String submit(TenantKey t, byte[] pdf, String... fields) {
        var form = Api.form().file("file", "test.pdf", pdf);
        for (int i = 0; i + 1 < fields.length; i += 2) {
            form.field(fields[i], fields[i + 1]);
        }
        var r = api.postForm("/api/v1/jobs", t.key(), form);
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        return r.json().get("job_id").asString();
    }

    /**
     * Polls a job until it leaves the queued state and returns its JobResponse. The first looks come quickly (most
     * test jobs take a few hundred milliseconds), then every 100 ms.
     */
    public JsonNode awaitJob(TenantKey t, String jobId) {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        long pause = 10;
        while (true) {
            var r = api.get("/api/v1/jobs/" + jobId, t.key());
            assertThat(r.status()).as(r.text()).isEqualTo(200);
            JsonNode job = r.json();
            String status = job.get("status").asString();
            if (!status.equals("queued") && !status.equals("pending")) {
                return job;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("job " + jobId + " still " + status + " after 120 s");
            }
            try {
                Thread.sleep(pause);
                pause = Math.min(100, pause * 2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** GET the job, asserting 200. */
    public JsonNode read(TenantKey t, String jobId) {
        var r = api.get("/api/v1/jobs/" + jobId, t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    /** Submits and waits for the terminal job. */
    public JsonNode run(TenantKey t, byte[] pdf, String... fields) {
        return awaitJob(t, submit(t, pdf, fields));
    }

    /** The inspection ids of a job's findings. */
    public static List<String> inspectionIds(JsonNode job) {
        var ids = new ArrayList<String>();
        job.get("findings").forEach(f -> ids.add(f.get("inspection_id").asString()));
        return ids;
    }
}
