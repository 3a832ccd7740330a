package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** Reports whether the document is tagged (has a structure tree); one instance reports tagged, one untagged files. */
public final class TaggedStateCheck implements Check {

    private final CheckInfo info;
    private final boolean reportTagged;
    private final String message;

    private TaggedStateCheck(String id, String name, String description, boolean reportTagged, String message) {
        this.info = new CheckInfo(id, name, description, "structure", Severity.INFO, "document", List.of(), false);
        this.reportTagged = reportTagged;
        this.message = message;
    }

    /** DOC_TAGGED: the document is a tagged PDF (information only; print ignores the structure tree). */
    public static TaggedStateCheck tagged() {
        return new TaggedStateCheck("DOC_TAGGED", "Document is tagged",
                "The document has a structure tree (tagged PDF). Printing ignores it; editing tools that do not keep "
                        + "tags may break accessibility.",
                true, "The document is tagged (has a structure tree)");
    }

    /** DOC_UNTAGGED: the document has no structure tree (matters when the file is also published digitally). */
    public static TaggedStateCheck untagged() {
        return new TaggedStateCheck("DOC_UNTAGGED", "Document is not tagged",
                "The document has no structure tree, so it is not accessible when also distributed digitally. "
                        + "Irrelevant for print.",
                false, "The document is not tagged");
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        if (facts.document().hasStructTree() == reportTagged) {
            ctx.finding(message).report();
        }
    }
}
