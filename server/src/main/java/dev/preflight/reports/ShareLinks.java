package dev.preflight.reports;

import dev.preflight.branding.Branding;
import dev.preflight.branding.CustomDomainService;
import dev.preflight.platform.Digests;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.GoneException;
import dev.preflight.platform.Json;
import dev.preflight.platform.NotFoundException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The one place that turns a share token presented by an unauthenticated request into what it grants. Every public
 * surface (report pages, token metadata and findings, and the viewer's and review's public twins) goes through here:
 * <ul>
 *   <li>a token that is malformed, unknown, or not served on the request's host (a verified custom domain serves only
 *       its own tenant's links) answers 404;</li>
 *   <li>an expired or revoked one answers 410;</li>
 *   <li>{@link #requireVisitor} also answers 403 while a link that requires a visitor email has none.</li>
 * </ul>
 * Lookups go by the SHA-256 of the token only (the database keeps tokens encrypted, {@link ReportTokenCipher}) and end
 * with a constant-time comparison of the hash; tokens are never logged.
 * The visitor is read from the cookie {@code share_visitor} or the header {@code X-Visitor-Token} (see
 * {@code POST /api/v1/reports/tokens/{token}/visitor}).
 */
@Service
public class ShareLinks {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final Pattern BOT = Pattern.compile(
            "(?i)bot|crawler|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|skypeuripreview|headlesschrome");

    private final ReportRepository repository;
    private final CustomDomainService domains;
    private final VisitorIdentity visitors;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transaction;
    private final TransactionTemplate nested;
    private final Clock clock;

    ShareLinks(ReportRepository repository, CustomDomainService domains, VisitorIdentity visitors,
               ApplicationEventPublisher events, PlatformTransactionManager transactions, Clock clock) {
        this.repository = repository;
        this.domains = domains;
        this.visitors = visitors;
        this.events = events;
        this.transaction = new TransactionTemplate(transactions);
        this.nested = new TransactionTemplate(transactions);
        this.nested.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
        this.clock = clock;
    }

    /**
     * What the token grants this request. 404 when unknown or not served on the request's host, 410 when expired or
     * revoked. The visitor gate is not applied: see {@link #requireVisitor}.
     */
    public ShareLink resolve(String token, HttpServletRequest request) {
        return link(row(token, request), request);
    }

    /** As {@link #resolve}, and 403 while the link requires a visitor email the request does not carry. */
    public ShareLink requireVisitor(String token, HttpServletRequest request) {
        ShareLink link = resolve(token, request);
        if (!link.visitorAllowed()) {
            throw new ForbiddenException("This link asks visitors to identify with an email first: POST it to "
                    + "/api/v1/reports/tokens/{token}/visitor and send the returned visitor_token in the "
                    + VisitorIdentity.HEADER + " header (browsers get a cookie).");
        }
        return link;
    }

    /**
     * Counts a real visit: increments {@code accessed_count} and, on the first touch of this (token, visitor email)
     * pair, publishes {@link ShareLinkVisited}. HEAD requests, prefetches and link-preview bots are not visits.
     */
    public void recordVisit(ShareLink link, HttpServletRequest request) {
        recordVisit(link.tenantId(), link.linkId(), link.visitorEmail(), request);
    }

    /** As {@link #recordVisit(ShareLink, HttpServletRequest)}, for the link of that id as the visitor saw it. */
    void recordVisit(String tenantId, String linkId, @Nullable String email, HttpServletRequest request) {
        if (!realVisit(request)) {
            return;
        }
        Instant now = now();
        transaction.executeWithoutResult(status -> {
            ReportToken row = repository.token(tenantId, linkId).orElse(null);
            if (row == null) {
                return;
            }
            repository.countAccess(row.id(), now);
            String key = email == null ? "-" : sha256(email.toLowerCase(Locale.ROOT));
            Boolean first = nested.execute(s -> repository.touch(row.id(), key, email, now));
            if (Boolean.TRUE.equals(first)) {
                events.publishEvent(new ShareLinkVisited(row.tenantId(), row.jobId(), row.token(), row.format(), email,
                        now));
            }
        });
    }

    /** The row of an active token presented by this request (404/410 as {@link #resolve}). */
    ReportToken row(String token, HttpServletRequest request) {
        if (token == null || !TOKEN.matcher(token).matches()) {
            throw unknown();
        }
        String hash = sha256(token);
        ReportToken row = repository.byHash(hash).orElseThrow(ShareLinks::unknown);
        if (!sameHash(row, hash)) {
            throw unknown();
        }
        Optional<String> servedTenant = domains.tenantServing(request.getServerName());
        if (servedTenant.isPresent() && !servedTenant.get().equals(row.tenantId())) {
            throw unknown();
        }
        if (row.revokedAt() != null) {
            throw new GoneException("This report link was revoked.");
        }
        if (!row.activeAt(now())) {
            throw new GoneException("This report link expired" + (row.expiresAt() == null ? "."
                    : " on " + row.expiresAt().truncatedTo(ChronoUnit.SECONDS) + "."));
        }
        return row;
    }

    /** The branding frozen with the token's mint. */
    Branding branding(ReportToken row) {
        return repository.mint(row.tenantId(), row.mintId())
                .map(m -> Json.read(m.brandingJson(), Branding.class)).orElse(Branding.ANONYMOUS);
    }

    ShareLink link(ReportToken row, HttpServletRequest request) {
        Branding branding = branding(row);
        return new ShareLink(row.id(), row.tenantId(), row.jobId(), row.format(), row.expiresAt(),
                row.allowAnnotations(), row.requireVisitorEmail(), visitorEmail(request), branding, row.mintId());
    }

    /** The identified visitor's email from the header or the cookie, or null. */
    @Nullable String visitorEmail(HttpServletRequest request) {
        String header = request.getHeader(VisitorIdentity.HEADER);
        if (header != null) {
            String email = visitors.verify(header.trim());
            if (email != null) {
                return email;
            }
        }
        if (request.getCookies() != null) {
            for (Cookie c : request.getCookies()) {
                if (VisitorIdentity.COOKIE.equals(c.getName())) {
                    String email = visitors.verify(c.getValue());
                    if (email != null) {
                        return email;
                    }
                }
            }
        }
        return null;
    }

    static boolean realVisit(HttpServletRequest request) {
        if (!"GET".equals(request.getMethod()) && !"POST".equals(request.getMethod())) {
            return false;
        }
        String purpose = request.getHeader("Sec-Purpose");
        if (purpose == null) {
            purpose = request.getHeader("Purpose");
        }
        if (purpose != null && purpose.toLowerCase(Locale.ROOT).contains("prefetch")) {
            return false;
        }
        String agent = request.getHeader("User-Agent");
        return agent == null || !BOT.matcher(agent).find();
    }

    private static NotFoundException unknown() {
        return new NotFoundException("Unknown report link.");
    }

    static String sha256(String s) {
        return Digests.sha256Hex(s);
    }

    /** The row's stored hash equals this one, compared in constant time (the lookup itself matched by value). */
    static boolean sameHash(ReportToken row, String hash) {
        return MessageDigest.isEqual(row.tokenHash().getBytes(StandardCharsets.US_ASCII),
                hash.getBytes(StandardCharsets.US_ASCII));
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
