package dev.preflight.engine.process;

/**
 * A child process did not end well: it could not start, ran out of time, was interrupted, or exited with a
 * non-zero status. Carries what it printed so that the caller can word the failure in its own terms.
 */
public final class ChildProcessException extends Exception {

    /** How the run ended. */
    public enum Kind {
        /** The program could not be started (missing, not executable); the cause says why. */
        NOT_STARTED,
        /** It ran out of time and was killed with its children. */
        TIMED_OUT,
        /** The waiting thread was interrupted; the process was killed and the interrupt flag set again. */
        INTERRUPTED,
        /** It exited with a non-zero status. */
        FAILED
    }

    private final Kind kind;
    private final int exitCode;
    private final String stdout;
    private final String stderr;

    ChildProcessException(Kind kind, String message, int exitCode, String stdout, String stderr, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    public Kind kind() {
        return kind;
    }

    /** The exit status for {@link Kind#FAILED}, else -1. */
    public int exitCode() {
        return exitCode;
    }

    /** What was kept of standard output ("" when the caller reads it itself). */
    public String stdout() {
        return stdout;
    }

    /** What was kept of standard error. */
    public String stderr() {
        return stderr;
    }
}
