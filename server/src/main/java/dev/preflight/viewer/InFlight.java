package dev.preflight.viewer;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Runs one computation per key at a time on this node: a request for a render that another request is already
 * making waits for that render instead of making its own (ten viewers opening the same page cost one render).
 */
final class InFlight {

    private final ConcurrentHashMap<String, CompletableFuture<Object>> running = new ConcurrentHashMap<>();

    @SuppressWarnings("unchecked")
    <T> T once(String key, Supplier<T> body) {
        var mine = new CompletableFuture<Object>();
        CompletableFuture<Object> existing = running.putIfAbsent(key, mine);
        if (existing != null) {
            try {
                return (T) existing.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        try {
            T value = body.get();
            mine.complete(value);
            return value;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            running.remove(key, mine);
        }
    }
}
