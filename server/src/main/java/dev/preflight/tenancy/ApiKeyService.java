package dev.preflight.tenancy;

import dev.preflight.platform.ConflictException;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.NotFoundException;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * Issuing, listing, rotating and revoking API keys: for operators (any tenant, through the admin routes) and for a
 * tenant's own keys (keys:manage). The secret exists only in the answer that issues it; a SHA-256 hash is stored.
 */
@Service
class ApiKeyService {

    /** Keys a tenant may hold that still authenticate; rotation may pass it (the old key is on its way out). */
    static final int MAX_ACTIVE_KEYS = 50;
    /** The longest grace window a rotated key may keep working. */
    static final Duration MAX_GRACE = Duration.ofDays(7);

    private static final SecureRandom RANDOM = new SecureRandom();

    private final TenantRepository repository;
    private final TenancyService tenancy;
    private final Clock clock;

    ApiKeyService(TenantRepository repository, TenancyService tenancy, Clock clock) {
        this.repository = repository;
        this.tenancy = tenancy;
        this.clock = clock;
    }

    /** A newly issued key: the secret is returned only here. */
    record IssuedKey(ApiKey key, String secret) {
    }

    /** A rotation's result: the new key (with its secret) and the replaced key as it now is. */
    record Rotation(IssuedKey issued, ApiKey previous) {
    }

    /** An operator issues a key to any tenant; omitted permissions mean all of them. */
    @Transactional
    IssuedKey issueForTenant(String tenantId, @Nullable String name, String mode, @Nullable List<String> permissions) {
        tenancy.tenant(tenantId);
        return issue(tenantId, name, mode, permissions == null ? Permission.ALL : permissions);
    }

    /** An operator revokes any tenant's key. */
    @Transactional
    void revokeForTenant(String tenantId, String keyId) {
        tenancy.tenant(tenantId);
        if (repository.revokeKey(tenantId, keyId, now()) == 0) {
            throw new NotFoundException("API key not found for this tenant.");
        }
    }

    /** The caller's tenant's keys, newest first; only those that still authenticate unless {@code all}. */
    List<ApiKey> list(Caller caller, boolean all) {
        caller.require(Permission.KEYS);
        return repository.keys(caller.tenantId(), all, now());
    }

    /**
     * A tenant issues itself a key: never with a permission the calling key lacks (omitted = the caller's own), and
     * not in auth mode none, where nothing checks keys and whoever reaches the server could mint one to use after
     * the switch to api-key mode.
     */
    @Transactional
    IssuedKey create(Caller caller, String name, String mode, @Nullable List<String> permissions) {
        caller.require(Permission.KEYS);
        refuseWithoutKeys();
        List<String> wanted = permissions == null ? List.copyOf(caller.permissions()) : permissions;
        requireHeld(caller, wanted, "grant");
        repository.lockTenant(caller.tenantId());
        if (repository.activeKeyCount(caller.tenantId(), now()) >= MAX_ACTIVE_KEYS) {
            throw new ConflictException("This tenant already has " + MAX_ACTIVE_KEYS + " active API keys, the most "
                    + "allowed: revoke one first.");
        }
        return issue(caller.tenantId(), name, mode, wanted);
    }

    /**
     * Replaces a key by a new one with the same name, mode and permissions. The old key stops working after
     * {@code grace} (at once for zero); a key already replaced, revoked or expired cannot be rotated (409).
     */
    @Transactional
    Rotation rotate(Caller caller, String keyId, Duration grace) {
        caller.require(Permission.KEYS);
        refuseWithoutKeys();
        ApiKey old = repository.findKey(caller.tenantId(), keyId)
                .orElseThrow(() -> new NotFoundException("API key not found."));
        requireHeld(caller, old.permissions(), "rotate a key with");
        Instant now = now();
        if (!old.active(now) || old.replacedBy() != null) {
            throw new ConflictException(old.replacedBy() != null ? "This API key was already rotated; rotate its "
                    + "replacement instead." : "This API key was revoked or has expired; create a new one instead.");
        }
        IssuedKey issued = issue(caller.tenantId(), old.name(), old.mode(), old.permissions());
        if (repository.replaceKey(caller.tenantId(), keyId, issued.key().id(), now.plus(grace), now) == 0) {
            // Another rotation of the same key won the race: this transaction's new key is rolled back.
            throw new ConflictException("This API key was rotated or revoked meanwhile.");
        }
        return new Rotation(issued, repository.findKey(caller.tenantId(), keyId).orElseThrow());
    }

    /**
     * Revokes a key of the caller's tenant at once; revoking a revoked key again changes nothing (204 both times).
     * A key may revoke itself, and never a key with a permission it lacks.
     */
    @Transactional
    void revoke(Caller caller, String keyId) {
        caller.require(Permission.KEYS);
        ApiKey key = repository.findKey(caller.tenantId(), keyId)
                .orElseThrow(() -> new NotFoundException("API key not found."));
        requireHeld(caller, key.permissions(), "revoke a key with");
        repository.revokeKey(caller.tenantId(), keyId, now());
    }

    private IssuedKey issue(String tenantId, @Nullable String name, String mode, Collection<String> permissions) {
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        String secret = "svc_" + mode + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        String prefix = secret.substring(0, ("svc_" + mode + "_").length() + 6);
        var key = new ApiKey(UUID.randomUUID().toString(), tenantId, name, prefix, mode, ordered(permissions), now(),
                null, null, null, null);
        repository.insertKey(key, TenancyService.hash(secret));
        return new IssuedKey(key, secret);
    }

    private void refuseWithoutKeys() {
        if (!"api-key".equals(tenancy.authMode())) {
            throw new ConflictException("This server runs in auth mode none: requests need no key and keys are not "
                    + "checked, so none is issued here. An operator sets PREFLIGHT_AUTH_MODE=api-key and issues the "
                    + "first key through the admin API.");
        }
    }

    private static void requireHeld(Caller caller, Collection<String> permissions, String action) {
        var missing = permissions.stream().filter(p -> !caller.permissions().contains(p)).distinct().sorted().toList();
        if (!missing.isEmpty()) {
            throw new ForbiddenException("This API key cannot " + action + " permissions it does not hold itself: "
                    + String.join(", ", missing) + ".");
        }
    }

    /** Known permissions once each, in the order of {@link Permission#ALL}. */
    private static List<String> ordered(Collection<String> permissions) {
        var out = new ArrayList<String>();
        Permission.ALL.stream().filter(permissions::contains).forEach(out::add);
        return out;
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
