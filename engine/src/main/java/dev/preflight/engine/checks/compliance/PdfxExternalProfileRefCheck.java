package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;
import dev.preflight.engine.facts.ProfileRefFact;

import java.util.List;

/** PDFX_EXTERNAL_PROFILE_REF: the reference to an output profile kept outside the file cannot find or verify it. */
public final class PdfxExternalProfileRefCheck extends PdfxCheck {

    /** The keys a reference must have by default, so that the receiver can fetch and verify the profile. */
    static final List<String> REQUIRED_KEYS = List.of("CheckSum", "ProfileName", "ProfileCS", "URLs");

    public PdfxExternalProfileRefCheck() {
        super("PDFX_EXTERNAL_PROFILE_REF", "External output profile reference incomplete",
                "PDF/X-4p, -5pg, -5n (ISO 15930-7, -8) and -6p, -6n (ISO 15930-9) may keep the output intent's "
                        + "profile outside the file and refer to it with a /DestOutputProfileRef dictionary (ISO "
                        + "32000-2 table 402). The receiver must be able to fetch and verify it: the reference must "
                        + "be a dictionary with the keys in required_keys (by default a 16-byte MD5 /CheckSum, "
                        + "/ProfileName, /ProfileCS and /URLs), every /URLs entry a URL file specification (or "
                        + "string) holding an absolute URL, and a profile embedded beside the reference must have "
                        + "the checksum the reference gives. One finding per problem; page-level intents count in "
                        + "PDF/X-6p and -6n. Not applicable to editions without external profiles (PDFX_OI_PROFILE "
                        + "judges those).",
                "document", "PDF/X-4p",
                ParamSpec.strings("required_keys", REQUIRED_KEYS,
                        "DestOutputProfileRef keys that must be present (CheckSum, ProfileName, ProfileCS, URLs, "
                                + "ICCVersion, ColorantTable)"));
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        if (!edition.externalProfile()) {
            return;
        }
        List<String> required = ctx.strings("required_keys");
        for (OutputIntentFact oi : OutputProfiles.judged(facts, edition)) {
            ProfileRefFact ref = oi.profileRef();
            if (ref == null) {
                continue;
            }
            if (!ref.dictionary()) {
                report(ctx, oi, edition, "not_dictionary", "is not a dictionary");
                continue;
            }
            if (required.contains("CheckSum") && ref.checkSumBytes() < 0) {
                report(ctx, oi, edition, "checksum_missing", "has no /CheckSum to verify the profile with");
            } else if (ref.checkSumBytes() >= 0 && ref.checkSumBytes() != 16) {
                report(ctx, oi, edition, "checksum_length", "has a /CheckSum of " + ref.checkSumBytes()
                        + " bytes, not the 16 of an MD5");
            }
            if (Boolean.FALSE.equals(ref.checkSumMatches())) {
                report(ctx, oi, edition, "checksum_mismatch", "has a /CheckSum (" + ref.checkSum()
                        + ") that is not the checksum of the profile embedded beside it");
            }
            missing(ctx, oi, edition, required, "ProfileName", "profile_name_missing", ref.profileName());
            missing(ctx, oi, edition, required, "ProfileCS", "profile_cs_missing", ref.profileCs());
            missing(ctx, oi, edition, required, "ICCVersion", "icc_version_missing", ref.iccVersion());
            if (required.contains("ColorantTable") && ref.colorantTable().isEmpty()) {
                report(ctx, oi, edition, "colorant_table_missing", "has no /ColorantTable");
            }
            if (required.contains("URLs") && ref.urls().isEmpty() && ref.urlProblems().isEmpty()) {
                report(ctx, oi, edition, "urls_missing", "has no /URLs to fetch the profile from");
            }
            for (String problem : ref.urlProblems()) {
                report(ctx, oi, edition, "url_invalid", "/URLs: " + problem);
            }
        }
    }

    private static void missing(CheckContext ctx, OutputIntentFact oi, PdfxEdition edition, List<String> required,
                                String key, String problem, String value) {
        if (required.contains(key) && (value == null || value.isBlank())) {
            report(ctx, oi, edition, problem, "has no /" + key);
        }
    }

    private static void report(CheckContext ctx, OutputIntentFact oi, PdfxEdition edition, String problem,
                               String what) {
        ctx.finding("The DestOutputProfileRef of output intent " + OutputProfiles.describe(oi) + " " + what + " ("
                        + edition.label + ")")
                .page(oi.pageNum())
                .object(oi.objectId(), null)
                .detail("problem", problem)
                .detail("output_condition_identifier", oi.outputConditionIdentifier())
                .detail("clause", edition.clause())
                .report();
    }
}
