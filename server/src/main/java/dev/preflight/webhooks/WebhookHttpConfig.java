package dev.preflight.webhooks;

import dev.preflight.platform.OutboundHttp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The outbound HTTP client deliveries go through, with the SSRF guard the operator configured. */
@Configuration
class WebhookHttpConfig {

    private static final Logger log = LoggerFactory.getLogger(WebhookHttpConfig.class);

    @Bean(destroyMethod = "close")
    OutboundHttp webhookHttp(WebhookProperties properties) {
        if (properties.allowPrivateNetworks()) {
            log.warn("PREFLIGHT_WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: webhooks may be registered for and delivered to "
                    + "loopback, private, link-local and other non-public addresses. Anyone who can register a "
                    + "webhook can now make this server send requests into its own network. Use only for "
                    + "self-hosted single-tenant setups and tests.");
        }
        if (properties.allowHttp()) {
            log.warn("PREFLIGHT_WEBHOOK_ALLOW_HTTP=true: webhooks may use plain http:// URLs; event bodies and "
                    + "signatures then travel unencrypted.");
        }
        return new OutboundHttp(new OutboundHttp.Policy(properties.allowPrivateNetworks(), properties.allowHttp()),
                OutboundHttp.trusting(properties.trustStore(), properties.trustStorePassword()),
                OutboundHttp.AddressResolver.system(), "Preflight-Webhooks/1", properties.timeout());
    }
}
