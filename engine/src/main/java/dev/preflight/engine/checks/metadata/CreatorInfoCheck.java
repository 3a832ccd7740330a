package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** META_CREATOR: Creating application. */
public final class CreatorInfoCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("META_CREATOR", "Creating application",
            "Reports the application that created the document and the one that produced the PDF, as recorded in Info and XMP; useful when tracing where a problem was introduced.",
            "metadata", Severity.INFO, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentInfoFact d = facts.document();
        DocumentInfoFact.XmpFact x = d.xmp();
        String creator = Text.blank(d.infoCreator()) ? x.creatorTool() : d.infoCreator();
        String producer = Text.blank(d.infoProducer()) ? x.producer() : d.infoProducer();
        if (!Text.blank(creator) || !Text.blank(producer)) {
            ctx.finding("Created with " + (Text.blank(creator) ? "?" : creator) + ", produced by "
                            + (Text.blank(producer) ? "?" : producer))
                    .detail("creator", creator)
                    .detail("producer", producer)
                    .report();
        }
    }
}
