package dev.preflight.tenancy;

import dev.preflight.platform.Digests;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.Times;
import dev.preflight.platform.UnauthorizedException;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** Tenants, keys, plans and entitlements; resolves bearer tokens to callers. */
@Service
public class TenancyService {

    /** A key's last use is written at most this often (a request more is a database write less). */
    static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);

    private final TenantRepository repository;
    private final TenancyProperties properties;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final CallerCache callers;
    private final Map<Plan, Map<String, String>> entitlementCache = new ConcurrentHashMap<>();

    TenancyService(TenantRepository repository, TenancyProperties properties, ApplicationEventPublisher events,
                   Clock clock, CallerCache callers) {
        this.repository = repository;
        this.callers = callers;
        this.properties = properties;
        this.events = events;
        this.clock = clock;
    }

    /**
     * Resolves the Authorization header to a caller. In auth mode "none" every request is the built-in tenant with
     * every permission; in "api-key" mode the bearer key must be valid and not revoked.
     */
    public Caller authenticate(String authorization) {
        if (!properties.apiKeys()) {
            return callers.tenant(TenancyProperties.BUILTIN_TENANT_ID, () -> {
                Tenant t = repository.find(TenancyProperties.BUILTIN_TENANT_ID)
                        .orElseThrow(() -> new IllegalStateException("built-in tenant missing"));
                return new Caller(t.id(), t.plan(), Set.copyOf(Permission.ALL), null);
            });
        }
        String token = bearer(authorization);
        if (token == null) {
            throw new UnauthorizedException("Missing bearer token: send 'Authorization: Bearer <API_KEY>'.");
        }
        if (!token.startsWith("svc_live_") && !token.startsWith("svc_test_")) {
            throw new UnauthorizedException("Invalid API key.");
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        String hash = hash(token);
        var use = callers.key(hash);
        if (use == null || !use.activeAt(now)) {
            use = repository.callerByKeyHash(hash, now)
                    .orElseThrow(() -> new UnauthorizedException("Invalid or revoked API key."));
            callers.keep(hash, use);
        }
        if (use.lastUsedAt() == null || use.lastUsedAt().isBefore(now.minus(LAST_USED_RESOLUTION))) {
            repository.touchKey(use.caller().keyId(), now, now.minus(LAST_USED_RESOLUTION));
            callers.keep(hash, use.usedAt(now));
        }
        return use.caller();
    }

    /** True when the header carries the configured admin token (compared in constant time). */
    public void requireAdmin(String authorization) {
        String token = bearer(authorization);
        String admin = properties.adminToken();
        if (admin == null || admin.isBlank()) {
            throw new UnauthorizedException("The admin API is disabled: set PREFLIGHT_ADMIN_TOKEN to enable it.");
        }
        if (token == null || !MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                admin.getBytes(StandardCharsets.UTF_8))) {
            throw new UnauthorizedException("Missing or invalid admin token.");
        }
    }

    @Transactional
    public Tenant createTenant(String name, Plan plan) {
        var t = new Tenant(UUID.randomUUID().toString(), name, plan, Times.now());
        repository.insert(t);
        return t;
    }

    public Tenant tenant(String id) {
        return repository.find(id).orElseThrow(() -> new NotFoundException("Tenant not found."));
    }

    /** The key a caller authenticated with; empty in auth mode "none", where no key is used. */
    public java.util.Optional<ApiKey> key(Caller caller) {
        return caller.keyId() == null ? java.util.Optional.empty()
                : repository.findKey(caller.tenantId(), caller.keyId()).filter(k -> k.active(clock.instant()));
    }

    /** The configured auth mode: {@code none} or {@code api-key}. */
    public String authMode() {
        return properties.authMode();
    }

    /**
     * Changes a tenant's plan and returns the previous one; a new value publishes {@link TenantPlanChanged} in the
     * same transaction (setting the plan it already has changes nothing and publishes nothing).
     */
    @Transactional
    public Plan changePlan(String tenantId, Plan plan) {
        Tenant t = tenant(tenantId);
        if (t.plan() != plan) {
            repository.updatePlan(tenantId, plan);
            events.publishEvent(new TenantPlanChanged(tenantId, t.plan(), plan));
        }
        return t.plan();
    }

    /** The caller authenticated for this request, if the route is authenticated and authentication succeeded. */
    public java.util.Optional<Caller> callerOf(jakarta.servlet.http.HttpServletRequest request) {
        return request.getAttribute(AuthInterceptor.ATTRIBUTE) instanceof Caller c
                ? java.util.Optional.of(c) : java.util.Optional.empty();
    }

    /** Feature values of a plan (plan_entitlements table), e.g. max_upload_mb, webhooks, report_formats. */
    public Map<String, String> entitlements(Plan plan) {
        return entitlementCache.computeIfAbsent(plan, repository::entitlements);
    }

    public boolean allows(Plan plan, String feature) {
        return "true".equals(entitlements(plan).get(feature));
    }

    /** The per-tenant upload limit (413 threshold) of a plan, in bytes. */
    public long maxUploadBytes(Plan plan) {
        String mb = entitlements(plan).get("max_upload_mb");
        return mb == null ? Long.MAX_VALUE : Long.parseLong(mb) * 1024L * 1024L;
    }

    private static String bearer(String header) {
        if (header == null) {
            return null;
        }
        String h = header.trim();
        if (h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            String t = h.substring(7).trim();
            return t.isEmpty() ? null : t;
        }
        return null;
    }

    /** What the database keeps of an API key: the SHA-256 (hex) of its secret. */
    static String hash(String secret) {
        return Digests.sha256Hex(secret);
    }
}
