package dev.preflight.webhooks;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Webhook settings ({@code preflight.webhooks.*}).
 *
 * @param allowPrivateNetworks deliver to loopback, private, link-local, CGNAT... addresses too
 *                             ({@code PREFLIGHT_WEBHOOK_ALLOW_PRIVATE_NETWORKS}; self-hosted and test use only)
 * @param allowHttp            accept plain {@code http://} URLs ({@code PREFLIGHT_WEBHOOK_ALLOW_HTTP})
 * @param timeout              bound of one delivery attempt: connect, TLS, send, answer
 * @param defaultMaxRetries    retries of a webhook whose {@code max_retries} is null
 * @param rotationWindow       how long the previous signing secret keeps signing after a rotation
 * @param trustStore           a trust store (PKCS12/JKS) that replaces the JDK's for deliveries (an internal CA);
 *                             blank: the JDK's
 * @param trustStorePassword   its password
 */
@ConfigurationProperties("preflight.webhooks")
public record WebhookProperties(boolean allowPrivateNetworks, boolean allowHttp, Duration timeout,
                                Integer defaultMaxRetries, Duration rotationWindow, Path trustStore,
                                String trustStorePassword) {

    public WebhookProperties {
        timeout = timeout == null ? Duration.ofSeconds(10) : timeout;
        defaultMaxRetries = defaultMaxRetries == null ? 3 : defaultMaxRetries;
        rotationWindow = rotationWindow == null ? Duration.ofHours(24) : rotationWindow;
        trustStore = trustStore == null || trustStore.toString().isBlank() ? null : trustStore;
        trustStorePassword = trustStorePassword == null || trustStorePassword.isEmpty() ? null : trustStorePassword;
    }
}
