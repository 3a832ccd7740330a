package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_PDF_VERSION_TOO_NEW: the PDF version is newer than the workflow (or standard) accepts. */
public final class PdfVersionTooNewCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_PDF_VERSION_TOO_NEW", "PDF version too new",
            "The file's PDF version is higher than the workflow accepts; older RIPs may reject features of newer "
                    + "versions (PDF/X-4 is based on PDF 1.6).",
            "structure", Severity.WARNING, "document",
            List.of(ParamSpec.string("max_version", "1.7", PdfVersions.ALL, "highest accepted PDF version")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        String version = facts.document().pdfVersion();
        String max = ctx.string("max_version");
        if (PdfVersions.compare(version, max) > 0) {
            ctx.finding("PDF version " + version + " is newer than " + max)
                    .detail("pdf_version", version)
                    .detail("max_version", max)
                    .report();
        }
    }
}
