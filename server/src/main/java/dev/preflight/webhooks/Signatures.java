package dev.preflight.webhooks;

import dev.preflight.platform.Digests;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;

/** Signing secrets and the {@code sha256=<hex HMAC-SHA256>} signatures of delivered bodies (spec: Authentication 6). */
final class Signatures {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Signatures() {
    }

    /** A new signing secret: {@code whsec_} and 32 random bytes, base64url. */
    static String newSecret() {
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        return "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    static String hmacHex(String secret, byte[] message) {
        return Digests.hex(Digests.hmacSha256(secret.getBytes(StandardCharsets.UTF_8), message));
    }

    /** One {@code sha256=} value per secret, comma-separated (two during a rotation window). */
    static String header(List<String> secrets, byte[] message) {
        return secrets.stream().map(s -> "sha256=" + hmacHex(s, message)).collect(Collectors.joining(", "));
    }

    /** What the timestamp signature covers: {@code <timestamp>.<raw body>}. */
    static byte[] timestamped(String timestamp, byte[] body) {
        byte[] prefix = (timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, out, 0, prefix.length);
        System.arraycopy(body, 0, out, prefix.length, body.length);
        return out;
    }
}
