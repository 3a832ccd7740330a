package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_MOD_DATE_MISSING: Modification date missing. */
public final class ModDateMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_MOD_DATE_MISSING", "Modification date missing",
            "Neither the Info /ModDate nor the XMP xmp:ModifyDate is present (PDF/X requires them).",
            "metadata", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        if (Text.blank(d.infoModDate()) && Text.blank(x.modifyDate())) {
            ctx.finding("The document has no modification date").report();
        }
    }
}
