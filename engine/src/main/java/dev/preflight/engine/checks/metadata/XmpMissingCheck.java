package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentInfoFact;

/** META_XMP_MISSING: XMP metadata missing. */
public final class XmpMissingCheck extends MetadataCheck {

    public XmpMissingCheck() {
        super("META_XMP_MISSING", "XMP metadata missing",
                "The document catalog has no /Metadata stream. PDF/X-4 requires XMP metadata, and asset-management workflows read it.",
                Severity.WARNING);
    }

    @Override
    void judge(DocumentInfoFact d, DocumentInfoFact.XmpFact x, CheckContext ctx) {
        if (!x.present()) {
            ctx.finding("The document has no XMP metadata").report();
        }
    }
}
