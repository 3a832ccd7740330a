package dev.preflight.engine.profiles;

import java.util.List;

/** A profile document that cannot be used: malformed JSON, a wrong shape, unknown checks or bad parameters. */
public final class InvalidProfileException extends IllegalArgumentException {

    private final List<String> problems;

    public InvalidProfileException(List<String> problems) {
        super(problems.size() == 1 ? "Invalid profile: " + problems.getFirst()
                : "Invalid profile (" + problems.size() + " problems): " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** Every problem found, each naming where it is (e.g. {@code checks[2].params.min_bleed_mm}). */
    public List<String> problems() {
        return problems;
    }
}
