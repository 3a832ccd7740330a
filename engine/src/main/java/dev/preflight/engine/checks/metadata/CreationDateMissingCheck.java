package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_CREATION_DATE_MISSING: Creation date missing. */
public final class CreationDateMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_CREATION_DATE_MISSING", "Creation date missing",
            "Neither the Info /CreationDate nor the XMP xmp:CreateDate is present (PDF/X requires them).",
            "metadata", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        if (Text.blank(d.infoCreationDate()) && Text.blank(x.createDate())) {
            ctx.finding("The document has no creation date").report();
        }
    }
}
