package dev.preflight.client;

import com.sun.net.httpserver.HttpServer;
import dev.preflight.client.api.HealthApi;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the packaged jar starts: from the bean definitions its build wrote ahead of time (server/pom.xml runs Spring's
 * process-aot), unless a setting that chooses other beans is set, here a tracing collector, whose start takes the
 * ordinary path so that its spans still reach the collector.
 */
class PackagedStartTests {

    @Test
    void theJarStartsFromTheBeanDefinitionsItsBuildWrote() throws Exception {
        String log = ServerProcess.shared().log();

        assertThat(log).contains("Starting AOT-processed PreflightApplication")
                .doesNotContain("Starting without the build-time bean definitions");
    }

    /** Once per suite run (its own H2 database, so the suite's database makes no difference to it). */
    @Test
    @Tag("database-independent")
    void aTracingCollectorTakesTheOrdinaryStartAndReceivesSpans() throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();
        HttpServer collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        collector.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                    + new String(body, StandardCharsets.ISO_8859_1));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
        try (ServerProcess server = ServerProcess.start(Map.of(
                "PREFLIGHT_OTLP_TRACING_ENDPOINT", "http://127.0.0.1:" + collector.getAddress().getPort(),
                "MANAGEMENT_OPENTELEMETRY_TRACING_EXPORT_SCHEDULE_DELAY", "100ms"), false)) {
            String log = server.log();
            assertThat(log).contains("Starting without the build-time bean definitions: "
                            + "preflight.tracing.otlp-endpoint chooses beans at start-up")
                    .contains("Starting PreflightApplication")
                    .doesNotContain("AOT-processed");

            new HealthApi(server.client()).health();

            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (System.nanoTime() < deadline
                    && received.stream().noneMatch(r -> r.startsWith("POST /v1/traces") && r.contains("/health"))) {
                Thread.sleep(100);
            }
            assertThat(received).anyMatch(r -> r.startsWith("POST /v1/traces ") && r.contains("/health"));
        } finally {
            collector.stop(0);
        }
    }
}
