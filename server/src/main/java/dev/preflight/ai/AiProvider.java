package dev.preflight.ai;

import java.util.List;

/**
 * A large-language-model provider the AI module asks. One implementation: {@link ChatCompletionsProvider}, any
 * OpenAI-compatible chat-completions API. Failures are {@link AiProviderException}s carrying the API's status.
 */
interface AiProvider extends AutoCloseable {

    /** The model configured for this provider. */
    String model();

    /**
     * One chat completion.
     *
     * @throws AiProviderException 503 when the provider cannot be reached or is overloaded, 502 when it answered
     *                             with an error or with something that is not a completion
     */
    Completion complete(List<Message> messages, int maxTokens);

    /** Checks that the provider answers and accepts our key, without spending tokens. */
    void probe();

    @Override
    void close();

    /** A chat message: role {@code system} or {@code user}. */
    record Message(String role, String content) {
    }

    /**
     * What the model answered and what it cost in tokens.
     *
     * @param model            the model that answered, as the provider names it
     * @param usageReported    false when the provider sent no {@code usage}; the token counts are then estimated
     *                         from the text lengths (4 characters a token) so that the cost cap still holds
     */
    record Completion(String text, String model, long promptTokens, long completionTokens, boolean usageReported) {
    }
}
