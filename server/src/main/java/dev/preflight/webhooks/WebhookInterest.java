package dev.preflight.webhooks;

import dev.preflight.platform.EventInterest;
import org.springframework.stereotype.Component;

import java.util.List;

/** An event type is wanted when one of the tenant's active webhooks subscribes to it (or to every event). */
@Component
class WebhookInterest implements EventInterest {

    private final WebhookRepository repository;

    WebhookInterest(WebhookRepository repository) {
        this.repository = repository;
    }

    @Override
    public boolean wanted(String tenantId, String eventType) {
        for (List<String> events : repository.activeSubscriptions(tenantId)) {
            if (events.isEmpty() || events.contains(eventType)) {
                return true;
            }
        }
        return false;
    }
}
