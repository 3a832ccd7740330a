package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_XMP_MISSING: XMP metadata missing. */
public final class XmpMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_XMP_MISSING", "XMP metadata missing",
            "The document catalog has no /Metadata stream. PDF/X-4 requires XMP metadata, and asset-management workflows read it.",
            "metadata", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        if (!x.present()) {
            ctx.finding("The document has no XMP metadata").report();
        }
    }
}
