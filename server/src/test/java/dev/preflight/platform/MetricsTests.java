package dev.preflight.platform;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * /actuator/prometheus answers without an API key and shows the free metrics (HTTP, JVM, connection pool,
 * db-scheduler) and ours: queue depth and job duration after a real job, and the hooks the billing, webhook and
 * rendering code feed. No other actuator endpoint is exposed.
 */
class MetricsTests extends ServerTestBase {

    @Autowired
    ServiceMetrics metrics;

    @Test
    void aFinishedJobShowsUpInTheJobMetrics() {
        var t = newTenant("growth");
        var job = run(t, SamplePdfs.clean().bytes());
        assertThat(job.get("status").asString()).isEqualTo("completed");

        String text = scrape();
        assertThat(value(text, "preflight_job_duration_seconds_count",
                "mode=\"engine\"", "outcome=\"completed\"", "profile=\"service-default\"")).isGreaterThanOrEqualTo(1);
        assertThat(text).contains("preflight_job_duration_seconds_bucket{");
        assertThat(value(text, "preflight_jobs_queued")).isGreaterThanOrEqualTo(0);

        var minimal = run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal");
        assertThat(minimal.get("status").asString()).isEqualTo("completed");
        assertThat(value(scrape(), "preflight_job_duration_seconds_count",
                "mode=\"minimal\"", "outcome=\"completed\"", "profile=\"none\"")).isGreaterThanOrEqualTo(1);
    }

    @Autowired
    NodeIdentity node;

    @Test
    void theNodeNameIsALabel() {
        assertThat(node.name()).isNotBlank().hasSizeLessThanOrEqualTo(NodeIdentity.MAX_LENGTH);
        assertThat(value(scrape(), "preflight_node_info", "node=\"" + node.name() + "\"")).isEqualTo(1);
    }

    @Test
    void theFreeMetricsAreThere() {
        api.get("/health", null);
        String text = scrape();
        assertThat(text).contains("http_server_requests_seconds_count{", "jvm_memory_used_bytes{",
                "hikaricp_connections_active{", "dbscheduler_task_completions_total{");
    }

    @Test
    void theHooksOtherModulesFeedAreExported() {
        metrics.quotaUsage("metrics-tenant", 12, 100);
        metrics.webhookDelivery("delivered", Duration.ofMillis(120));
        metrics.webhookDelivery("unreachable", Duration.ofSeconds(10));
        metrics.render("tile", Duration.ofMillis(40));
        metrics.inkPass(Duration.ofMillis(900));
        String text = scrape();
        assertThat(value(text, "preflight_quota_used_files", "tenant=\"metrics-tenant\"")).isEqualTo(12);
        assertThat(value(text, "preflight_quota_included_files", "tenant=\"metrics-tenant\"")).isEqualTo(100);
        assertThat(value(text, "preflight_webhook_delivery_duration_seconds_count", "outcome=\"delivered\"")).isEqualTo(1);
        assertThat(value(text, "preflight_webhook_delivery_duration_seconds_sum", "outcome=\"unreachable\"")).isEqualTo(10);
        assertThat(value(text, "preflight_render_duration_seconds_count", "kind=\"tile\"")).isGreaterThanOrEqualTo(1);
        assertThat(value(text, "preflight_ink_pass_duration_seconds_count")).isGreaterThanOrEqualTo(1);

        metrics.quotaUsage("metrics-tenant", 13, 100);
        assertThat(value(scrape(), "preflight_quota_used_files", "tenant=\"metrics-tenant\"")).isEqualTo(13);
        metrics.forgetTenant("metrics-tenant");
        assertThat(scrape()).doesNotContain("tenant=\"metrics-tenant\"");
    }

    @Test
    void onlyThePrometheusEndpointIsExposed() {
        for (String path : new String[] {"/actuator/health", "/actuator/env", "/actuator/beans", "/actuator/metrics",
                "/actuator/heapdump", "/actuator/loggers"}) {
            assertThat(api.get(path, null).status()).as(path).isEqualTo(404);
        }
    }

    private String scrape() {
        var r = api.get("/actuator/prometheus", null);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("text/plain");
        return r.text();
    }

    /** The value of the one sample of {@code name} whose labels include all {@code labels}. */
    private static double value(String text, String name, String... labels) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\{[^}]*})? (\\S+)$").matcher(text);
        while (m.find()) {
            String l = m.group(1) == null ? "" : m.group(1);
            boolean all = true;
            for (String label : labels) {
                all &= l.contains(label);
            }
            if (all) {
                return Double.parseDouble(m.group(2));
            }
        }
        throw new AssertionError("no sample " + name + " with " + String.join(",", labels) + " in:\n"
                + text.lines().filter(s -> s.startsWith(name)).limit(20).reduce("", (a, b) -> a + b + "\n"));
    }
}
