package dev.preflight.support;

import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import tools.jackson.databind.JsonNode;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Full-stack tests: the real server on a random port, the real database, the real scheduler and engine. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
@org.springframework.context.annotation.Import(TestBeans.class)
public abstract class ServerTestBase {

    public static final String ADMIN = "test-admin-token";

    @LocalServerPort
    protected int port;

    protected Api api;

    @BeforeEach
    void connect() {
        api = new Api(port);
    }

    /** A tenant with one live key carrying every permission. */
    public record TenantKey(String tenantId, String key, String keyId) {
    }

    protected TenantKey newTenant(String plan) {
        return newTenant(plan, null);
    }

    protected TenantKey newTenant(String plan, java.util.List<String> permissions) {
        var t = api.postJson("/admin/tenants", ADMIN, java.util.Map.of("name", "Tenant " + plan, "plan", plan));
        assertThat(t.status()).as(t.text()).isEqualTo(201);
        String tenantId = t.json().get("id").asString();
        return newKey(tenantId, permissions);
    }

    protected TenantKey newKey(String tenantId, java.util.List<String> permissions) {
        var body = new java.util.LinkedHashMap<String, Object>();
        body.put("mode", "test");
        if (permissions != null) {
            body.put("permissions", permissions);
        }
        var k = api.postJson("/admin/tenants/" + tenantId + "/api-keys", ADMIN, body);
        assertThat(k.status()).as(k.text()).isEqualTo(201);
        return new TenantKey(tenantId, k.json().get("key").asString(), k.json().get("id").asString());
    }

    /** Submits a file with form fields and returns the job id (asserting 202). */
    protected String submit(TenantKey t, byte[] pdf, String... fields) {
        var form = Api.form().file("file", "test.pdf", pdf);
        for (int i = 0; i + 1 < fields.length; i += 2) {
            form.field(fields[i], fields[i + 1]);
        }
        var r = api.postForm("/api/v1/jobs", t.key(), form);
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        return r.json().get("job_id").asString();
    }

    /** Polls a job until it leaves the queued state and returns its JobResponse. */
    protected JsonNode awaitJob(TenantKey t, String jobId) {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
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
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** Submits and waits for the terminal job. */
    protected JsonNode run(TenantKey t, byte[] pdf, String... fields) {
        return awaitJob(t, submit(t, pdf, fields));
    }

    /** The inspection ids of a job's findings. */
    protected static java.util.List<String> inspectionIds(JsonNode job) {
        var ids = new java.util.ArrayList<String>();
        job.get("findings").forEach(f -> ids.add(f.get("inspection_id").asString()));
        return ids;
    }
}
