package dev.preflight.engine.checks.outputintent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OutputIntentFact;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Reports each output intent (document or page level) that breaks one rule, located at the intent's page and
 * object; one instance per inspection id.
 */
public final class OutputIntentRuleCheck implements Check {

    private static final BiConsumer<OutputIntentFact, CheckContext.Builder> NO_DETAILS = (oi, b) -> { };

    private final CheckInfo info;
    /** Reads the check's parameters once per run and gives the test an intent must pass to be reported. */
    private final Function<CheckContext, Predicate<OutputIntentFact>> rule;
    private final Function<OutputIntentFact, String> message;
    private final BiConsumer<OutputIntentFact, CheckContext.Builder> details;

    private OutputIntentRuleCheck(CheckInfo info, Function<CheckContext, Predicate<OutputIntentFact>> rule,
                                  Function<OutputIntentFact, String> message,
                                  BiConsumer<OutputIntentFact, CheckContext.Builder> details) {
        this.info = info;
        this.rule = rule;
        this.message = message;
        this.details = details;
    }

    private static CheckInfo info(String id, String name, String description, Severity severity,
                                  List<ParamSpec> parameters) {
        return new CheckInfo(id, name, description, "output_intent", severity, "document", parameters, false);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** OI_IDENTIFIER_MISSING: OutputConditionIdentifier missing. */
    public static OutputIntentRuleCheck identifierMissing() {
        return new OutputIntentRuleCheck(info("OI_IDENTIFIER_MISSING", "OutputConditionIdentifier missing",
                "An output intent has no (or an empty) /OutputConditionIdentifier, which every output intent requires (ISO 32000, PDF/X).",
                Severity.ERROR, List.of()),
                ctx -> oi -> blank(oi.outputConditionIdentifier()),
                oi -> "A " + oi.subtype() + " output intent has no OutputConditionIdentifier",
                NO_DETAILS);
    }

    /** OI_NOT_CMYK: Output intent profile is not CMYK. */
    public static OutputIntentRuleCheck notCmyk() {
        return new OutputIntentRuleCheck(info("OI_NOT_CMYK", "Output intent profile is not CMYK",
                "The destination profile of a PDF/X (GTS_PDFX) output intent is not a CMYK profile (GWG R0035). When the embedded profile's ICC header is unreadable its colour space is judged from the stream's /N: not 4 is reported as not CMYK, 4 as a profile that cannot be confirmed as CMYK. Intents without an embedded profile are judged by OI_PROFILE_MISSING.",
                Severity.ERROR, List.of()),
                ctx -> oi -> "GTS_PDFX".equals(oi.subtype()) && oi.hasDestProfile()
                        && !"CMYK".equals(oi.profileColorSpace()),
                OutputIntentRuleCheck::notCmykMessage,
                (oi, b) -> b.detail("profile_color_space", oi.judgedColorSpace())
                        .detail("profile_readable", oi.profileParsed())
                        .detail("profile_components", oi.profileComponents())
                        .detail("output_condition_identifier", oi.outputConditionIdentifier()));
    }

    private static String notCmykMessage(OutputIntentFact oi) {
        String intent = Describe.intent(oi);
        if (oi.profileParsed()) {
            return "The output intent profile " + intent + " is " + oi.profileColorSpace() + ", not CMYK";
        }
        Integer n = oi.profileComponents();
        if (n == null) {
            return "The output intent profile " + intent + " is unreadable and has no valid /N, so it cannot be "
                    + "confirmed as CMYK";
        }
        if (n == 4) {
            return "The output intent profile " + intent + " is unreadable; its /N is 4, but it cannot be confirmed "
                    + "as CMYK";
        }
        return "The output intent profile " + intent + " is unreadable and has " + n + " components (/N " + n
                + "), so it is not CMYK";
    }

    /** OI_PRESENT: Output intent. */
    public static OutputIntentRuleCheck present() {
        return new OutputIntentRuleCheck(info("OI_PRESENT", "Output intent",
                "Reports each output intent: its subtype, condition identifier, condition, and destination profile.",
                Severity.INFO, List.of()),
                ctx -> oi -> true,
                oi -> oi.subtype() + " output intent " + Describe.intent(oi)
                        + (oi.profileDescription() == null ? "" : " (profile " + oi.profileDescription() + ")"),
                (oi, b) -> b.detail("subtype", oi.subtype())
                        .detail("output_condition_identifier", oi.outputConditionIdentifier())
                        .detail("output_condition", oi.outputCondition())
                        .detail("registry_name", oi.registryName())
                        .detail("profile_color_space", oi.profileColorSpace())
                        .detail("profile_embedded", oi.hasDestProfile())
                        .detail("profile_readable", oi.profileParsed())
                        .detail("profile_description", oi.profileDescription()));
    }

    /** OI_PROFILE_DAMAGED: Output intent profile unreadable. */
    public static OutputIntentRuleCheck profileDamaged() {
        return new OutputIntentRuleCheck(info("OI_PROFILE_DAMAGED", "Output intent profile unreadable",
                "The embedded destination profile of an output intent cannot be read as an ICC profile.",
                Severity.ERROR, List.of()),
                ctx -> oi -> oi.profileProblem() != null,
                oi -> "The output intent profile of " + Describe.intent(oi) + " is unreadable: " + oi.profileProblem(),
                (oi, b) -> b.detail("problem", oi.profileProblem()));
    }

    /** OI_PROFILE_MISSING: Output intent without profile. */
    public static OutputIntentRuleCheck profileMissing() {
        return new OutputIntentRuleCheck(info("OI_PROFILE_MISSING", "Output intent without profile",
                "A PDF/X (GTS_PDFX) output intent has no embedded DestOutputProfile. With allow_registered, an intent whose RegistryName names a characterisation registry (registered condition, allowed by PDF/X-1a and PDF/X-3) is accepted.",
                Severity.ERROR, List.of(ParamSpec.bool("allow_registered", false,
                        "accept an intent without profile when it names a registered condition (RegistryName set)"))),
                ctx -> {
                    boolean allowRegistered = ctx.bool("allow_registered");
                    return oi -> "GTS_PDFX".equals(oi.subtype()) && !oi.hasDestProfile()
                            && !(allowRegistered && !blank(oi.registryName()));
                },
                oi -> "The output intent " + Describe.intent(oi) + " has no embedded destination profile",
                (oi, b) -> b.detail("output_condition_identifier", oi.outputConditionIdentifier())
                        .detail("registry_name", oi.registryName()));
    }

    /** OI_REGISTRY_NAME_MISSING: Output intent without registry name. */
    public static OutputIntentRuleCheck registryNameMissing() {
        return new OutputIntentRuleCheck(info("OI_REGISTRY_NAME_MISSING", "Output intent without registry name",
                "A PDF/X output intent has neither an embedded profile nor a /RegistryName, so a receiver cannot look its OutputConditionIdentifier up in a characterisation registry (such as http://www.color.org).",
                Severity.INFO, List.of()),
                ctx -> oi -> "GTS_PDFX".equals(oi.subtype()) && !oi.hasDestProfile() && blank(oi.registryName()),
                oi -> "The output intent " + Describe.intent(oi) + " names no registry",
                NO_DETAILS);
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        Predicate<OutputIntentFact> breaks = rule.apply(ctx);
        for (OutputIntentFact oi : facts.outputIntents()) {
            if (breaks.test(oi)) {
                CheckContext.Builder b = ctx.finding(message.apply(oi))
                        .page(oi.pageNum())
                        .object(oi.objectId(), null);
                details.accept(oi, b);
                b.report();
            }
        }
    }
}
