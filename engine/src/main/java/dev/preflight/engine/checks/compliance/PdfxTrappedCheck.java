package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

import java.util.List;

/** PDFX_TRAPPED_INVALID: PDF/X trapped key not True or False. */
public final class PdfxTrappedCheck implements Check {

    private static final CheckInfo INFO = new CheckInfo("PDFX_TRAPPED_INVALID", "PDF/X trapped key not True or False",
            "The trapped state must be declared True or False: in the Info dictionary for PDF/X-1a and PDF/X-3, in the XMP pdf:Trapped property for PDF/X-4 (where an Info value, if present, must agree).",
            "compliance", Severity.ERROR, "document", List.of(PdfxEdition.param("PDF/X-4")), false);

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        PdfxEdition edition = PdfxEdition.resolve(ctx.string("standard"), facts);
        DocumentInfoFact d = facts.document();
        String value = edition.xmpBased ? d.xmp().trapped() : d.infoTrapped();
        String n = normal(value);
        if (!n.equals("true") && !n.equals("false")) {
            ctx.finding((edition.xmpBased ? "XMP pdf:Trapped" : "Info /Trapped") + " is "
                            + (value == null ? "missing" : value) + ", must be True or False (" + edition.label + ")")
                    .detail("trapped", value)
                    .detail("clause", edition.clause())
                    .report();
        } else if (edition.xmpBased && d.infoTrapped() != null && !normal(d.infoTrapped()).equals(n)) {
            ctx.finding("Info /Trapped " + d.infoTrapped() + " contradicts XMP pdf:Trapped " + value + " ("
                            + edition.label + ")")
                    .detail("trapped", value)
                    .detail("info_trapped", d.infoTrapped())
                    .detail("clause", edition.clause())
                    .report();
        }
    }

    private static String normal(String trapped) {
        return trapped == null ? "" : trapped.strip().replace("/", "").toLowerCase(java.util.Locale.ROOT);
    }
}
