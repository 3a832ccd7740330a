package dev.preflight.ai;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Full-stack tests with an AI provider configured: a WireMock server on 127.0.0.1 plays an OpenAI-compatible
 * chat-completions API. 127.0.0.1 is private and plain http, so this context runs with the operator's
 * {@code preflight.ai.trust-host=true}; a provider call times out after 2 s. Prices: 1000 cents per million prompt
 * tokens, 2000 per million completion tokens. Every class of this kind shares the one context.
 */
@TestPropertySource(properties = {"preflight.ai.model=test-model", "preflight.ai.api-key=sk-test-key",
        "preflight.ai.trust-host=true", "preflight.ai.timeout=2s", "preflight.ai.input-cents-per-million-tokens=1000",
        "preflight.ai.output-cents-per-million-tokens=2000", "preflight.ai.health-cache-ttl=30s"})
abstract class AiTestBase extends ServerTestBase {

    static final WireMockServer provider = start();

    private static WireMockServer start() {
        var server = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
        return server;
    }

    @DynamicPropertySource
    static void providerUrl(DynamicPropertyRegistry r) {
        r.add("preflight.ai.base-url", () -> "http://127.0.0.1:" + provider.port() + "/v1");
    }

    @BeforeEach
    void resetProvider() {
        provider.resetAll();
    }

    /** The provider answers every chat completion with this text and these token counts. */
    static void answers(String text, long promptTokens, long completionTokens) {
        provider.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(okJson(completion(text, promptTokens,
                completionTokens))));
    }

    static String completion(String text, long promptTokens, long completionTokens) {
        return dev.preflight.platform.Json.write(Map.of("id", "chatcmpl-1", "object", "chat.completion",
                "model", "test-model-2026", "choices", java.util.List.of(Map.of("index", 0, "finish_reason", "stop",
                        "message", Map.of("role", "assistant", "content", text))),
                "usage", Map.of("prompt_tokens", promptTokens, "completion_tokens", completionTokens,
                        "total_tokens", promptTokens + completionTokens)));
    }

    static void failsWith(int status, String body) {
        provider.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/json").withBody(body)));
    }

    static void modelsAnswer(int status) {
        provider.stubFor(get(urlEqualTo("/v1/models")).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/json")
                .withBody(status == 200 ? "{\"object\":\"list\",\"data\":[{\"id\":\"test-model\",\"object\":\"model\"}]}"
                        : "{\"error\":{\"message\":\"overloaded\"}}")));
    }

    /** A completed engine job with several findings (no trim box, no output intent, an unembedded font). */
    JsonNode jobWithFindings(TenantKey t) {
        JsonNode job = run(t, SamplePdfs.clean().withoutTrimBox().withoutOutputIntent().unembeddedHelveticaText()
                .bytes());
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("findings").size()).isGreaterThanOrEqualTo(2);
        return job;
    }

    String explainPath(JsonNode job, int findingIndex) {
        return "/api/v1/jobs/" + job.get("job_id").asString() + "/findings/"
                + job.get("findings").get(findingIndex).get("finding_id").asString() + "/explain";
    }

    long aiUsedCents(TenantKey t) {
        var r = api.get("/admin/tenants/" + t.tenantId() + "/billing", ADMIN);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("ai_used_cents").asLong();
    }
}
