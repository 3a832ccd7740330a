package dev.preflight.ai;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.nio.file.Path;
import java.time.Duration;

/**
 * AI settings ({@code preflight.ai.*}). AI is on when both {@code baseUrl} and {@code model} are set.
 *
 * @param baseUrl                       the provider's OpenAI-compatible API root, e.g. {@code https://api.openai.com/v1}
 *                                      ({@code PREFLIGHT_AI_BASE_URL}); {@code /chat/completions} and {@code /models}
 *                                      are appended
 * @param model                         the model asked ({@code PREFLIGHT_AI_MODEL})
 * @param apiKey                        sent as {@code Authorization: Bearer} when set ({@code PREFLIGHT_AI_API_KEY})
 * @param inputCentsPerMillionTokens    what the provider charges per million prompt tokens, in cents
 * @param outputCentsPerMillionTokens   what the provider charges per million completion tokens, in cents
 * @param trustHost                     the operator vouches for the configured host: it may be on a private network
 *                                      and may use plain http (a model served inside the deployment); off, calls go
 *                                      through the same destination guard as webhooks (HTTPS, public addresses)
 * @param timeout                       bound of one provider call: connect, send, answer
 * @param maxOutputTokens               {@code max_tokens} of an explanation
 * @param healthCacheTtl                how long a probe result of {@code GET /api/v1/ai/health} is reused
 * @param auditMaxFindings              at most this many findings of one job are audited (one provider call per
 *                                      finding)
 * @param trustStore                    a trust store (PKCS12/JKS) replacing the JDK's for provider calls; blank: the
 *                                      JDK's
 * @param trustStorePassword            its password
 */
@ConfigurationProperties("preflight.ai")
public record AiProperties(@Nullable String baseUrl, @Nullable String model, @Nullable String apiKey,
                           double inputCentsPerMillionTokens, double outputCentsPerMillionTokens, boolean trustHost,
                           Duration timeout, Integer maxOutputTokens, Duration healthCacheTtl,
                           Integer auditMaxFindings, @Nullable Path trustStore, @Nullable String trustStorePassword) {

    public AiProperties {
        baseUrl = blankToNull(baseUrl);
        model = blankToNull(model);
        apiKey = blankToNull(apiKey);
        timeout = timeout == null ? Duration.ofSeconds(30) : timeout;
        maxOutputTokens = maxOutputTokens == null ? 500 : maxOutputTokens;
        healthCacheTtl = healthCacheTtl == null ? Duration.ofSeconds(15) : healthCacheTtl;
        auditMaxFindings = auditMaxFindings == null ? 50 : auditMaxFindings;
        trustStore = trustStore == null || trustStore.toString().isBlank() ? null : trustStore;
        trustStorePassword = trustStorePassword == null || trustStorePassword.isEmpty() ? null : trustStorePassword;
        if (inputCentsPerMillionTokens < 0 || outputCentsPerMillionTokens < 0) {
            throw new IllegalArgumentException("preflight.ai token prices must not be negative");
        }
    }

    /** True when a provider is configured (base URL and model). */
    public boolean configured() {
        return baseUrl != null && model != null;
    }

    private static @Nullable String blankToNull(@Nullable String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
