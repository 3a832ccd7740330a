package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_TAGGED: the document is a tagged PDF (information only; print ignores the structure tree). */
public final class TaggedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_TAGGED", "Document is tagged",
            "The document has a structure tree (tagged PDF). Printing ignores it; editing tools that do not keep "
                    + "tags may break accessibility.",
            "structure", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        if (facts.document().hasStructTree()) {
            ctx.finding("The document is tagged (has a structure tree)").report();
        }
    }
}
