package dev.preflight.webhooks;

import dev.preflight.events.EventCatalogue;
import dev.preflight.events.RecordedEvent;
import dev.preflight.events.TestPing;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.DestinationRefusedException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.OutboundHttp;
import dev.preflight.platform.PageRequest;
import dev.preflight.platform.PatchBody;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.platform.Times;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

/** The webhooks module's routes' logic: endpoints, signing secrets, deliveries, replay, test ping, retention. */
@Service
class WebhookService {

    static final List<String> DEFAULT_EVENTS = List.of("job.completed", "job.failed");
    static final List<String> FIELDS = List.of("url", "events", "is_active", "max_retries", "retry_base_delay_seconds",
            "retry_max_delay_seconds", "delivery_retention_days", "retention_overrides");
    static final int DEFAULT_BASE_DELAY = 5;
    static final int DEFAULT_MAX_DELAY = 300;
    private static final Pattern GLOB = Pattern.compile("[A-Za-z0-9._*?-]{1,128}");
    private static final int MAX_OVERRIDES = 50;

    private final WebhookRepository repository;
    private final DeliveryService deliveries;
    private final OutboundHttp http;
    private final TenancyService tenancy;
    private final WebhookProperties properties;

    WebhookService(WebhookRepository repository, DeliveryService deliveries, OutboundHttp http,
                   TenancyService tenancy, WebhookProperties properties) {
        this.repository = repository;
        this.deliveries = deliveries;
        this.http = http;
        this.tenancy = tenancy;
        this.properties = properties;
    }

    /** 403 unless the key may manage webhooks and the plan includes them (Growth and above). */
    void requireAccess(Caller caller) {
        caller.require(Permission.WEBHOOKS);
        if (!tenancy.allows(caller.plan(), "webhooks")) {
            throw new PlanUpgradeRequiredException("Webhooks need the Growth plan or above; this tenant is on "
                    + caller.plan().wire() + ".");
        }
    }

    @Transactional
    Webhook create(Caller caller, JsonNode json) {
        requireAccess(caller);
        var body = PatchBody.of(json, FIELDS);
        if (!body.has("url") || body.isNull("url")) {
            body.add("url", "Field required", "missing");
        }
        Fields f = fields(body);
        body.throwIfInvalid();
        Instant now = Times.now();
        var w = new Webhook(UUID.randomUUID().toString(), caller.tenantId(), f.url,
                f.events != null ? f.events : DEFAULT_EVENTS, f.active == null || f.active, f.maxRetries,
                f.baseDelay != null ? f.baseDelay : DEFAULT_BASE_DELAY,
                f.maxDelay != null ? f.maxDelay : DEFAULT_MAX_DELAY, f.retentionDays,
                f.overrides != null ? f.overrides : Map.of(), Signatures.newSecret(), null, null, now, null);
        repository.insert(w);
        return w;
    }

    @Transactional
    Webhook update(Caller caller, String id, JsonNode json) {
        requireAccess(caller);
        Webhook w = require(caller, id);
        var body = PatchBody.of(json, FIELDS);
        if (body.isNull("url")) {
            body.add("url", "url cannot be null", "value_error");
        }
        if (body.isNull("is_active")) {
            body.add("is_active", "is_active cannot be null", "value_error");
        }
        Fields f = fields(body);
        body.throwIfInvalid();
        var next = new Webhook(w.id(), w.tenantId(), f.url != null ? f.url : w.url(),
                body.has("events") ? (f.events != null ? f.events : DEFAULT_EVENTS) : w.events(),
                f.active != null ? f.active : w.active(),
                body.has("max_retries") ? f.maxRetries : w.maxRetries(),
                body.has("retry_base_delay_seconds") ? (f.baseDelay != null ? f.baseDelay : DEFAULT_BASE_DELAY)
                        : w.retryBaseDelaySeconds(),
                body.has("retry_max_delay_seconds") ? (f.maxDelay != null ? f.maxDelay : DEFAULT_MAX_DELAY)
                        : w.retryMaxDelaySeconds(),
                body.has("delivery_retention_days") ? f.retentionDays : w.deliveryRetentionDays(),
                body.has("retention_overrides") ? (f.overrides != null ? f.overrides : Map.of())
                        : w.retentionOverrides(),
                w.signingSecret(), w.previousSigningSecret(), w.previousSecretExpiresAt(), w.createdAt(), null);
        repository.update(next);
        return next;
    }

    /** The parsed, validated fields a body carries (null when absent or null). */
    private static final class Fields {
        String url;
        List<String> events;
        Boolean active;
        Integer maxRetries;
        Integer baseDelay;
        Integer maxDelay;
        Integer retentionDays;
        Map<String, Integer> overrides;
    }

