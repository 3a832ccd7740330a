package dev.preflight.engine;

import java.util.List;

/** A profile document that cannot be used: malformed JSON, a wrong shape, unknown checks or bad parameters. */
public final class InvalidProfileException extends IllegalArgumentException {

    /**
     * One problem, with where it is.
     *
     * @param path    the place in the profile document, e.g. {@code ["checks", 2, "params", "min_bleed_mm"]}
     * @param message what is wrong there
     * @param type    the kind: {@code missing}, {@code value_error}, {@code enum}, {@code extra_forbidden},
     *                {@code duplicate}, {@code unknown_check}
     * @param text    the problem in one line, naming its place (e.g. {@code checks[2].params.min_bleed_mm: ...})
     */
    public record Problem(List<Object> path, String message, String type, String text) {

        public Problem {
            path = List.copyOf(path);
        }
    }

    private final List<Problem> details;

    public InvalidProfileException(List<String> problems) {
        this(problems.stream().map(p -> new Problem(List.of(), p, "value_error", p)).toList(), true);
    }

    private InvalidProfileException(List<Problem> details, boolean unused) {
        super(details.size() == 1 ? "Invalid profile: " + details.getFirst().text()
                : "Invalid profile (" + details.size() + " problems): "
                + String.join("; ", details.stream().map(Problem::text).toList()));
        this.details = List.copyOf(details);
    }

    /** An exception carrying structured problems. */
    public static InvalidProfileException of(List<Problem> details) {
        return new InvalidProfileException(details, true);
    }

    /** Every problem found, each naming where it is (e.g. {@code checks[2].params.min_bleed_mm}). */
    public List<String> problems() {
        return details.stream().map(Problem::text).toList();
    }

    /** Every problem with its place as a path, for callers that report them field by field. */
    public List<Problem> details() {
        return details;
    }
}
