package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentPartsFact;

import java.util.List;

/** PDFVT_DPART_MISSING: the document part hierarchy PDF/VT needs is missing, damaged or leaves pages out. */
public final class PdfvtDocumentPartsCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFVT_DPART_MISSING",
            "PDF/VT document part hierarchy missing or incomplete",
            "A PDF/VT file (ISO 16612-2) divides its pages into document parts (recipient records and their "
                    + "sub-parts) with the catalog's /DPartRoot and its /DPartRootNode, every page in exactly one "
                    + "part; a variable-data RIP finds its records there. Reported: no /DPartRoot, no root node, "
                    + "pages no part covers (one finding with the count and the first pages), and what in the "
                    + "hierarchy cannot be read (a part reached twice, a range ending before it starts, a page in "
                    + "two parts).",
            "compliance", Severity.ERROR, "document", List.of(), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        DocumentPartsFact parts = facts.documentParts();
        if (!parts.present()) {
            ctx.finding("The catalog has no /DPartRoot: the pages are not divided into records ("
                            + PdfvtVersionKeyCheck.VERSION + ")")
                    .detail("problem", "dpart_root_missing")
                    .detail("clause", PdfvtVersionKeyCheck.CLAUSE)
                    .report();
            return;
        }
        if (!parts.rootNode()) {
            ctx.finding("The /DPartRoot has no /DPartRootNode: the pages are not divided into records ("
                            + PdfvtVersionKeyCheck.VERSION + ")")
                    .detail("problem", "root_node_missing")
                    .detail("clause", PdfvtVersionKeyCheck.CLAUSE)
                    .report();
        } else if (parts.pagesOutsideCount() > 0) {
            int n = parts.pagesOutsideCount();
            ctx.finding(n + " page" + (n == 1 ? " belongs" : "s belong") + " to no document part (first: page"
                            + (parts.pagesOutside().size() == 1 ? " " : "s ")
                            + String.join(", ", parts.pagesOutside().stream().limit(10).map(String::valueOf)
                            .toList()) + ")")
                    .page(parts.pagesOutside().getFirst())
                    .detail("problem", "pages_outside")
                    .detail("pages_outside", n)
                    .detail("first_pages", parts.pagesOutside())
                    .detail("clause", PdfvtVersionKeyCheck.CLAUSE)
                    .report();
        }
        for (String problem : parts.problems()) {
            ctx.finding("The document part hierarchy is damaged: " + problem)
                    .detail("problem", "hierarchy_damaged")
                    .detail("clause", PdfvtVersionKeyCheck.CLAUSE)
                    .report();
        }
    }
}
