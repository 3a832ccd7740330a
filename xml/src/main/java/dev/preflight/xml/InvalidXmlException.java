package dev.preflight.xml;

/**
 * XML that {@link SecureXml} would not read: not well-formed, or carrying what untrusted input may not (a DOCTYPE,
 * nesting past the depth limit). The message is fit to show to whoever sent the document.
 */
public final class InvalidXmlException extends Exception {

    private final int line;
    private final int column;
    private final String reason;

    InvalidXmlException(String reason, int line, int column, Throwable cause) {
        super((line > 0 ? "line " + line + ", column " + column + ": " : "") + reason, cause);
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    /** The line of the problem (1-based), or -1 when the parser did not say. */
    public int line() {
        return line;
    }

    /** The column of the problem (1-based), or -1 when the parser did not say. */
    public int column() {
        return column;
    }

    /** What is wrong, without the position. */
    public String reason() {
        return reason;
    }
}
