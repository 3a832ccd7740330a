package dev.preflight.engine.imports;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/** Inspection ids for imported findings: a per-family prefix plus the tool's id, or a hash of the message. */
final class ImportedIds {

    static final String SERVICE_JSON = "EXT-SVC-";
    static final String PITSTOP = "EXT-PSP-";
    static final String CALLAS = "EXT-CLS-";
    static final String ACROBAT = "EXT-ACR-";
    static final String CUSTOM = "EXT-CUS-";

    private ImportedIds() {
    }

    /** The prefixed id; an id that already carries the prefix is kept as is (a re-import never double-prefixes). */
    static String prefixed(String prefix, String rawId) {
        String id = rawId.strip().replaceAll("\\s+", "_");
        return id.startsWith(prefix) ? id : prefix + id;
    }

    /** A stable id derived from text: "H" and the first 12 hex digits of its SHA-256, upper case. */
    static String hashed(String prefix, String text) {
        return prefix + "H" + hash(text);
    }

    /** Prefixed tool id when one is present, otherwise the hash of the fallback text. */
    static String of(String prefix, String rawId, String fallbackText) {
        if (rawId != null && !rawId.isBlank()) {
            return prefixed(prefix, rawId);
        }
        return hashed(prefix, fallbackText == null ? "" : fallbackText);
    }

    static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.strip().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 6).toUpperCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
