package dev.preflight.platform;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

/**
 * SHA-256 and HMAC-SHA256, and the encodings the service writes them in (lower-case hex, base64url without padding).
 * Text is always hashed as UTF-8.
 */
public final class Digests {

    private static final HexFormat HEX = HexFormat.of();
    private static final String HMAC_SHA256 = "HmacSHA256";

    private Digests() {
    }

    /** A fresh SHA-256 digest, for input fed in parts. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // Every Java runtime must provide SHA-256 (java.security.MessageDigest's Javadoc).
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    public static byte[] sha256(byte[] data) {
        return sha256().digest(data);
    }

    public static byte[] sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The SHA-256 of the bytes as 64 lower-case hex characters. */
    public static String sha256Hex(byte[] data) {
        return hex(sha256(data));
    }

    /** The SHA-256 of the text as 64 lower-case hex characters. */
    public static String sha256Hex(String text) {
        return hex(sha256(text));
    }

    public static byte[] hmacSha256(byte[] key, byte[] message) {
        try {
            Mac mac = Mac.getInstance(HMAC_SHA256);
            mac.init(new SecretKeySpec(key, HMAC_SHA256));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            // HmacSHA256 is a required Mac algorithm of every Java runtime; a key of any length is accepted.
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    /** HMAC-SHA256 with a text key (its UTF-8 bytes) over a text message. */
    public static byte[] hmacSha256(String key, String message) {
        return hmacSha256(key.getBytes(StandardCharsets.UTF_8), message.getBytes(StandardCharsets.UTF_8));
    }

    /** Lower-case hex of every byte. */
    public static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /** Lower-case hex of the first {@code count} bytes (a shortened digest: 2 x count characters). */
    public static String hex(byte[] bytes, int count) {
        return HEX.formatHex(bytes, 0, count);
    }

    /** Base64url without padding (43 characters for a SHA-256). */
    public static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
