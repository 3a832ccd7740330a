package dev.preflight.reports;

import dev.preflight.platform.Digests;
import dev.preflight.platform.PlatformProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Share tokens at rest: AES-256-GCM, so that the database (a dump, a backup, a read replica) holds no usable token,
 * while the routes that show a link again (listing, job state, the job's report URLs, webhook payloads) still can.
 * A stored value is {@code v1.<base64url(12-byte nonce | ciphertext | tag)>}, bound to its row by the row id as
 * associated data. Lookups never decrypt to find a row: they go by the token's SHA-256.
 * <p>
 * The key is 32 bytes, base64, from {@code PREFLIGHT_TOKEN_KEY} ({@code preflight.reports.token-key}); without it,
 * one is generated on first start into {@code <data-dir>/secrets/report-token.key} (owner-only) and read from there
 * after. Every node on one database must hold the same key: {@link ReportTokenKeyCheck} refuses to start a node whose
 * key is not the one the database's tokens were sealed with. The AES key and that check value are derived from the
 * configured key (HMAC-SHA256 with distinct labels), never the configured bytes themselves.
 */
@Component
class ReportTokenCipher {

    private static final Logger log = LoggerFactory.getLogger(ReportTokenCipher.class);
    private static final String PREFIX = "v1.";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    static final String KEY_FILE = "secrets/report-token.key";

    private final SecureRandom random = new SecureRandom();
    private final SecretKeySpec aesKey;
    private final String keyCheck;

    @Autowired
    ReportTokenCipher(ReportsProperties properties, PlatformProperties platform) {
        this(key(properties.tokenKey(), platform.dataDir()));
    }

    /** With this key (32 bytes) as it is. */
    ReportTokenCipher(byte[] key) {
        this.aesKey = new SecretKeySpec(Digests.hmacSha256(key, label("report-token-encryption")), "AES");
        this.keyCheck = Digests.base64Url(Digests.hmacSha256(key, label("report-token-key-check")));
    }

    /** The token sealed for the row of this id. */
    String seal(String token, String rowId) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(TAG_BITS, nonce));
            c.updateAAD(rowId.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = c.doFinal(token.getBytes(StandardCharsets.US_ASCII));
            byte[] out = new byte[NONCE_BYTES + sealed.length];
            System.arraycopy(nonce, 0, out, 0, NONCE_BYTES);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return PREFIX + Digests.base64Url(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** The token sealed for the row of this id; a value altered, moved to another row or sealed with another key fails. */
    String open(String sealed, String rowId) {
        if (sealed == null || !sealed.startsWith(PREFIX)) {
            throw new IllegalStateException("report token of row " + rowId + " is not sealed in a known format");
        }
        try {
            byte[] in = Base64.getUrlDecoder().decode(sealed.substring(PREFIX.length()));
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.DECRYPT_MODE, aesKey, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            c.updateAAD(rowId.getBytes(StandardCharsets.UTF_8));
            return new String(c.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.US_ASCII);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("report token of row " + rowId + " cannot be opened with this key "
                    + "(altered, or sealed with another PREFLIGHT_TOKEN_KEY)", e);
        }
    }

    /** A value that tells keys apart without revealing them (kept in the database next to the tokens). */
    String keyCheck() {
        return keyCheck;
    }

    private static byte[] label(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** The configured key, or the data directory's (generated on first use). */
    static byte[] key(String configured, Path dataDir) {
        if (configured != null && !configured.isBlank()) {
            return decode(configured.trim(), "PREFLIGHT_TOKEN_KEY");
        }
        Path file = dataDir.resolve(KEY_FILE);
        try {
            if (!Files.exists(file)) {
                create(file);
            }
            return decode(Files.readString(file).trim(), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the report token key " + file + ": "
                    + e.getMessage(), e);
        }
    }

    private static byte[] decode(String base64, String where) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.replaceAll("\\s", "").replace('-', '+').replace('_', '/'));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(where + " is not base64: expected 32 random bytes in base64 (for "
                    + "example the output of: openssl rand -base64 32)");
        }
        if (key.length != 32) {
            throw new IllegalStateException(where + " holds " + key.length + " bytes; expected 32 random bytes in "
                    + "base64 (for example the output of: openssl rand -base64 32)");
        }
        return key;
    }

    /** Writes a fresh key whole before it appears under its name, so a concurrent start reads one or the other. */
    private static void create(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Path tmp = Files.createTempFile(file.getParent(), "report-token", ".tmp");
        try {
            ownerOnly(tmp);
            Files.writeString(tmp, Base64.getEncoder().encodeToString(key) + "\n");
            try {
                link(file, tmp);
                log.info("generated the report token key {} (set PREFLIGHT_TOKEN_KEY to the same value on every node "
                        + "that shares this database)", file);
            } catch (FileAlreadyExistsException e) {
                // another start made it first: use that one
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void link(Path file, Path written) throws IOException {
        try {
            Files.createLink(file, written);
        } catch (UnsupportedOperationException e) {
            // no hard links here: a plain move, which also refuses an existing file
            Files.move(written, file);
        }
    }

    private static void ownerOnly(Path p) throws IOException {
        try {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the directory's permissions apply
        }
    }
}