    private Fields fields(PatchBody body) {
        var f = new Fields();
        String url = body.string("url", 1, 2048);
        if (url != null) {
            try {
                f.url = http.vet(url).toString();
            } catch (DestinationRefusedException e) {
                body.add("url", e.getMessage(), "value_error");
            }
        }
        List<String> events = body.strings("events");
        if (events != null) {
            var unique = new LinkedHashSet<String>();
            for (String e : events) {
                if (!EventCatalogue.SUBSCRIBABLE.contains(e)) {
                    body.add("events", "Unknown event '" + e + "'; events are " + String.join(", ",
                            EventCatalogue.SUBSCRIBABLE), "enum");
                } else {
                    unique.add(e);
                }
            }
            f.events = List.copyOf(unique);
        }
        f.active = body.bool("is_active");
        f.maxRetries = body.integer("max_retries", 0, 10);
        f.baseDelay = body.integer("retry_base_delay_seconds", 1, 600);
        f.maxDelay = body.integer("retry_max_delay_seconds", 1, 3600);
        f.retentionDays = body.integer("delivery_retention_days", 1, 365);
        JsonNode overrides = body.node("retention_overrides");
        if (overrides != null && !overrides.isNull()) {
            if (!overrides.isObject()) {
                body.add("retention_overrides", "Input should be an object of glob pattern to days", "dict_type");
            } else if (overrides.size() > MAX_OVERRIDES) {
                body.add("retention_overrides", "At most " + MAX_OVERRIDES + " patterns", "too_long");
            } else {
                var map = new LinkedHashMap<String, Integer>();
                overrides.properties().forEach(e -> {
                    JsonNode days = e.getValue();
                    if (!GLOB.matcher(e.getKey()).matches()) {
                        body.add("retention_overrides", "Pattern '" + e.getKey() + "' may use letters, digits, "
                                + ". _ - and the wildcards * and ?, up to 128 characters", "value_error");
                    } else if (!days.isIntegralNumber() || !days.canConvertToInt() || days.intValue() < 1
                            || days.intValue() > 365) {
                        body.add("retention_overrides", "Days for '" + e.getKey() + "' should be an integer from 1 to 365",
                                "value_error");
                    } else {
                        map.put(e.getKey(), days.intValue());
                    }
                });
                f.overrides = map;
            }
        }
        return f;
    }

    List<Webhook> list(Caller caller) {
        requireAccess(caller);
        return repository.list(caller.tenantId());
    }

    Webhook get(Caller caller, String id) {
        requireAccess(caller);
        return require(caller, id);
    }

    /** Deletes a webhook: no further deliveries; its delivery history stays (replay answers 409). */
    @Transactional
    void delete(Caller caller, String id) {
        requireAccess(caller);
        Webhook w = require(caller, id);
        repository.update(new Webhook(w.id(), w.tenantId(), w.url(), w.events(), false, w.maxRetries(),
                w.retryBaseDelaySeconds(), w.retryMaxDelaySeconds(), w.deliveryRetentionDays(), w.retentionOverrides(),
                w.signingSecret(), w.previousSigningSecret(), w.previousSecretExpiresAt(), w.createdAt(), Times.now()));
    }

    Webhook secret(Caller caller, String id) {
        requireAccess(caller);
        return require(caller, id);
    }

    /** A new signing secret; the previous one keeps signing (as a second value) during the rotation window. */
    @Transactional
    Webhook rotate(Caller caller, String id) {
        requireAccess(caller);
        Webhook w = require(caller, id);
        var next = new Webhook(w.id(), w.tenantId(), w.url(), w.events(), w.active(), w.maxRetries(),
                w.retryBaseDelaySeconds(), w.retryMaxDelaySeconds(), w.deliveryRetentionDays(), w.retentionOverrides(),
                Signatures.newSecret(), w.signingSecret(), Times.now().plus(properties.rotationWindow()), w.createdAt(),
                null);
        repository.update(next);
        return next;
    }

    /** The result of a test ping. */
    record PingResult(boolean success, Integer statusCode, String error) {
    }

    /** Sends {@code test.ping} synchronously; nothing is recorded. */
    PingResult test(Caller caller, String id) {
        requireAccess(caller);
        Webhook w = require(caller, id);
        RecordedEvent ping = RecordedEvent.of(new TestPing(caller.tenantId(), w.id()));
        var o = deliveries.send(w, w.url(), UUID.randomUUID().toString(), TestPing.TYPE,
                ping.body().getBytes(StandardCharsets.UTF_8));
        return new PingResult(o.success(), o.status(), o.error());
    }

    record DeliveryPage(List<Delivery> deliveries, long total) {
    }

    DeliveryPage deliveries(Caller caller, WebhookRepository.Filter filter, PageRequest page) {
        requireAccess(caller);
        return new DeliveryPage(repository.page(caller.tenantId(), filter, page.offset(), page.pageSize()),
                repository.count(caller.tenantId(), filter));
    }

    Delivery delivery(Caller caller, String id) {
        requireAccess(caller);
        return repository.delivery(caller.tenantId(), id)
                .orElseThrow(() -> new NotFoundException("Delivery " + id + " not found."));
    }

    /** A new delivery of the same body; 409 when the webhook is inactive or deleted. */
    Delivery replay(Caller caller, String id) {
        Delivery original = delivery(caller, id);
        Webhook w = repository.findAny(caller.tenantId(), original.webhookId())
                .orElseThrow(() -> new ConflictException("The delivery's webhook no longer exists."));
        if (w.deletedAt() != null) {
            throw new ConflictException("Webhook " + w.id() + " is deleted; its deliveries cannot be replayed.");
        }
        if (!w.active()) {
            throw new ConflictException("Webhook " + w.id() + " is inactive; activate it to replay deliveries.");
        }
        return deliveries.replay(original, w);
    }

    /**
     * Deletes deliveries past their retention: per event, the longest matching {@code retention_overrides} pattern,
     * else {@code delivery_retention_days}; webhooks without either keep everything.
     */
    @Transactional
    int sweepRetention(Instant now) {
        int removed = 0;
        for (Webhook w : repository.withRetention()) {
            for (String event : repository.eventTypes(w.id())) {
                Integer days = w.retentionDays(event);
                if (days != null) {
                    removed += repository.deleteOlderThan(w.id(), event, now.minus(java.time.Duration.ofDays(days)));
                }
            }
        }
        return removed;
    }

    private Webhook require(Caller caller, String id) {
        return repository.find(caller.tenantId(), id)
                .orElseThrow(() -> new NotFoundException("Webhook " + id + " not found."));
    }
}
