package dev.preflight.platform;

import java.time.Duration;
import java.util.regex.Pattern;

/** The rules for keys and presigned links, shared by both stores so that what one accepts the other accepts. */
final class BlobRules {

    /** SigV4 presigned URLs cannot live longer; the filesystem store's links follow the same bound. */
    static final Duration MAX_LINK_TTL = Duration.ofDays(7);

    private static final Pattern SAFE_KEY = Pattern.compile("[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*");

    private BlobRules() {
    }

    static String checkKey(String key) {
        if (key == null || key.length() > 1024 || !SAFE_KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("invalid blob key: " + key);
        }
        for (String segment : key.split("/")) {
            if (segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("invalid blob key: " + key);
            }
        }
        return key;
    }

    static Duration checkTtl(Duration ttl) {
        if (ttl == null || ttl.isNegative() || ttl.isZero() || ttl.compareTo(MAX_LINK_TTL) > 0) {
            throw new IllegalArgumentException("a presigned link lives more than 0 s and at most 7 days, not " + ttl);
        }
        return ttl;
    }
}
