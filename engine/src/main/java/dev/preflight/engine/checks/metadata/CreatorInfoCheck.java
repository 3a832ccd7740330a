package dev.preflight.engine.checks.metadata;

import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentInfoFact;

/** META_CREATOR: Creating application. */
public final class CreatorInfoCheck extends MetadataCheck {

    public CreatorInfoCheck() {
        super("META_CREATOR", "Creating application",
                "Reports the application that created the document and the one that produced the PDF, as recorded in Info and XMP; useful when tracing where a problem was introduced.",
                Severity.INFO);
    }

    @Override
    void judge(DocumentInfoFact d, DocumentInfoFact.XmpFact x, CheckContext ctx) {
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
