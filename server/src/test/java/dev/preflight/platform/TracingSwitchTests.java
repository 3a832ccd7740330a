package dev.preflight.platform;

import dev.preflight.support.DatabaseIndependent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** What the tracing switch derives from the operator's two settings. */
@DatabaseIndependent
class TracingSwitchTests {

    @Test
    void blankEndpointSwitchesTracingOff() {
        for (String blank : new String[] {null, "", "  "}) {
            assertThat(TracingSwitch.settings(blank, "1.0")).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "management.tracing.export.enabled", "false",
                    "management.tracing.export.otlp.enabled", "false",
                    "spring.autoconfigure.exclude", String.join(",", TracingSwitch.OTEL_AUTO_CONFIGURATIONS)));
        }
    }

    @Test
    void endpointTurnsOnOtlpExportOfEverySampledTrace() {
        assertThat(TracingSwitch.settings("http://collector:4318", "0.25")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "management.tracing.export.enabled", "true",
                "management.tracing.export.otlp.enabled", "true",
                "management.opentelemetry.tracing.export.otlp.endpoint", "http://collector:4318/v1/traces",
                "management.opentelemetry.tracing.export.otlp.transport", "http",
                "management.tracing.sampling.probability", "0.25"));
        assertThat(TracingSwitch.settings("https://c.example/otlp/", ""))
                .containsEntry("management.opentelemetry.tracing.export.otlp.endpoint",
                        "https://c.example/otlp/v1/traces")
                .containsEntry("management.tracing.sampling.probability", "1.0");
        assertThat(TracingSwitch.tracesUrl("http://c:4318/v1/traces")).isEqualTo("http://c:4318/v1/traces");
        assertThat(TracingSwitch.settings("http://collector:4318", "1.0")).doesNotContainKey("spring.autoconfigure.exclude");
    }

    @Test
    void endpointMustBeAnHttpUrl() {
        assertThatThrownBy(() -> TracingSwitch.settings("collector:4317", "1.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PREFLIGHT_OTLP_TRACING_ENDPOINT");
    }

    @Test
    void explicitBootSettingsStillWin() {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new MapPropertySource("operator", Map.of(
                TracingSwitch.ENDPOINT, "http://collector:4318",
                "management.tracing.sampling.probability", "0.5")));
        new TracingSwitch().postProcessEnvironment(env, new SpringApplication());
        assertThat(env.getProperty("management.tracing.sampling.probability")).isEqualTo("0.5");
        assertThat(env.getProperty("management.opentelemetry.tracing.export.otlp.endpoint"))
                .isEqualTo("http://collector:4318/v1/traces");
        assertThat(env.getProperty("management.tracing.export.enabled")).isEqualTo("true");
    }
}
