package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** DOC_PDF_VERSION_TOO_OLD: the PDF version is older than the workflow accepts. */
public final class PdfVersionTooOldCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("DOC_PDF_VERSION_TOO_OLD", "PDF version too old",
            "The file's PDF version is lower than the minimum the workflow accepts.",
            "structure", Severity.WARNING, "document",
            List.of(ParamSpec.string("min_version", "1.3", PdfVersions.ALL, "lowest accepted PDF version")),
            false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        String version = facts.document().pdfVersion();
        String min = ctx.string("min_version");
        if (PdfVersions.compare(version, min) < 0) {
            ctx.finding("PDF version " + version + " is older than " + min)
                    .detail("pdf_version", version)
                    .detail("min_version", min)
                    .report();
        }
    }
}
