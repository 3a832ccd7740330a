package dev.preflight.support;

import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Full-stack tests by inheritance, as most of the suite was written: the {@link FullStackTest} context with the
 * fixtures' methods at hand. New tests compose instead: {@code @FullStackTest} and autowired {@link Api},
 * {@link Tenants}, {@link JobFixtures} (and {@link WebhookTest} with {@link Webhooks}); both share one context.
 */
@FullStackTest
public abstract class ServerTestBase {

    public static final String ADMIN = Tenants.ADMIN;

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
        return new Tenants(api).newTenant(plan);
    }

    protected TenantKey newTenant(String plan, java.util.List<String> permissions) {
        return new Tenants(api).newTenant(plan, permissions);
    }

    protected TenantKey newKey(String tenantId, java.util.List<String> permissions) {
        return new Tenants(api).newKey(tenantId, permissions);
    }

    /** Submits a file with form fields and returns the job id (asserting 202). */
    protected String submit(TenantKey t, byte[] pdf, String... fields) {
        return new JobFixtures(api).submit(t, pdf, fields);
    }

    /** Polls a job until it leaves the queued state and returns its JobResponse. */
    protected JsonNode awaitJob(TenantKey t, String jobId) {
        return new JobFixtures(api).awaitJob(t, jobId);
    }

    /** Submits and waits for the terminal job. */
    protected JsonNode run(TenantKey t, byte[] pdf, String... fields) {
        return new JobFixtures(api).run(t, pdf, fields);
    }

    /** The inspection ids of a job's findings. */
    protected static java.util.List<String> inspectionIds(JsonNode job) {
        return JobFixtures.inspectionIds(job);
    }
}
