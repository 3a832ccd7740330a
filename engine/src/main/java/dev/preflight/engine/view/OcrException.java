package dev.preflight.engine.view;

/** OCR failed: tesseract is missing, could not read the image, failed, or ran out of time. */
public class OcrException extends Exception {

    private final boolean timedOut;

    public OcrException(String message, boolean timedOut) {
        super(message);
        this.timedOut = timedOut;
    }

    public OcrException(String message, Throwable cause) {
        super(message, cause);
        this.timedOut = false;
    }

    /** The run was stopped because it exceeded its time bound. */
    public boolean timedOut() {
        return timedOut;
    }
}
