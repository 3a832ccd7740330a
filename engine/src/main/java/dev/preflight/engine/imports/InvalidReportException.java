package dev.preflight.engine.imports;

/** A report that cannot be parsed or does not have the expected structure; the message is shown to the client. */
public class InvalidReportException extends Exception {

    public InvalidReportException(String message) {
        super(message);
    }

    public InvalidReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
