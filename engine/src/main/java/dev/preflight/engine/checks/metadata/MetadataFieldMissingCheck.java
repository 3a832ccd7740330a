package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.function.Function;

/** Reports a document field that neither the Info dictionary nor the XMP metadata gives; one instance per field. */
public final class MetadataFieldMissingCheck extends MetadataCheck {

    private final Function<DocumentInfoFact, String> infoField;
    private final Function<DocumentInfoFact.XmpFact, String> xmpField;
    private final String message;

    private MetadataFieldMissingCheck(String id, String name, String description,
                                      Function<DocumentInfoFact, String> infoField,
                                      Function<DocumentInfoFact.XmpFact, String> xmpField, String message) {
        super(id, name, description, Severity.INFO);
        this.infoField = infoField;
        this.xmpField = xmpField;
        this.message = message;
    }

    /** META_CREATION_DATE_MISSING: Creation date missing. */
    public static MetadataFieldMissingCheck creationDate() {
        return new MetadataFieldMissingCheck("META_CREATION_DATE_MISSING", "Creation date missing",
                "Neither the Info /CreationDate nor the XMP xmp:CreateDate is present (PDF/X requires them).",
                DocumentInfoFact::infoCreationDate, DocumentInfoFact.XmpFact::createDate,
                "The document has no creation date");
    }

    /** META_MOD_DATE_MISSING: Modification date missing. */
    public static MetadataFieldMissingCheck modDate() {
        return new MetadataFieldMissingCheck("META_MOD_DATE_MISSING", "Modification date missing",
                "Neither the Info /ModDate nor the XMP xmp:ModifyDate is present (PDF/X requires them).",
                DocumentInfoFact::infoModDate, DocumentInfoFact.XmpFact::modifyDate,
                "The document has no modification date");
    }

    /** META_TITLE_MISSING: Document title missing. */
    public static MetadataFieldMissingCheck title() {
        return new MetadataFieldMissingCheck("META_TITLE_MISSING", "Document title missing",
                "Neither the Info dictionary nor the XMP metadata gives the document a title; job tickets, archives and PDF/X (which requires one) rely on it.",
                DocumentInfoFact::infoTitle, DocumentInfoFact.XmpFact::title,
                "The document has no title");
    }

    @Override
    void judge(DocumentInfoFact d, DocumentInfoFact.XmpFact x, CheckContext ctx) {
        if (Text.blank(infoField.apply(d)) && Text.blank(xmpField.apply(x))) {
            ctx.finding(message).report();
        }
    }
}
