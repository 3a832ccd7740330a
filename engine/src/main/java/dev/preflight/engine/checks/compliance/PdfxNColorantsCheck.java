package dev.preflight.engine.checks.compliance;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.MixingHintsFact;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.HashSet;
import java.util.List;

/** PDFX_N_COLORANTS: an n-colour output intent whose colorants cannot be told apart or combined. */
public final class PdfxNColorantsCheck extends PdfxCheck {

    /** Key of /Solidities and /DotGain that stands for every colorant not named. */
    private static final String DEFAULT = "Default";

    public PdfxNColorantsCheck() {
        super("PDFX_N_COLORANTS", "n-colour output intent incomplete",
                "PDF/X-5n (ISO 15930-8) and -6n (ISO 15930-9) print to an n-colour condition: the output "
                        + "intent's profile (embedded, or referenced) must be an n-colour (xCLR) profile whose "
                        + "colorants are named, in the profile's colorant table or the reference's /ColorantTable, "
                        + "one distinct non-empty name per channel, so that DeviceN colours can be matched to the "
                        + "press inks. Its /MixingHints (ISO 32000-2), when present (or when require_mixing_hints), "
                        + "must give a /PrintingOrder wherever it gives /Solidities, name only colorants of the "
                        + "profile (or Default), and keep every solidity between 0 and 1. One finding per problem; "
                        + "page-level intents count in PDF/X-6n. Not applicable to other editions.",
                "document", "PDF/X-5n",
                ParamSpec.bool("require_mixing_hints", false,
                        "the output intent must carry /MixingHints (a house rule; the standards make it optional)"));
    }

    @Override
    void judge(DocumentFacts facts, PdfxEdition edition, CheckContext ctx) {
        if (!edition.nColorant()) {
            return;
        }
        for (OutputIntentFact oi : OutputProfiles.judged(facts, edition)) {
            String space = OutputProfiles.colorSpace(oi);
            int channels = OutputProfiles.nColorants(space);
            if (space != null && channels == 0) {
                report(ctx, oi, edition, "not_n_colorant", "has a " + space + " profile, not an n-colour one");
                continue;
            }
            List<String> colorants = OutputProfiles.colorants(oi);
            if (colorants.isEmpty()) {
                report(ctx, oi, edition, "colorant_table_missing", oi.hasDestProfile()
                        ? "has a profile without a colorant table naming its colorants"
                        : "has no /ColorantTable naming the colorants of its profile");
            } else {
                if (channels > 0 && colorants.size() != channels) {
                    report(ctx, oi, edition, "colorant_count", "names " + colorants.size() + " colorants for a "
                            + channels + "-colour profile");
                }
                boolean blank = colorants.stream().anyMatch(String::isBlank);
                if (blank || new HashSet<>(colorants).size() != colorants.size()) {
                    report(ctx, oi, edition, "colorant_names", "names its colorants " + colorants
                            + ": each must be a distinct, non-empty name");
                }
            }
            mixingHints(ctx, oi, edition, colorants);
        }
    }

    private void mixingHints(CheckContext ctx, OutputIntentFact oi, PdfxEdition edition, List<String> colorants) {
        MixingHintsFact m = oi.mixingHints();
        if (m == null) {
            if (ctx.bool("require_mixing_hints")) {
                report(ctx, oi, edition, "mixing_hints_missing", "has no /MixingHints");
            }
            return;
        }
        if (m.printingOrder() == null && !m.solidities().isEmpty()) {
            report(ctx, oi, edition, "printing_order_missing", "gives /Solidities but no /PrintingOrder");
        }
        var unknown = new java.util.LinkedHashSet<String>();
        if (m.printingOrder() != null) {
            m.printingOrder().stream().filter(n -> !colorants.contains(n)).forEach(unknown::add);
        }
        m.solidities().keySet().stream().filter(n -> !n.equals(DEFAULT) && !colorants.contains(n))
                .forEach(unknown::add);
        m.dotGain().stream().filter(n -> !n.equals(DEFAULT) && !colorants.contains(n)).forEach(unknown::add);
        if (!unknown.isEmpty() && !colorants.isEmpty()) {
            report(ctx, oi, edition, "mixing_hints_unknown_colorant", "has /MixingHints for " + unknown
                    + ", which are not colorants of its profile " + colorants);
        }
        m.solidities().forEach((name, v) -> {
            if (!(v >= 0 && v <= 1)) {
                report(ctx, oi, edition, "solidity_range", "gives " + name + " a solidity of " + v
                        + ", outside 0 to 1");
            }
        });
    }

    private static void report(CheckContext ctx, OutputIntentFact oi, PdfxEdition edition, String problem,
                               String what) {
        ctx.finding("The output intent " + OutputProfiles.describe(oi) + " " + what + " (" + edition.label + ")")
                .page(oi.pageNum())
                .object(oi.objectId(), null)
                .detail("problem", problem)
                .detail("profile_color_space", OutputProfiles.colorSpace(oi))
                .detail("colorants", OutputProfiles.colorants(oi))
                .detail("clause", edition.clause())
                .report();
    }
}
