package dev.preflight.viewer;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Runs one computation per key at a time on this node: a request for a render that another request is already
 * making waits for that render instead of making its own (ten viewers opening the same page cost one render). The
 * first caller computes on its own thread; a result is shared with the callers that came while it was computed and
 * then dropped (what lasts is stored by the computation itself), and a failure reaches them all and is not kept.
 */
final class InFlight {

    /** The computations running now, by key; Caffeine starts at most one per key. */
    private final AsyncCache<String, Object> running = Caffeine.newBuilder().executor(Runnable::run).buildAsync();

    @SuppressWarnings("unchecked")
    <T> T once(String key, Supplier<T> body) {
        var mine = new CompletableFuture<Object>();
        CompletableFuture<Object> flight = running.get(key, (k, executor) -> mine);
        if (flight != mine) {
            try {
                return (T) flight.join();
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
            running.asMap().remove(key, mine);
        }
    }
}
