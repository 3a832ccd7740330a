package dev.preflight.ai;

import dev.preflight.platform.ApiException;
import org.springframework.http.HttpStatus;

import java.util.Map;

/**
 * The AI provider failed: 503 when it cannot be reached, timed out or is rate limiting (try again later), 502 when
 * it answered with an error or with something that is not a chat completion. Nothing is charged.
 */
class AiProviderException extends ApiException {

    AiProviderException(HttpStatus status, String detail) {
        super(status, detail);
    }

    AiProviderException(HttpStatus status, String detail, Map<String, String> headers) {
        super(status, detail, headers);
    }

    static AiProviderException unavailable(String detail) {
        return new AiProviderException(HttpStatus.SERVICE_UNAVAILABLE, detail);
    }

    static AiProviderException badGateway(String detail) {
        return new AiProviderException(HttpStatus.BAD_GATEWAY, detail);
    }
}
