package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_TITLE_MISSING: Document title missing. */
public final class TitleMissingCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_TITLE_MISSING", "Document title missing",
            "Neither the Info dictionary nor the XMP metadata gives the document a title; job tickets, archives and PDF/X (which requires one) rely on it.",
            "metadata", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        if (Text.blank(d.infoTitle()) && Text.blank(x.title())) {
            ctx.finding("The document has no title").report();
        }
    }
}
