package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;

/** PDFX_TRAPPED_INVALID: PDF/X trapped key not True or False. */
public final class PdfxTrappedCheck extends PdfxCheck {

    public PdfxTrappedCheck() {
        super("PDFX_TRAPPED_INVALID", "PDF/X trapped key not True or False",
                "The trapped state must be declared True or False: in the Info dictionary for PDF/X-1a and PDF/X-3, in the XMP pdf:Trapped property for PDF/X-4 and later editions (where an Info value, if present, must agree).",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
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
