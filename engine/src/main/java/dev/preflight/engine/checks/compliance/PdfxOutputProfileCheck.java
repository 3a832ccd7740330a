package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** PDFX_OI_PROFILE: PDF/X output intent profile. */
public final class PdfxOutputProfileCheck extends PdfxCheck {

    public PdfxOutputProfileCheck() {
        super("PDFX_OI_PROFILE", "PDF/X output intent profile",
                "The GTS_PDFX output intent must carry a usable destination profile: PDF/X-4 always needs an embedded DestOutputProfile; PDF/X-1a and PDF/X-3 may omit it only for a registered condition (RegistryName set). PDF/X-1a needs a CMYK or Gray profile; PDF/X-3 and PDF/X-4 a Gray, RGB or CMYK output profile.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        for (OutputIntentFact oi : facts.outputIntents()) {
            if (oi.pageNum() != 0 || !"GTS_PDFX".equals(oi.subtype())) {
                continue;
            }
            boolean registered = oi.registryName() != null && !oi.registryName().isBlank();
            String cs = oi.judgedColorSpace();
            String problem = null;
            if (!oi.hasDestProfile() && (edition.xmpBased || !registered)) {
                problem = "has no embedded destination profile";
            } else if (oi.hasDestProfile() && !oi.profileParsed()) {
                // embedded but unreadable: say so, and judge what /N allows rather than calling it missing
                problem = "has an embedded destination profile that is unreadable ("
                        + (oi.profileProblem() == null ? "ICC header not parsed" : oi.profileProblem()) + ")"
                        + (cs == null ? "" : "; its /N suggests " + cs);
            } else if (cs != null && !(edition.colourManaged ? List.of("GRAY", "RGB", "CMYK") : List.of("GRAY", "CMYK"))
                    .contains(cs)) {
                problem = "has a " + cs + " profile";
            }
            if (problem != null) {
                ctx.finding("The GTS_PDFX output intent " + problem + " (" + edition.label + ")")
                        .object(oi.objectId(), null)
                        .detail("profile_color_space", cs)
                        .detail("profile_readable", oi.profileParsed())
                        .detail("registry_name", oi.registryName())
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }
}
