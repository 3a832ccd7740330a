package dev.preflight.branding;

import dev.preflight.platform.ApiException;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.JsonFields;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.platform.UnprocessableException;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Custom report and app domains: claims (one hostname per claim across all tenants), the blocklist, verification
 * by a CNAME lookup (or an operator's force), and the questions other modules ask: which tenant a verified
 * hostname serves, and on which hostname a tenant's report links live.
 */
@Service
public class CustomDomainService {

    static final String REPORT = "report";
    static final String APP = "app";
    static final String PROFILE = "profile";

    /** How many CNAME hops verification follows before giving up. */
    private static final int MAX_HOPS = 8;

    private final DomainClaimRepository claims;
    private final BrandProfileRepository profiles;
    private final TenancyService tenancy;
    private final CnameLookup dns;
    private final BrandingProperties properties;
    private final Clock clock;

    CustomDomainService(DomainClaimRepository claims, BrandProfileRepository profiles, TenancyService tenancy,
                        CnameLookup dns, BrandingProperties properties, Clock clock) {
        this.claims = claims;
        this.profiles = profiles;
        this.tenancy = tenancy;
        this.dns = dns;
        this.properties = properties;
        this.clock = clock;
    }

    /** The claim of a slot as the API shows it. */
    record View(String tenantId, @Nullable String domain, boolean verified, @Nullable Instant requestedAt,
                boolean planAllowsWhitelabel, @Nullable String dnsTarget) {
    }

    // ---------------------------------------------------------------------------------------------- questions

    /** The tenant a request arriving on this host belongs to: only verified claims count. */
    public Optional<String> tenantServing(@Nullable String host) {
        if (host == null || host.isBlank()) {
            return Optional.empty();
        }
        return claims.holder(DnsCnameLookup.normalise(host.trim())).filter(DomainClaim::verified)
                .map(DomainClaim::tenantId);
    }

    /**
     * The verified hostname a tenant's report links live on: the brand profile's own domain when it has a verified
     * one, else the tenant's report domain; empty when neither is verified.
     */
    public Optional<String> reportHost(String tenantId, @Nullable String brandProfileId) {
        if (brandProfileId != null) {
            Optional<DomainClaim> p = claims.find(tenantId, PROFILE, brandProfileId).filter(DomainClaim::verified);
            if (p.isPresent()) {
                return p.map(DomainClaim::domain);
            }
        }
        return claims.find(tenantId, REPORT, null).filter(DomainClaim::verified).map(DomainClaim::domain);
    }

    /** The tenant's verified app (dashboard and viewer) hostname. */
    public Optional<String> appHost(String tenantId) {
        return claims.find(tenantId, APP, null).filter(DomainClaim::verified).map(DomainClaim::domain);
    }

    Map<String, DomainClaim> profileClaims(String tenantId) {
        var out = new HashMap<String, DomainClaim>();
        claims.ofProfiles(tenantId).forEach(c -> out.put(c.brandProfileId(), c));
        return out;
    }

    // ---------------------------------------------------------------------------------------------- routes

    View get(Caller caller, String tenantId, String kind, String requestHost) {
        BrandingService.requireOwnTenant(caller, tenantId);
        return view(caller, kind, claims.find(tenantId, kind, null).orElse(null), requestHost);
    }

    @Transactional
    View patch(Caller caller, String tenantId, String kind, JsonNode body, String requestHost) {
        return view(caller, kind, change(caller, tenantId, kind, null, body, requestHost), requestHost);
    }

    /** Sets or clears a brand profile's domain; returns the claim (null when cleared). */
    @Transactional
    @Nullable DomainClaim patchProfile(Caller caller, String tenantId, String profileId, JsonNode body,
                                       String requestHost) {
        BrandingService.requireOwnTenant(caller, tenantId);
        profiles.find(tenantId, profileId).orElseThrow(() -> BrandingService.profileNotFound(profileId));
        return change(caller, tenantId, PROFILE, profileId, body, requestHost);
    }

    private @Nullable DomainClaim change(Caller caller, String tenantId, String kind, @Nullable String profileId,
                                         JsonNode body, String requestHost) {
        BrandingService.requireOwnTenant(caller, tenantId);
        caller.require(Permission.BRANDING);
        requirePlan(caller);
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        if (!f.has("domain")) {
            v.add("domain", "Field required (a hostname, or null to clear the claim)", "missing");
        }
        String raw = f.string("domain", 1, 253);
        v.throwIfInvalid();
        Optional<DomainClaim> current = claims.find(tenantId, kind, profileId);
        if (raw == null) {
            current.ifPresent(c -> claims.delete(c.id(), tenantId));
            return null;
        }
        DomainRules.Verdict verdict = DomainRules.judge(raw, ownHosts(requestHost));
        if (verdict.problem().isPresent()) {
            Validator.body().add("domain", verdict.problem().get(), "value_error").throwIfInvalid();
        }
        String host = verdict.host();
        if (current.isPresent() && current.get().domain().equals(host)) {
            return current.get(); // same hostname: not a change, verification stands
        }
        Optional<DomainClaim> holder = claims.holder(host);
        if (holder.isPresent()) {
            throw duplicate(host);
        }
        Instant now = now();
        try {
            if (current.isPresent()) {
                claims.replaceDomain(current.get().id(), tenantId, host, now);
            } else {
                claims.insert(new DomainClaim(UUID.randomUUID().toString(), tenantId, kind, profileId, host, false,
                        now, null));
            }
        } catch (DuplicateKeyException e) {
            throw duplicate(host);
        }
        return claims.find(tenantId, kind, profileId).orElseThrow();
    }

    /** Checks the claim's CNAME in DNS and marks it verified when it points at the edge host. */
    @Transactional
    View verify(Caller caller, String tenantId, String kind, @Nullable String profileId, String requestHost) {
        BrandingService.requireOwnTenant(caller, tenantId);
        caller.require(Permission.BRANDING);
        requirePlan(caller);
        if (profileId != null) {
            profiles.find(tenantId, profileId).orElseThrow(() -> BrandingService.profileNotFound(profileId));
        }
        DomainClaim claim = claims.find(tenantId, kind, profileId).orElseThrow(() -> new NotFoundException(
                "No custom domain is claimed here; PATCH a domain first."));
        if (!claim.verified()) {
            String target = edgeHost(requestHost);
            checkCname(claim.domain(), target);
            claims.markVerified(claim.id(), now());
        }
        return view(caller, kind, claims.find(tenantId, kind, profileId).orElseThrow(), requestHost);
    }

    /** An operator marks a claimed hostname verified without DNS (self-hosted installs, private DNS). */
    @Transactional
    DomainClaim forceVerify(String domain) {
        String host = DnsCnameLookup.normalise(domain.trim());
        DomainClaim claim = claims.holder(host).orElseThrow(() -> new NotFoundException(
                "No tenant claims the domain " + host + "."));
        if (!claim.verified()) {
            claims.markVerified(claim.id(), now());
        }
        return claims.holder(host).orElseThrow();
    }

    /**
     * The decision: follows the hostname's CNAME chain (at most {@value #MAX_HOPS} hops) and accepts it when the chain
     * reaches the edge host; otherwise 422 saying what DNS answers, or 503 when DNS could not be asked.
     */
    void checkCname(String domain, String edgeHost) {
        String target = DnsCnameLookup.normalise(edgeHost);
        String name = domain;
        var seen = new ArrayList<String>();
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            Optional<String> next;
            try {
                next = dns.cname(name);
            } catch (CnameLookup.DnsLookupException e) {
                throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "Could not verify " + domain + ": "
                        + e.getMessage() + ". Try again later.");
            }
            if (next.isEmpty()) {
                throw new UnprocessableException(seen.isEmpty()
                        ? domain + " has no CNAME record yet; add a CNAME record pointing " + domain + " at "
                        + target + " and verify again (DNS changes can take a while to be visible)."
                        : domain + " is an alias of " + String.join(" -> ", seen) + ", which does not lead to "
                        + target + ".");
            }
            seen.add(next.get());
            if (next.get().equals(target)) {
                return;
            }
            name = next.get();
        }
        throw new UnprocessableException(domain + " follows more than " + MAX_HOPS + " CNAME records ("
                + String.join(" -> ", seen) + ") without reaching " + target + ".");
    }

    private View view(Caller caller, String kind, @Nullable DomainClaim c, String requestHost) {
        boolean whitelabel = tenancy.allows(caller.plan(), "white_label");
        String dnsTarget = kind.equals(APP) ? null : edgeHost(requestHost);
        if (c == null) {
            return new View(caller.tenantId(), null, false, null, whitelabel, dnsTarget);
        }
        return new View(c.tenantId(), c.domain(), c.verified(), c.requestedAt(), whitelabel, dnsTarget);
    }

    private void requirePlan(Caller caller) {
        if (!tenancy.allows(caller.plan(), "custom_domains")) {
            throw new PlanUpgradeRequiredException("Custom domains need the Scale or Enterprise plan; this tenant is on "
                    + caller.plan().wire() + ".");
        }
    }

    /** {@code {edge_host}}: configured, else the host this request reached (CNAME the domain to this server). */
    String edgeHost(String requestHost) {
        return properties.edgeHost() == null || properties.edgeHost().isBlank()
                ? requestHost.toLowerCase(Locale.ROOT) : DnsCnameLookup.normalise(properties.edgeHost().trim());
    }

    private List<String> ownHosts(String requestHost) {
        var out = new ArrayList<String>(properties.reservedHosts());
        out.add(requestHost);
        out.add(edgeHost(requestHost));
        if (properties.cdnBaseUrl() != null && !properties.cdnBaseUrl().isBlank()) {
            try {
                String h = URI.create(properties.cdnBaseUrl().trim()).getHost();
                if (h != null) {
                    out.add(h);
                }
            } catch (IllegalArgumentException ignored) {
                // a malformed CDN URL reserves nothing
            }
        }
        return out;
    }

    private static ConflictException duplicate(String host) {
        return new ConflictException("The domain " + host + " is already claimed.");
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
