package dev.preflight.reports;

import dev.preflight.platform.Digests;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How a share-link visitor says who they are (for {@code require_visitor_email}). Identifying (the landing page's
 * form, or {@code POST /api/v1/reports/tokens/{token}/visitor}) issues a visitor token
 * {@code v1.<base64url(email)>.<issued epoch seconds>.<base64url(HMAC-SHA256)>}, signed with a secret every node
 * shares (generated once, kept in the database). Browsers get it as the cookie {@value #COOKIE}; API clients send it
 * in the header {@value #HEADER}. It names an email, not a link: one identification serves every link the visitor
 * opens until it expires ({@code preflight.reports.visitor-ttl}, default 30 days). It proves only that the visitor
 * typed the address, which is what the spec's gate asks for.
 */
@Component
class VisitorIdentity {

    static final String COOKIE = "share_visitor";
    static final String HEADER = "X-Visitor-Token";
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[A-Za-z0-9.-]{1,253}\\.[A-Za-z]{2,63}");

    private final ReportRepository repository;
    private final ReportsProperties properties;
    private final Clock clock;
    private volatile byte[] secret;

    VisitorIdentity(ReportRepository repository, ReportsProperties properties, Clock clock) {
        this.repository = repository;
        this.properties = properties;
        this.clock = clock;
    }

    /** A visitor token and when it expires. */
    record Issued(String token, String email, Instant expiresAt) {
    }

    static boolean validEmail(@Nullable String email) {
        return email != null && email.length() <= 320 && EMAIL.matcher(email).matches();
    }

    Issued issue(String email) {
        String normal = email.trim().toLowerCase(Locale.ROOT);
        long issued = clock.instant().getEpochSecond();
        String payload = "v1." + b64(normal.getBytes(StandardCharsets.UTF_8)) + "." + issued;
        return new Issued(payload + "." + b64(mac(payload)), normal,
                Instant.ofEpochSecond(issued).plus(properties.visitorTtl()));
    }

    /** The email a visitor token names, or null when it is missing, forged, malformed or expired. */
    @Nullable String verify(@Nullable String token) {
        if (token == null || token.length() > 1024) {
            return null;
        }
        String[] parts = token.split("\\.");
        if (parts.length != 4 || !parts[0].equals("v1")) {
            return null;
        }
        String payload = parts[0] + "." + parts[1] + "." + parts[2];
        byte[] given;
        try {
            given = Base64.getUrlDecoder().decode(parts[3]);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (!MessageDigest.isEqual(mac(payload), given)) {
            return null;
        }
        try {
            long issued = Long.parseLong(parts[2]);
            if (Instant.ofEpochSecond(issued).plus(properties.visitorTtl()).isBefore(clock.instant())) {
                return null;
            }
            return new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private byte[] mac(String payload) {
        return Digests.hmacSha256(secret(), payload.getBytes(StandardCharsets.UTF_8));
    }

    private byte[] secret() {
        byte[] s = secret;
        if (s == null) {
            byte[] fresh = new byte[32];
            new SecureRandom().nextBytes(fresh);
            String stored = repository.settingIfAbsent("visitor_secret", Base64.getEncoder().encodeToString(fresh));
            s = Base64.getDecoder().decode(stored);
            secret = s;
        }
        return s;
    }

    private static String b64(byte[] b) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
