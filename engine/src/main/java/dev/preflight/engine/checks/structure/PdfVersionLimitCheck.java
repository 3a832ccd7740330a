package dev.preflight.engine.checks.structure;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;

import java.util.List;

/** Reports a PDF version beyond the limit a parameter sets; one instance for the upper and one for the lower limit. */
public final class PdfVersionLimitCheck implements Check {

    private final CheckInfo info;
    private final String limitParam;
    /** +1: the version must not be newer than the limit; -1: it must not be older. */
    private final int beyond;
    private final String beyondWord;

    private PdfVersionLimitCheck(String id, String name, String description, ParamSpec limit, int beyond,
                                 String beyondWord) {
        this.info = new CheckInfo(id, name, description, "structure", Severity.WARNING, "document", List.of(limit),
                false);
        this.limitParam = limit.name();
        this.beyond = beyond;
        this.beyondWord = beyondWord;
    }

    /** DOC_PDF_VERSION_TOO_NEW: the PDF version is newer than the workflow (or standard) accepts. */
    public static PdfVersionLimitCheck tooNew() {
        return new PdfVersionLimitCheck("DOC_PDF_VERSION_TOO_NEW", "PDF version too new",
                "The file's PDF version is higher than the workflow accepts; older RIPs may reject features of newer "
                        + "versions (PDF/X-4 is based on PDF 1.6).",
                ParamSpec.string("max_version", "1.7", PdfVersions.ALL, "highest accepted PDF version"),
                1, "newer");
    }

    /** DOC_PDF_VERSION_TOO_OLD: the PDF version is older than the workflow accepts. */
    public static PdfVersionLimitCheck tooOld() {
        return new PdfVersionLimitCheck("DOC_PDF_VERSION_TOO_OLD", "PDF version too old",
                "The file's PDF version is lower than the minimum the workflow accepts.",
                ParamSpec.string("min_version", "1.3", PdfVersions.ALL, "lowest accepted PDF version"),
                -1, "older");
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        String version = facts.document().pdfVersion();
        String limit = ctx.string(limitParam);
        if (Integer.signum(PdfVersions.compare(version, limit)) == beyond) {
            ctx.finding("PDF version " + version + " is " + beyondWord + " than " + limit)
                    .detail("pdf_version", version)
                    .detail(limitParam, limit)
                    .report();
        }
    }
}
