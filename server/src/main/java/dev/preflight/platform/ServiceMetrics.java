package dev.preflight.platform;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Our own metrics, which modules feed through this one small API (served with the free HTTP, JVM, connection pool
 * and db-scheduler metrics at {@code /actuator/prometheus}). Names in Prometheus form:
 * <ul>
 * <li>{@code preflight_jobs_queued}: jobs waiting or running (jobs module)</li>
 * <li>{@code preflight_job_duration_seconds{mode,profile,outcome}}: processing time of finished jobs (jobs)</li>
 * <li>{@code preflight_job_attempts_total{outcome}}: processing attempts by how they ended; {@code interrupted} and
 * {@code released} count jobs that ran again after a node died or stopped (jobs)</li>
 * <li>{@code preflight_render_duration_seconds{kind}}, {@code preflight_ink_pass_duration_seconds}: rendering
 * (analysis, viewer)</li>
 * <li>{@code preflight_quota_used_files{tenant}}, {@code preflight_quota_included_files{tenant}}: usage of the
 * plan's file allowance this cycle (billing)</li>
 * <li>{@code preflight_webhook_delivery_duration_seconds{outcome}}: delivery attempts and their latency
 * (webhooks)</li>
 * </ul>
 * Tag values must come from small fixed sets (never ids chosen by tenants), except {@code tenant} on the quota
 * gauges, one series per tenant.
 */
@Component
public class ServiceMetrics {

    private final MeterRegistry registry;
    private final Map<String, Quota> quotas = new ConcurrentHashMap<>();

    private record Quota(AtomicLong used, AtomicLong included, Gauge usedGauge, Gauge includedGauge) {
    }

    ServiceMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Registers the queue-depth gauge; {@code queuedJobs} is asked at every scrape. Call once. */
    public void queueDepth(Supplier<Number> queuedJobs) {
        Gauge.builder("preflight.jobs.queued", queuedJobs)
                .description("Jobs waiting or running, all tenants")
                .strongReference(true)
                .register(registry);
    }

    /**
     * Records a finished job.
     *
     * @param mode    engine, external or minimal
     * @param profile a built-in profile id, {@code custom} or {@code none}
     * @param outcome completed or failed
     */
    public void jobFinished(String mode, String profile, String outcome, Duration duration) {
        Timer.builder("preflight.job.duration")
                .description("Processing time of finished jobs")
                .tags("mode", tag(mode), "profile", tag(profile), "outcome", tag(outcome))
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(50))
                .maximumExpectedValue(Duration.ofMinutes(15))
                .register(registry)
                .record(duration);
    }

    /**
     * Counts ended job attempts ({@code outcome}: completed, failed, interrupted, released or superseded).
     */
    public void jobAttempts(String outcome, int count) {
        if (count > 0) {
            io.micrometer.core.instrument.Counter.builder("preflight.job.attempts")
                    .description("Processing attempts of jobs by how they ended")
                    .tag("outcome", tag(outcome))
                    .register(registry)
                    .increment(count);
        }
    }

    /** Records one rendering ({@code kind}: e.g. tile, thumbnail, separations). */
    public void render(String kind, Duration duration) {
        Timer.builder("preflight.render.duration")
                .description("Time to render a page image")
                .tag("kind", tag(kind))
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(10))
                .maximumExpectedValue(Duration.ofMinutes(5))
                .register(registry)
                .record(duration);
    }

    /** Records one ink pass (Ghostscript separations, coverage and TAC of a document). */
    public void inkPass(Duration duration) {
        Timer.builder("preflight.ink.pass.duration")
                .description("Time of one ink pass (separations, coverage, TAC)")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(50))
                .maximumExpectedValue(Duration.ofMinutes(10))
                .register(registry)
                .record(duration);
    }

    /** Sets a tenant's usage of its file allowance this cycle (the billing module calls it when usage changes). */
    public void quotaUsage(String tenantId, long usedFiles, long includedFiles) {
        Quota q = quotas.computeIfAbsent(tenantId, id -> {
            var used = new AtomicLong();
            var included = new AtomicLong();
            return new Quota(used, included,
                    Gauge.builder("preflight.quota.used", used, AtomicLong::get).baseUnit("files")
                            .description("Files used this billing cycle").tag("tenant", id)
                            .strongReference(true).register(registry),
                    Gauge.builder("preflight.quota.included", included, AtomicLong::get).baseUnit("files")
                            .description("Files included in the plan this billing cycle").tag("tenant", id)
                            .strongReference(true).register(registry));
        });
        q.used().set(usedFiles);
        q.included().set(includedFiles);
    }

    /** Drops a tenant's quota series (tenant deleted). */
    public void forgetTenant(String tenantId) {
        Quota q = quotas.remove(tenantId);
        if (q != null) {
            registry.remove(q.usedGauge());
            registry.remove(q.includedGauge());
        }
    }

    /**
     * Records one webhook delivery attempt.
     *
     * @param outcome delivered (2xx), rejected (other HTTP status), or unreachable (no HTTP answer, timeout)
     * @param latency from sending the request to the answer or the failure
     */
    public void webhookDelivery(String outcome, Duration latency) {
        Timer.builder("preflight.webhook.delivery.duration")
                .description("Webhook delivery attempts by outcome, and their latency")
                .tag("outcome", tag(outcome))
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(5))
                .maximumExpectedValue(Duration.ofSeconds(60))
                .register(registry)
                .record(latency);
    }

    private static String tag(String value) {
        return value == null || value.isBlank() ? "none" : value;
    }
}
