package dev.preflight.ai;

import dev.preflight.support.TestClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

/** GET /api/v1/ai/health: an unauthenticated probe of the provider's model list, reused for the cache TTL. */
class AiHealthTests extends AiTestBase {

    @Autowired
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void reportsUpWhenTheProviderAnswersAndDownWhenItStops() {
        clock.advance(Duration.ofHours(1)); // past any probe an earlier test cached
        modelsAnswer(200);

        var up = api.get("/api/v1/ai/health", null);

        assertThat(up.status()).as(up.text()).isEqualTo(200);
        assertThat(up.json().propertyNames()).containsExactlyInAnyOrder("status", "model", "checked_at", "detail");
        assertThat(up.json().get("status").asString()).isEqualTo("up");
        assertThat(up.json().get("model").asString()).isEqualTo("test-model");
        assertThat(up.json().get("detail").isNull()).isTrue();
        assertThat(provider.findAll(getRequestedFor(urlEqualTo("/v1/models"))).get(0).getHeader("Authorization"))
                .isEqualTo("Bearer sk-test-key");

        // within the TTL the result is reused: the provider is not asked again
        provider.resetAll();
        modelsAnswer(500);
        assertThat(api.get("/api/v1/ai/health", null).status()).isEqualTo(200);
        provider.verify(0, getRequestedFor(urlEqualTo("/v1/models")));

        clock.advance(Duration.ofSeconds(31));
        var down = api.get("/api/v1/ai/health", null);

        assertThat(down.status()).as(down.text()).isEqualTo(503);
        assertThat(down.json().get("status").asString()).isEqualTo("down");
        assertThat(down.json().get("detail").asString()).isEqualTo("The AI provider answered HTTP 500 (overloaded).");
        provider.verify(1, getRequestedFor(urlEqualTo("/v1/models")));
    }

    @Test
    void reportsDownWhenTheProviderCannotBeReached() {
        clock.advance(Duration.ofHours(2));
        provider.stubFor(com.github.tomakehurst.wiremock.client.WireMock.get(urlEqualTo("/v1/models"))
                .willReturn(com.github.tomakehurst.wiremock.client.WireMock.aResponse()
                        .withFault(com.github.tomakehurst.wiremock.http.Fault.CONNECTION_RESET_BY_PEER)));

        var down = api.get("/api/v1/ai/health", null);

        assertThat(down.status()).as(down.text()).isEqualTo(503);
        assertThat(down.json().get("status").asString()).isEqualTo("down");
        assertThat(down.json().get("detail").asString()).startsWith("The AI provider cannot be reached (");
    }
}
