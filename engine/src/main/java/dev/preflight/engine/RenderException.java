package dev.preflight.engine;

/** Rendering failed: Ghostscript could not be run, timed out or rejected the input, or its output was unusable. */
public class RenderException extends Exception {

    private final String output;
    private final boolean timedOut;

    /**
     * @param message  what went wrong
     * @param output   the tail of what Ghostscript printed (may be empty)
     * @param timedOut the run was stopped because it exceeded its time bound
     */
    public RenderException(String message, String output, boolean timedOut) {
        super(message);
        this.output = output == null ? "" : output;
        this.timedOut = timedOut;
    }

    /** The tail of Ghostscript's own output. */
    public String output() {
        return output;
    }

    public boolean timedOut() {
        return timedOut;
    }
}
