package dev.preflight.platform;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Optional OpenTelemetry tracing, off unless the operator names a collector. With
 * {@code preflight.tracing.otlp-endpoint} ({@code PREFLIGHT_OTLP_TRACING_ENDPOINT}) blank, tracing export is switched
 * off: export disabled and Boot's OpenTelemetry auto-configurations left out, so Micrometer runs its no-op tracer,
 * and there is no SDK, no span exporter and no connection. Set, the
 * Micrometer observations (HTTP server requests, outbound calls, our timed work) become spans sent over OTLP/HTTP to
 * {@code <endpoint>/v1/traces}, sampled at {@code preflight.tracing.sampling-probability} (default 1.0).
 *
 * <p>The derived settings sit last among the property sources: an operator who sets Spring Boot's own
 * {@code management.*} tracing properties directly still has the last word.
 */
final class TracingSwitch implements EnvironmentPostProcessor {

    static final String ENDPOINT = "preflight.tracing.otlp-endpoint";
    static final String SAMPLING = "preflight.tracing.sampling-probability";

    /**
     * Spring Boot's OpenTelemetry SDK, tracing and OTLP auto-configurations, and Micrometer's tracing bridge: not
     * wanted while tracing is off.
     */
    static final java.util.List<String> OTEL_AUTO_CONFIGURATIONS = java.util.List.of(
            "org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
            "org.springframework.boot.opentelemetry.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration",
            "org.springframework.boot.opentelemetry.autoconfigure.logging.otlp.OtlpLoggingAutoConfiguration",
            "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
            "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingAutoConfiguration",
            "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.zipkin."
                    + "ZipkinWithOpenTelemetryTracingAutoConfiguration",
            // and Micrometer's tracing bridge: with no tracer, every request's observation feeds the metrics handler
            // alone instead of a tracing handler of a no-op tracer too (a quarter of a /health request's time)
            "org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
            "org.springframework.boot.micrometer.tracing.autoconfigure.NoopTracerAutoConfiguration",
            "org.springframework.boot.micrometer.tracing.autoconfigure.prometheus.PrometheusExemplarsAutoConfiguration");

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment.getPropertySources().addLast(new MapPropertySource("preflightTracing",
                settings(environment.getProperty(ENDPOINT, ""), environment.getProperty(SAMPLING, "1.0"))));
    }

    static Map<String, Object> settings(String endpoint, String sampling) {
        Map<String, Object> m = new LinkedHashMap<>();
        String e = endpoint == null ? "" : endpoint.trim();
        if (e.isEmpty()) {
            m.put("management.tracing.export.enabled", "false");
            m.put("management.tracing.export.otlp.enabled", "false");
            // Export off alone still leaves a recording OpenTelemetry tracer behind every request: leave the SDK out,
            // so Micrometer falls back to its no-op tracer.
            m.put("spring.autoconfigure.exclude", String.join(",", OTEL_AUTO_CONFIGURATIONS));
            return m;
        }
        if (!e.startsWith("http://") && !e.startsWith("https://")) {
            throw new IllegalArgumentException(
                    "PREFLIGHT_OTLP_TRACING_ENDPOINT must be an http:// or https:// URL, not '" + e + "'");
        }
        m.put("management.tracing.export.enabled", "true");
        m.put("management.tracing.export.otlp.enabled", "true");
        m.put("management.opentelemetry.tracing.export.otlp.endpoint", tracesUrl(e));
        m.put("management.opentelemetry.tracing.export.otlp.transport", "http");
        m.put("management.tracing.sampling.probability", sampling == null || sampling.isBlank() ? "1.0" : sampling);
        return m;
    }

    /** A collector's base URL ({@code http://collector:4318}) or its full traces URL, as the exporter wants it. */
    static String tracesUrl(String endpoint) {
        String e = endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint;
        return e.endsWith("/v1/traces") ? e : e + "/v1/traces";
    }
}
