package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.StorageFact;

import java.util.List;

/** DOC_LZW_COMPRESSION: streams compressed with LZWDecode. */
public final class LzwCompressionCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_LZW_COMPRESSION", "LZW-compressed streams",
            "Content, form, image, thumbnail or metadata streams (and inline images) are compressed with "
                    + "LZWDecode. LZW is a filter of the patent era: PDF/A forbids it (ISO 19005-1 6.1.10 and its "
                    + "successors), Flate has replaced it everywhere, and some RIPs and workflow tools handle it "
                    + "badly. Re-saving the file with Flate compression removes it.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (StorageFact.LzwStream s : facts.storage().lzwStreams()) {
            ctx.finding("A " + s.kind() + " stream is compressed with LZWDecode")
                    .page(s.pageNum())
                    .object(s.objectId(), null)
                    .detail("stream_kind", s.kind())
                    .report();
        }
        for (ImageFact i : facts.images()) {
            // image XObjects are streams the walk already noted; inline images are not streams
            if (i.objectId().startsWith("inline:") && i.filters().contains("LZWDecode")) {
                ctx.finding("An inline image is compressed with LZWDecode")
                        .page(i.pages().isEmpty() ? 0 : i.pages().getFirst())
                        .object(i.objectId(), "image")
                        .detail("stream_kind", "inline_image")
                        .report();
            }
        }
    }
}
