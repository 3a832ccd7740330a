package dev.preflight.engine.facts;

import java.util.ArrayList;
import java.util.List;

/**
 * The problems met while walking one page, capped so that a page full of damage still gives a short list (the
 * rest is counted), and how a failure is worded in a problem.
 */
final class Problems {

    static final int MAX_PROBLEMS = 50;

    private final List<String> messages = new ArrayList<>();
    private int dropped;

    void add(String message) {
        if (messages.size() >= MAX_PROBLEMS) {
            dropped++;
            return;
        }
        messages.add(message);
    }

    List<String> messages() {
        return messages;
    }

    /** Problems met beyond the cap. */
    int dropped() {
        return dropped;
    }

    /** A failure's message, or its class name when it has none. */
    static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
