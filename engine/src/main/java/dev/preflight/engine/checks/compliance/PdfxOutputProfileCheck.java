package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;

/** PDFX_OI_PROFILE: PDF/X output intent profile. */
public final class PdfxOutputProfileCheck extends PdfxCheck {

    public PdfxOutputProfileCheck() {
        super("PDFX_OI_PROFILE", "PDF/X output intent profile",
                "The GTS_PDFX output intent must carry a usable destination profile: PDF/X-4 and later editions "
                        + "need an embedded DestOutputProfile, except that PDF/X-4p, -5pg, -5n, -6p and -6n may "
                        + "instead refer to one outside the file with a DestOutputProfileRef (judged by "
                        + "PDFX_EXTERNAL_PROFILE_REF); PDF/X-1a and PDF/X-3 may omit it only for a registered "
                        + "condition (RegistryName set). PDF/X-1a needs a CMYK or Gray profile; PDF/X-3 and later a "
                        + "Gray, RGB or CMYK output profile, and PDF/X-5n and -6n also an n-colour (xCLR) one.",
                "document", "PDF/X-4");
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        for (OutputIntentFact oi : facts.outputIntents()) {
            if (oi.pageNum() != 0 || !"GTS_PDFX".equals(oi.subtype())) {
                continue;
            }
            boolean registered = oi.registryName() != null && !oi.registryName().isBlank();
            String cs = OutputProfiles.colorSpace(oi);
            String problem = null;
            if (!oi.hasDestProfile()) {
                if (edition.externalProfile()) {
                    if (!OutputProfiles.referenced(oi)) {
                        problem = "has neither an embedded destination profile nor a DestOutputProfileRef";
                    }
                } else if (edition.xmpBased || !registered) {
                    problem = oi.profileRef() == null ? "has no embedded destination profile"
                            : "has no embedded destination profile, only a DestOutputProfileRef, which only "
                                    + "PDF/X-4p, -5pg, -5n, -6p and -6n allow";
                }
            } else if (!oi.profileParsed()) {
                // embedded but unreadable: say so, and judge what /N allows rather than calling it missing
                problem = "has an embedded destination profile that is unreadable ("
                        + (oi.profileProblem() == null ? "ICC header not parsed" : oi.profileProblem()) + ")"
                        + (cs == null ? "" : "; its /N suggests " + cs);
            }
            if (problem == null && cs != null && !allowed(edition, cs)) {
                problem = "has a " + cs + " profile";
            }
            if (problem != null) {
                ctx.finding("The GTS_PDFX output intent " + problem + " (" + edition.label + ")")
                        .object(oi.objectId(), null)
                        .detail("profile_color_space", cs)
                        .detail("profile_readable", oi.profileParsed())
                        .detail("profile_referenced", OutputProfiles.referenced(oi))
                        .detail("registry_name", oi.registryName())
                        .detail("clause", edition.clause())
                        .report();
            }
        }
    }

    private static boolean allowed(PdfxEdition edition, String cs) {
        if (edition.nColorant() && OutputProfiles.nColorants(cs) > 0) {
            return true;
        }
        return (edition.colourManaged ? List.of("GRAY", "RGB", "CMYK") : List.of("GRAY", "CMYK")).contains(cs);
    }
}
