package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_UNTAGGED: the document has no structure tree (matters when the file is also published digitally). */
public final class UntaggedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_UNTAGGED", "Document is not tagged",
            "The document has no structure tree, so it is not accessible when also distributed digitally. "
                    + "Irrelevant for print.",
            "structure", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        if (!facts.document().hasStructTree()) {
            ctx.finding("The document is not tagged").report();
        }
    }
}
