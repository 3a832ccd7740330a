package dev.preflight.engine.fixups;

/** A file that could not be fixed (damaged, encrypted, or a fixup's tool failed); the message says why. */
public class FixupException extends Exception {

    private final String fixupId;

    public FixupException(String fixupId, String message, Throwable cause) {
        super(message, cause);
        this.fixupId = fixupId;
    }

    public FixupException(String fixupId, String message) {
        this(fixupId, message, null);
    }

    /** The fixup that failed, or null when the file could not be opened at all. */
    public String fixupId() {
        return fixupId;
    }
}
