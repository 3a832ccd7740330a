package dev.preflight.engine.facts;

/** What kind of paint operation produced a {@link PaintedElement}. */
public enum ElementKind {
    TEXT, FILL, STROKE, FILL_STROKE, IMAGE, IMAGE_MASK, SHADING;

    public boolean isPath() {
        return this == FILL || this == STROKE || this == FILL_STROKE;
    }

    public boolean strokes() {
        return this == STROKE || this == FILL_STROKE;
    }

    public boolean fills() {
        return this == FILL || this == FILL_STROKE || this == TEXT || this == IMAGE_MASK || this == SHADING;
    }

    /** The finding object_type for this kind. */
    public String objectType() {
        return switch (this) {
            case TEXT -> "text";
            case IMAGE, IMAGE_MASK -> "image";
            default -> "path";
        };
    }
}
