package dev.preflight.engine;

import dev.preflight.engine.conformance.ConformanceRules;

/**
 * Reads veraPDF's validation profiles (the conformance rules of the catalogue) on a thread of its own, so that a host
 * can start the seconds of work this takes at the very beginning of its own start-up instead of on the thread that
 * first asks for the catalogue; that thread then waits only for what is left. Calling it more than once, or never,
 * changes nothing but when the rules are read.
 */
public final class ConformanceRulesPreload {

    private ConformanceRulesPreload() {
    }

    /**
     * Starts reading the rules in the background from a copy kept in one of {@code dirs}, or from the library (then
     * leaving a copy in the first), unless they are read or being read already.
     */
    public static void start(java.util.List<java.nio.file.Path> dirs) {
        Thread.ofPlatform().name("conformance-rules-preload").daemon().start(() -> {
            try {
                ConformanceRules.get(dirs);
            } catch (RuntimeException | LinkageError e) {
                // the thread that needs the rules reads them again and meets the same error where it is reported
            }
        });
    }
}
