package dev.preflight.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.tracing.Tracer;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingConnectionDetails;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;

import dev.preflight.support.ServerTestBase;

/**
 * The default configuration (no PREFLIGHT_OTLP_TRACING_ENDPOINT): Micrometer's tracer is the no-op one, and there is
 * no OpenTelemetry SDK, no span exporter and no collector address, so nothing is recorded and nothing can be sent.
 */
class TracingOffTests extends ServerTestBase {

    @Autowired
    ApplicationContext context;

    @Autowired
    Environment environment;

    @Test
    void nothingIsTracedOrExported() {
        assertThat(environment.getProperty(TracingSwitch.ENDPOINT)).isEmpty();
        assertThat(context.getBeanNamesForType(SpanExporter.class)).isEmpty();
        assertThat(context.getBeanNamesForType(SdkTracerProvider.class)).isEmpty();
        assertThat(context.getBeanNamesForType(OpenTelemetry.class)).isEmpty();
        assertThat(context.getBeanNamesForType(OtlpTracingConnectionDetails.class)).isEmpty();
        assertThat(context.getBeanProvider(Tracer.class).getIfAvailable(() -> Tracer.NOOP)).isSameAs(Tracer.NOOP);
        // requests are observed for their metrics alone: no tracing handler of a no-op tracer behind each one
        assertThat(context.getBeanNamesForType(io.micrometer.tracing.handler.TracingObservationHandler.class))
                .isEmpty();
        assertThat(context.getBeanNamesForType(
                io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.class)).hasSize(1);

        var r = api.get("/health", null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(context.getBeanNamesForType(SpanExporter.class)).isEmpty();
    }
}
