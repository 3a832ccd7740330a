package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_XMP_UNPARSEABLE: XMP metadata unreadable. */
public final class XmpUnparseableCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_XMP_UNPARSEABLE", "XMP metadata unreadable",
            "The document-level XMP metadata stream exists but cannot be parsed as XMP, so every claim it makes (PDF/X version, trapping, title) is lost.",
            "metadata", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        if (x.present() && x.parseProblem() != null) {
            ctx.finding("The XMP metadata cannot be parsed: " + x.parseProblem())
                    .detail("problem", x.parseProblem())
                    .report();
        }
    }
}
