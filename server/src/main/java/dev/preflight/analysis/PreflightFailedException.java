package dev.preflight.analysis;

/** The job cannot be preflighted, for a reason its owner can read (unreadable PDF, bad report, time bound). */
public class PreflightFailedException extends Exception {

    public PreflightFailedException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
