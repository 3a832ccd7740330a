package dev.preflight.engine.checks.processing;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** PROC_STEPS_UNKNOWN_TYPE: a processing-step group or type outside the ISO 19593-1 registry. */
public final class StepsUnknownTypeCheck implements Check {

    /** ISO 19593-1 groups and their types; the groups with no types take no GTS_ProcStepsType. */
    static final Map<String, List<String>> REGISTRY = registry();

    /** A second-class name (ISO 32000 Annex E): a registered prefix, an underscore, then the name. */
    private static final Pattern SECOND_CLASS = Pattern.compile("[A-Za-z0-9]+_.+");

    private static final CheckInfo INFO = new CheckInfo("PROC_STEPS_UNKNOWN_TYPE",
            "Processing-step group or type not in the ISO 19593-1 registry",
            "A processing-step layer (/GTS_Metadata) must name a group of the ISO 19593-1 registry "
                    + "(Structural, Positions, Dimensions, Braille, Legend, White, Varnish) in /GTS_ProcStepsGroup "
                    + "and, for Structural and Positions, one of the group's types in /GTS_ProcStepsType (Cutting, "
                    + "Creasing, ReverseCreasing, Perforating, ...); the other groups take no type. Names compare "
                    + "exactly, as PDF names do (a case-only difference is reported with the registered spelling). "
                    + "Second-class names with a registered prefix (ACME_Glue) and the extra_types given are "
                    + "accepted. One finding per layer.",
            "processing_steps", Severity.ERROR, "document", List.of(
                    ParamSpec.strings("extra_types", List.of(),
                            "further accepted names, \"Group/Type\" or \"Group\" for a group without types"),
                    ParamSpec.bool("allow_second_class", true,
                            "accept second-class names: a registered prefix, an underscore, then the name")),
            false);

    private static Map<String, List<String>> registry() {
        var m = new LinkedHashMap<String, List<String>>();
        m.put("Structural", List.of("Cutting", "PartialCutting", "ReversePartialCutting", "Creasing",
                "ReverseCreasing", "CuttingCreasing", "ReverseCuttingCreasing", "PartialCuttingCreasing",
                "ReversePartialCuttingCreasing", "Drilling", "Gluing", "FoilStamping", "ColdFoilStamping",
                "Embossing", "Debossing", "Perforating", "Bleed", "VarnishFree", "InkFree", "InkVarnishFree",
                "Folding", "Punching", "Stapling"));
        m.put("Positions", List.of("Hologram", "Barcode", "ContentArea", "CodingMarking", "Imprinting"));
        for (String untyped : List.of("Dimensions", "Braille", "Legend", "White", "Varnish")) {
            m.put(untyped, List.of());
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    @Override
    public CheckInfo info() {
        return INFO;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        List<String> extra = ctx.strings("extra_types");
        boolean secondClass = ctx.bool("allow_second_class");
        for (OptionalContentFact.Group g : ProcessingSteps.of(facts)) {
            String problem = problem(g.procStepGroup(), g.procStepType(), extra, secondClass);
            if (problem == null) {
                continue;
            }
            ctx.finding("Processing-step layer \"" + g.name() + "\": " + problem)
                    .object(g.objectId(), null)
                    .detail("layer", g.name())
                    .detail("group", g.procStepGroup())
                    .detail("type", g.procStepType())
                    .report();
        }
    }

    /** What is wrong with the group and type, or null when the registry (or the extras) knows them. */
    static String problem(String group, String type, List<String> extra, boolean secondClass) {
        if (group == null || group.isBlank()) {
            return "/GTS_ProcStepsGroup is missing";
        }
        boolean extraGroup = extra.stream().anyMatch(x -> x.equals(group) || x.startsWith(group + "/"));
        boolean vendorGroup = secondClass && SECOND_CLASS.matcher(group).matches();
        List<String> types = REGISTRY.get(group);
        if (types == null && !extraGroup && !vendorGroup) {
            return "group \"" + group + "\" is not in the ISO 19593-1 registry" + spelling(group,
                    REGISTRY.keySet());
        }
        if (type == null || type.isBlank()) {
            boolean needsType = types != null && !types.isEmpty() && !extra.contains(group);
            return needsType ? "group " + group + " needs a /GTS_ProcStepsType" : null;
        }
        if (extra.contains(group + "/" + type) || (secondClass && SECOND_CLASS.matcher(type).matches())
                || vendorGroup) {
            return null;
        }
        if (types == null) {
            return extraGroup ? "type \"" + type + "\" is not among the extra types of group " + group : null;
        }
        if (types.isEmpty()) {
            return "group " + group + " takes no /GTS_ProcStepsType, but it is \"" + type + "\"";
        }
        if (!types.contains(type)) {
            return "type \"" + type + "\" is not an ISO 19593-1 type of group " + group + spelling(type, types);
        }
        return null;
    }

    private static String spelling(String name, java.util.Collection<String> known) {
        return known.stream().filter(k -> k.equalsIgnoreCase(name)).findFirst()
                .map(k -> " (registered as \"" + k + "\")").orElse("");
    }
}
