package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.EmbeddedFileFact;

import java.util.List;

/** DOC_EMBEDDED_FILES: the document carries embedded files (attachments). */
public final class EmbeddedFilesCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_EMBEDDED_FILES", "Embedded files",
            "Files are embedded in the PDF (EmbeddedFiles name tree or file-attachment annotations). They do not "
                    + "print, add size, and may carry content the printer is not meant to receive.",
            "structure", Severity.WARNING, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (EmbeddedFileFact f : facts.embeddedFiles()) {
            ctx.finding("Embedded file '" + f.name() + "' (" + f.size() + " bytes)")
                    .page(f.pageNum())
                    .object(f.objectId(), null)
                    .detail("name", f.name())
                    .detail("size", f.size())
                    .detail("mime_type", f.mimeType())
                    .report();
        }
    }
}
