package dev.preflight.engine.facts;

import org.apache.pdfbox.cos.COSBase;

/** How facts name the objects they come from: {@code "12 0 R"} for an indirect object, else a fallback. */
final class ObjectIds {

    private ObjectIds() {
    }

    /** The object's {@code "n g R"} id, or {@code fallback} for a direct object. */
    static String idOr(COSBase b, String fallback) {
        String id = ColorFacts.objectId(b);
        return id == null ? fallback : id;
    }
}
