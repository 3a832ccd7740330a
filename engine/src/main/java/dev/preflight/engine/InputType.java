package dev.preflight.engine;

/** What an uploaded file is, judged by its first bytes. */
public enum InputType {
    PDF("PDF"), JPEG("JPEG"), PNG("PNG"), TIFF("TIFF"), POSTSCRIPT("PostScript"), EPS("EPS");

    private final String label;

    InputType(String label) {
        this.label = label;
    }

    /** The name users know the format by. */
    public String label() {
        return label;
    }
}
