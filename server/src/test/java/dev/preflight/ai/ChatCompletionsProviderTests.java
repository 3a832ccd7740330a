package dev.preflight.ai;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.preflight.platform.Json;
import dev.preflight.platform.OutboundHttp;
import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The chat-completions client on its own: the destination guard, long answers, answers without usage. */
@DatabaseIndependent
class ChatCompletionsProviderTests {

    static final WireMockServer server = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1")
            .dynamicPort());

    static {
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @BeforeEach
    void reset() {
        server.resetAll();
    }

    private static ChatCompletionsProvider provider(boolean allowPrivate, boolean allowHttp) {
        var http = new OutboundHttp(new OutboundHttp.Policy(allowPrivate, allowHttp), null,
                OutboundHttp.AddressResolver.system(), "test", Duration.ofSeconds(5));
        return new ChatCompletionsProvider(http, "http://127.0.0.1:" + server.port() + "/v1/", "m", null, 5000);
    }

    private static final List<AiProvider.Message> PROMPT = List.of(new AiProvider.Message("system", "be brief"),
            new AiProvider.Message("user", "x".repeat(93)));

    @Test
    void plainHttpIsRefusedUnderTheGuardAndNothingIsSent() {
        try (var p = provider(false, false)) {
            assertThatThrownBy(() -> p.complete(PROMPT, 10))
                    .isInstanceOfSatisfying(AiProviderException.class, e -> {
                        assertThat(e.status().value()).isEqualTo(503);
                        assertThat(e.detail()).isEqualTo("The AI provider may not be called: Only HTTPS URLs are "
                                + "allowed. (an operator can allow the configured host with "
                                + "PREFLIGHT_AI_TRUST_HOST=true).");
                    });
        }
        server.verify(0, anyRequestedFor(anyUrl()));
    }

    @Test
    void aPrivateAddressIsRefusedUnderTheGuardAndNothingIsSent() {
        try (var p = provider(false, true)) {
            assertThatThrownBy(p::probe).isInstanceOfSatisfying(AiProviderException.class, e -> {
                assertThat(e.status().value()).isEqualTo(503);
                assertThat(e.detail()).startsWith("The AI provider may not be called: The host 127.0.0.1 resolves to "
                        + "127.0.0.1").contains("private networks are not allowed");
            });
        }
        server.verify(0, anyRequestedFor(anyUrl()));
    }

    @Test
    void aLongAnswerIsReadWhole() {
        String text = "word ".repeat(2000).strip();
        server.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(okJson(AiTestBase.completion(text, 5, 7))));
        try (var p = provider(true, true)) {
            AiProvider.Completion c = p.complete(PROMPT, 10);
            assertThat(c.text()).isEqualTo(text);
            assertThat(c.promptTokens()).isEqualTo(5);
            assertThat(c.completionTokens()).isEqualTo(7);
            assertThat(c.usageReported()).isTrue();
        }
    }

    @Test
    void anAnswerWithoutUsageIsChargedOnAnEstimateOfFourCharactersAToken() {
        server.stubFor(post(urlEqualTo("/v1/chat/completions")).willReturn(okJson(Json.write(Map.of("choices",
                List.of(Map.of("message", Map.of("role", "assistant", "content", "twelve chars"))))))));
        try (var p = provider(true, true)) {
            AiProvider.Completion c = p.complete(PROMPT, 10);
            assertThat(c.usageReported()).isFalse();
            assertThat(c.promptTokens()).isEqualTo((8 + 93 + 3) / 4);
            assertThat(c.completionTokens()).isEqualTo(3);
            assertThat(c.model()).isEqualTo("m");
        }
    }
}
