package dev.preflight.ai;

import dev.preflight.platform.DestinationRefusedException;
import dev.preflight.platform.Json;
import dev.preflight.platform.OutboundHttp;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An OpenAI-compatible chat-completions API ({@code POST {base}/chat/completions}, {@code GET {base}/models}): OpenAI
 * itself, or vLLM, Ollama, llama.cpp, LiteLLM... Every call goes through {@link OutboundHttp}, the destination guard.
 */
final class ChatCompletionsProvider implements AiProvider {

    /** Enough for any explanation; an answer longer than this is not one we asked for. */
    private static final int MAX_ANSWER_BYTES = 1 << 20;

    private final OutboundHttp http;
    private final String baseUrl;
    private final String model;
    private final @Nullable String apiKey;
    private final long timeoutMillis;

    ChatCompletionsProvider(OutboundHttp http, String baseUrl, String model, @Nullable String apiKey,
                            long timeoutMillis) {
        this.http = http;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.model = model;
        this.apiKey = apiKey;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public Completion complete(List<Message> messages, int maxTokens) {
        var body = new LinkedHashMap<String, Object>();
        body.put("model", model);
        body.put("messages", messages.stream().map(m -> Map.of("role", m.role(), "content", m.content())).toList());
        body.put("max_tokens", maxTokens);
        body.put("temperature", 0.2);
        OutboundHttp.Response answer = send(() -> http.post(baseUrl + "/chat/completions", headers(),
                Json.write(body).getBytes(StandardCharsets.UTF_8), MAX_ANSWER_BYTES),
                "; nothing was produced and nothing was charged.");
        JsonNode root;
        try {
            root = Json.mapper().readTree(answer.bodyExcerpt());
        } catch (JacksonException e) {
            throw AiProviderException.badGateway("The AI provider's answer is not JSON; nothing was produced and "
                    + "nothing was charged.");
        }
        JsonNode content = root == null ? null : root.path("choices").path(0).path("message").path("content");
        if (content == null || !content.isString() || content.asString().isBlank()) {
            throw AiProviderException.badGateway("The AI provider's answer is not a chat completion (no "
                    + "choices[0].message.content); nothing was produced and nothing was charged.");
        }
        String text = content.asString().strip();
        JsonNode answered = root.path("model");
        String answeringModel = answered.isString() && !answered.asString().isBlank() ? answered.asString() : model;
        JsonNode usage = root.path("usage");
        JsonNode in = usage.path("prompt_tokens");
        JsonNode out = usage.path("completion_tokens");
        if (in.isIntegralNumber() && out.isIntegralNumber() && in.longValue() >= 0 && out.longValue() >= 0) {
            return new Completion(text, answeringModel, in.longValue(), out.longValue(), true);
        }
        long promptChars = messages.stream().mapToLong(m -> m.content().length()).sum();
        return new Completion(text, answeringModel, (promptChars + 3) / 4, (text.length() + 3) / 4, false);
    }

    @Override
    public void probe() {
        OutboundHttp.Response answer = send(() -> http.get(baseUrl + "/models", headers(), MAX_ANSWER_BYTES), ".");
        try {
            JsonNode root = Json.mapper().readTree(answer.bodyExcerpt());
            if (root == null || !root.path("data").isArray()) {
                throw AiProviderException.badGateway("The AI provider's model list is not an OpenAI-compatible list.");
            }
        } catch (JacksonException e) {
            throw AiProviderException.badGateway("The AI provider's model list is not JSON.");
        }
    }

    @Override
    public void close() {
        try {
            http.close();
        } catch (IOException ignored) {
            // the connection pool is gone either way
        }
    }

    private Map<String, String> headers() {
        var h = new LinkedHashMap<String, String>();
        h.put("Accept", "application/json");
        if (apiKey != null) {
            h.put("Authorization", "Bearer " + apiKey);
        }
        return h;
    }

    @FunctionalInterface
    private interface Call {
        OutboundHttp.Response run() throws IOException;
    }

    /** Sends one request and turns every way it can fail into the API's 502 or 503. */
    private OutboundHttp.Response send(Call call, String consequence) {
        OutboundHttp.Response answer;
        try {
            answer = call.run();
        } catch (DestinationRefusedException e) {
            throw AiProviderException.unavailable("The AI provider may not be called: " + e.getMessage()
                    + " (an operator can allow the configured host with PREFLIGHT_AI_TRUST_HOST=true).");
        } catch (SocketTimeoutException e) {
            throw AiProviderException.unavailable("The AI provider did not answer within " + timeoutMillis
                    + " ms; try again later.");
        } catch (IOException e) {
            throw AiProviderException.unavailable("The AI provider cannot be reached (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); try again later.");
        }
        int status = answer.status();
        if (status == 429) {
            Map<String, String> headers = answer.retryAfterSeconds() == null ? Map.of()
                    : Map.of("Retry-After", Long.toString(answer.retryAfterSeconds()));
            throw new AiProviderException(HttpStatus.SERVICE_UNAVAILABLE,
                    "The AI provider is rate limiting this server (HTTP 429); try again later.", headers);
        }
        if (status == 503) {
            throw AiProviderException.unavailable("The AI provider is unavailable (HTTP 503); try again later.");
        }
        if (status < 200 || status > 299) {
            String reason = providerMessage(answer.bodyExcerpt());
            throw AiProviderException.badGateway("The AI provider answered HTTP " + status
                    + (reason == null ? "" : " (" + reason + ")") + consequence);
        }
        return answer;
    }

    /** The {@code error.message} of an OpenAI-style error body, shortened; null when there is none. */
    private static @Nullable String providerMessage(String body) {
        try {
            JsonNode m = Json.mapper().readTree(body).path("error").path("message");
            if (m.isString() && !m.asString().isBlank()) {
                String s = m.asString().strip().replaceAll("\\s+", " ");
                return s.length() > 200 ? s.substring(0, 200) + "..." : s;
            }
        } catch (JacksonException | NullPointerException e) {
            return null;
        }
        return null;
    }
}
