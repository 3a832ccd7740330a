package dev.preflight.webhooks;

import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import dev.preflight.events.EventScheduler;
import dev.preflight.events.EventSubscriber;
import dev.preflight.events.RecordedEvent;
import dev.preflight.platform.DestinationRefusedException;
import dev.preflight.platform.OutboundHttp;
import dev.preflight.platform.Times;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.UUID;

/**
 * Turns dispatched events into delivery rows (one per subscribed active webhook, with the exact body) and makes
 * the attempts: signed HTTPS POSTs through the outbound guard. Success is any 2xx; 5xx, 408, 429, timeouts and
 * connection errors are retried after {@code retry_base_delay_seconds * 2^n} (capped at
 * {@code retry_max_delay_seconds}) up to {@code max_retries} times; any other answer is final.
 */
@Service
class DeliveryService implements EventSubscriber {

    private static final Logger log = LoggerFactory.getLogger(DeliveryService.class);

    /** One execution per delivery row (instance id = delivery id). */
    static final TaskDescriptor<Void> DELIVER = TaskDescriptor.of("deliver-webhook");

    /** What the worker does after an attempt: nothing more, or the next attempt at a time. */
    record Next(Instant retryAt) {
        static final Next DONE = new Next(null);
    }

    private final WebhookRepository repository;
    private final OutboundHttp http;
    private final EventScheduler scheduler;
    private final WebhookProperties properties;
    private final TransactionTemplate transaction;

    DeliveryService(WebhookRepository repository, OutboundHttp http, EventScheduler scheduler,
                    WebhookProperties properties, PlatformTransactionManager transactions) {
        this.repository = repository;
        this.http = http;
        this.scheduler = scheduler;
        this.properties = properties;
        this.transaction = new TransactionTemplate(transactions);
    }

    /** Fan-out, inside the dispatch transaction; a repeated dispatch of the same event adds nothing. */
    @Override
    public void dispatch(RecordedEvent event) {
        for (Webhook w : repository.active(event.tenantId())) {
            if (!w.subscribes(event.eventType())) {
                continue;
            }
            String key = event.eventId() + ":" + w.id();
            if (repository.fannedOut(key)) {
                continue;
            }
            var d = new Delivery(UUID.randomUUID().toString(), event.tenantId(), w.id(), event.eventId(),
                    event.eventType(), w.url(), event.body(), 0, null, false, false, null, Times.now(), null);
            repository.insertDelivery(d, key, null);
            scheduler.schedule(DELIVER.instance(d.id()).scheduledTo(Instant.now()));
        }
    }

    /** A new delivery of an earlier delivery's exact body to its webhook's current URL, scheduled at once. */
    Delivery replay(Delivery original, Webhook webhook) {
        return transaction.execute(status -> {
            var d = new Delivery(UUID.randomUUID().toString(), original.tenantId(), webhook.id(), original.eventId(),
                    original.eventType(), webhook.url(), original.body(), 0, null, false, false, null, Times.now(),
                    null);
            repository.insertDelivery(d, null, original.id());
            scheduler.schedule(DELIVER.instance(d.id()).scheduledTo(Instant.now()));
            scheduler.wakeAfterCommit();
            return d;
        });
    }

    /** One attempt of a delivery; runs on the events scheduler. */
    Next attempt(String deliveryId) {
        Delivery d = repository.delivery(deliveryId).orElse(null);
        if (d == null || d.finished()) {
            return Next.DONE;
        }
        Webhook w = repository.findAny(d.tenantId(), d.webhookId()).orElse(null);
        if (w == null || w.deletedAt() != null || !w.active()) {
            repository.finish(d.id(), w == null || w.deletedAt() != null
                    ? "The webhook was deleted; no further attempts." : "The webhook is inactive; no further attempts.");
            return Next.DONE;
        }
        int attempt = d.attemptCount() + 1;
        Outcome o = send(w, d.url(), d.id(), d.eventType(), d.body().getBytes(StandardCharsets.UTF_8));
        int maxRetries = w.effectiveMaxRetries(properties.defaultMaxRetries());
        boolean again = o.retriable() && attempt <= maxRetries;
        repository.recordAttempt(d.id(), attempt, o.status(), o.success(), o.success() || !again, o.error(),
                o.success() ? Times.now() : null);
        if (!again) {
            return Next.DONE;
        }
        long delay = RetrySchedule.delaySeconds(w, attempt - 1, o.retryAfterSeconds());
        return new Next(Instant.now().plusSeconds(delay));
    }

    /**
     * The outcome of one POST.
     *
     * @param status            the answer's status code; null when there was none
     * @param retriable         a later attempt may succeed
     * @param retryAfterSeconds the receiver's Retry-After on 429/503, else null
     */
    record Outcome(Integer status, boolean success, boolean retriable, String error, Long retryAfterSeconds) {
    }

    /** Signs and POSTs a body (also used by the synchronous test ping). */
    Outcome send(Webhook w, String url, String deliveryId, String eventType, byte[] body) {
        Instant now = Instant.now();
        String timestamp = Long.toString(now.getEpochSecond());
        List<String> secrets = w.signingSecrets(now);
        var headers = new LinkedHashMap<String, String>();
        headers.put("X-Service-Event", eventType);
        headers.put("X-Service-Signature", Signatures.header(secrets, body));
        headers.put("X-Service-Delivery", deliveryId);
        headers.put("X-Service-Timestamp", timestamp);
        headers.put("X-Service-Timestamp-Signature", Signatures.header(secrets, Signatures.timestamped(timestamp, body)));
        try {
            OutboundHttp.Response r = http.post(url, headers, body);
            int code = r.status();
            if (code >= 200 && code < 300) {
                return new Outcome(code, true, false, null, null);
            }
            boolean retriable = code >= 500 || code == 408 || code == 429;
            String error = "HTTP " + code + (code >= 300 && code < 400 && r.location() != null
                    ? " redirect to " + r.location() + " (redirects are not followed)" : "")
                    + (r.bodyExcerpt().isBlank() ? "" : ": " + oneLine(r.bodyExcerpt()));
            return new Outcome(code, false, retriable, error, retriable ? r.retryAfterSeconds() : null);
        } catch (DestinationRefusedException e) {
            return new Outcome(null, false, false, "Destination refused: " + e.getMessage(), null);
        } catch (IOException e) {
            String m = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
                    : e.getClass().getSimpleName() + ": " + e.getMessage();
            return new Outcome(null, false, true, "Connection failed: " + m, null);
        } catch (RuntimeException e) {
            log.warn("delivery {} to {} failed unexpectedly", deliveryId, url, e);
            return new Outcome(null, false, true, "Delivery failed: " + e.getClass().getSimpleName(), null);
        }
    }

    private static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > 300 ? t.substring(0, 300) + "..." : t;
    }
}
