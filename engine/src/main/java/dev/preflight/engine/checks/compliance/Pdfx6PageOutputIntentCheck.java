package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** PDFX6_PAGE_OUTPUT_INTENT: a page-level output intent of a PDF/X-6 file that breaks the rules it is allowed under. */
public final class Pdfx6PageOutputIntentCheck extends PdfxCheck {

    public Pdfx6PageOutputIntentCheck() {
        super("PDFX6_PAGE_OUTPUT_INTENT", "PDF/X-6 page output intent not usable",
                "PDF/X-6, -6p and -6n (ISO 15930-9) allow a page to carry its own output intent (PDF 2.0), so "
                        + "that pages for different printing conditions can share a file. A page may carry one "
                        + "GTS_PDFX intent, with a destination profile (embedded, or in -6p and -6n referenced) of "
                        + "the same colour space as the document's intent, since the content was prepared for both. "
                        + "One finding per problem and page. Not applicable to earlier editions, where page-level "
                        + "intents are ignored (OI_PAGE_LEVEL reports them).",
                "document", "PDF/X-6");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        if (!edition.pdf20()) {
            return;
        }
        String documentSpace = facts.outputIntents().stream()
                .filter(oi -> oi.pageNum() == 0 && "GTS_PDFX".equals(oi.subtype())).findFirst()
                .map(OutputProfiles::colorSpace).orElse(null);
        Map<Integer, List<OutputIntentFact>> byPage = facts.outputIntents().stream()
                .filter(oi -> oi.pageNum() > 0 && "GTS_PDFX".equals(oi.subtype()))
                .collect(Collectors.groupingBy(OutputIntentFact::pageNum, TreeMap::new, Collectors.toList()));
        for (var page : byPage.entrySet()) {
            if (page.getValue().size() > 1) {
                report(ctx, page.getValue().getFirst(), edition, "multiple", "is one of "
                        + page.getValue().size() + " GTS_PDFX output intents of the page", null);
            }
            for (OutputIntentFact oi : page.getValue()) {
                boolean profile = oi.hasDestProfile() || edition.externalProfile() && OutputProfiles.referenced(oi);
                String space = OutputProfiles.colorSpace(oi);
                if (!profile) {
                    report(ctx, oi, edition, "profile_missing", "has no destination profile"
                            + (edition.externalProfile() ? " (embedded or referenced)" : ""), documentSpace);
                } else if (documentSpace != null && space != null && !space.equals(documentSpace)) {
                    report(ctx, oi, edition, "color_space_differs", "has a " + space
                            + " profile, the document's intent a " + documentSpace + " one", documentSpace);
                }
            }
        }
    }

    private static void report(CheckContext ctx, OutputIntentFact oi, PdfxEdition edition, String problem,
                               String what, String documentSpace) {
        ctx.finding("The output intent " + OutputProfiles.describe(oi) + " " + what + " (" + edition.label + ")")
                .page(oi.pageNum())
                .object(oi.objectId(), null)
                .detail("problem", problem)
                .detail("profile_color_space", OutputProfiles.colorSpace(oi))
                .detail("document_color_space", documentSpace)
                .detail("clause", edition.clause())
                .report();
    }
}
