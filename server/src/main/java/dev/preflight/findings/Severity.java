package dev.preflight.findings;

import java.util.List;

/** Severity words of the wire (spec: Summary, severity semantics). */
public final class Severity {

    public static final String ERROR = "error";
    public static final String WARNING = "warning";
    public static final String ADVISORY = "advisory";
    public static final String INFO = "info";

    /** Every accepted word, most severe first. */
    public static final List<String> ALL = List.of(ERROR, WARNING, ADVISORY, INFO);

    private Severity() {
    }
}
