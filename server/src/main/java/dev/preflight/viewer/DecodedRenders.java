package dev.preflight.viewer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.jspecify.annotations.Nullable;

import java.util.function.ToLongFunction;

/**
 * Decoded renders kept in memory by file key, up to a total size in bytes: a Caffeine cache weighed by each render's
 * decoded size, which evicts by recency and frequency of use (W-TinyLFU). Eviction runs on the thread that adds a
 * render, so the bound already holds when {@link #put} returns. A render larger than half the bound is not kept:
 * it would evict everything else for little gain.
 *
 * @param <V> the decoded render
 */
final class DecodedRenders<V> {

    private final long maxBytes;
    private final ToLongFunction<V> bytes;
    private final Cache<String, V> renders;

    DecodedRenders(long maxBytes, ToLongFunction<V> bytes) {
        this.maxBytes = maxBytes;
        this.bytes = bytes;
        this.renders = Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((String key, V render) -> (int) Math.min(Integer.MAX_VALUE, bytes.applyAsLong(render)))
                .executor(Runnable::run)
                .build();
    }

    /** The render stored under a key, if it is in memory. */
    @Nullable V get(String key) {
        return renders.getIfPresent(key);
    }

    /** Keeps a render unless it is larger than half the bound. */
    void put(String key, V render) {
        if (bytes.applyAsLong(render) <= maxBytes / 2) {
            renders.put(key, render);
        }
    }

    /** Drops every render whose key starts with a prefix (a deleted job's). */
    void forget(String prefix) {
        renders.asMap().keySet().removeIf(k -> k.startsWith(prefix));
    }

    /** The decoded size of the renders in memory now. */
    long bytes() {
        return renders.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }
}
