package dev.preflight.engine;

/** The file is not a PDF the engine can read (not a PDF, truncated beyond repair, password-protected, hostile). */
public class UnreadablePdfException extends Exception {

    private final String reason;

    /**
     * @param reason machine-readable reason: not_pdf, damaged, password_required, too_complex, timeout
     */
    public UnreadablePdfException(String reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public UnreadablePdfException(String reason, String message) {
        this(reason, message, null);
    }

    public String reason() {
        return reason;
    }
}
