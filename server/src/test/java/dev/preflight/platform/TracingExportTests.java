package dev.preflight.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

import dev.preflight.support.ServerTestBase;

/**
 * With an OTLP endpoint configured, an API request becomes spans that reach the collector: here a JDK HTTP server
 * on 127.0.0.1 standing in for one, accepting {@code POST /v1/traces}. The endpoint is set the way an operator sets
 * it ({@code preflight.tracing.otlp-endpoint}, read by {@link TracingSwitch} before the context starts); its port
 * comes from a system property set when this class loads.
 */
@TestPropertySource(properties = {
        "preflight.tracing.otlp-endpoint=http://127.0.0.1:${preflight.test.otlp-port}",
        "management.opentelemetry.tracing.export.schedule-delay=100ms"})
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class TracingExportTests extends ServerTestBase {

    record Received(String method, String path, String contentType, byte[] body) {
    }

    static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    static final HttpServer COLLECTOR = collector();

    private static HttpServer collector() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/", exchange -> {
                byte[] body = exchange.getRequestBody().readAllBytes();
                RECEIVED.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                        exchange.getRequestHeaders().getFirst("Content-Type"), body));
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            server.start();
            System.setProperty("preflight.test.otlp-port", String.valueOf(server.getAddress().getPort()));
            return server;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    static void stopCollector() {
        System.clearProperty("preflight.test.otlp-port");
        COLLECTOR.stop(0);
    }

    @Autowired
    ApplicationContext context;

    @Test
    void apiRequestSpansArriveAtTheCollector() throws InterruptedException {
        assertThat(context.getBean(Tracer.class)).isNotSameAs(Tracer.NOOP);
        assertThat(context.getBeanNamesForType(SdkTracerProvider.class)).hasSize(1);

        TenantKey t = newTenant("growth");
        var r = api.get("/api/v1/jobs?limit=1", t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);

        // Spans are protobuf; their string attributes (the route, the method) are plain UTF-8 in the body.
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        Received match = null;
        while (match == null && System.nanoTime() < deadline) {
            match = RECEIVED.stream()
                    .filter(x -> new String(x.body(), StandardCharsets.ISO_8859_1).contains("/api/v1/jobs"))
                    .findFirst().orElse(null);
            Thread.sleep(100);
        }
        assertThat(match).as("a span batch naming /api/v1/jobs, got %d batch(es)", RECEIVED.size()).isNotNull();
        assertThat(match.method()).isEqualTo("POST");
        assertThat(match.path()).isEqualTo("/v1/traces");
        assertThat(match.contentType()).isEqualTo("application/x-protobuf");
        assertThat(new String(match.body(), StandardCharsets.ISO_8859_1)).contains("preflight");
    }
}
