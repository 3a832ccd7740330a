package dev.preflight.webhooks;

/** When a failed delivery is tried again: exponential backoff between a webhook's base and maximum delays. */
final class RetrySchedule {

    private RetrySchedule() {
    }

    /** Delay before retry n (0-based): base * 2^n, at least the receiver's Retry-After, at most the maximum. */
    static long delaySeconds(Webhook w, int n, Long retryAfter) {
        long base = w.retryBaseDelaySeconds();
        long max = w.retryMaxDelaySeconds();
        long delay = n >= 62 ? max : Math.min(max, base * (1L << Math.min(n, 40)));
        if (retryAfter != null) {
            delay = Math.max(delay, Math.min(retryAfter, max));
        }
        return Math.max(0, delay);
    }
}
