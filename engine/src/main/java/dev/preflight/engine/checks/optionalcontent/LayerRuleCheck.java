package dev.preflight.engine.checks.optionalcontent;

import dev.preflight.engine.CheckInfo;
import dev.preflight.engine.Severity;
import dev.preflight.engine.checks.Check;
import dev.preflight.engine.checks.CheckContext;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact.Group;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/** Reports each optional-content group (layer) that breaks one rule, located at the group; one instance per id. */
public final class LayerRuleCheck implements Check {

    private final CheckInfo info;
    private final Predicate<Group> breaks;
    private final Function<Group, String> message;
    private final BiConsumer<Group, CheckContext.Builder> details;

    private LayerRuleCheck(String id, String name, String description, Severity severity, Predicate<Group> breaks,
                           Function<Group, String> message, BiConsumer<Group, CheckContext.Builder> details) {
        this.info = new CheckInfo(id, name, description, "optional_content", severity, "document", List.of(), false);
        this.breaks = breaks;
        this.message = message;
        this.details = details;
    }

    /** OC_HIDDEN_LAYERS: Hidden layers. */
    public static LayerRuleCheck hidden() {
        return new LayerRuleCheck("OC_HIDDEN_LAYERS", "Hidden layers",
                "An optional-content group is OFF in the default configuration (GWG R0036): its content does not print unless someone turns it on, and tools disagree about it.",
                Severity.ERROR, g -> !g.defaultOn(),
                g -> "Layer \"" + g.name() + "\" is hidden by default",
                (g, b) -> b.detail("layer", g.name()).detail("processing_step", g.processingStep()));
    }

    /** OC_LAYER_NAME_EMPTY: Layer without name. */
    public static LayerRuleCheck nameEmpty() {
        return new LayerRuleCheck("OC_LAYER_NAME_EMPTY", "Layer without name",
                "An optional-content group has no or an empty name, so it cannot be selected or understood by name.",
                Severity.WARNING, g -> g.name() == null || g.name().isBlank(),
                g -> "Layer " + (g.index() + 1) + " has no name",
                (g, b) -> b.detail("index", g.index()));
    }

    /** OC_NOT_PRINTING: Layer set not to print. */
    public static LayerRuleCheck notPrinting() {
        return new LayerRuleCheck("OC_NOT_PRINTING", "Layer set not to print",
                "An optional-content group declares /Usage /Print /PrintState /OFF: viewers show it but it disappears when printed from some tools, so screen proof and print differ.",
                Severity.WARNING, g -> "OFF".equals(g.printState()),
                g -> "Layer \"" + g.name() + "\" is set not to print",
                (g, b) -> b.detail("layer", g.name()).detail("default_on", g.defaultOn()));
    }

    @Override
    public CheckInfo info() {
        return info;
    }

    @Override
    public void run(DocumentFacts facts, CheckContext ctx) {
        for (Group g : facts.optionalContent().groups()) {
            if (breaks.test(g)) {
                CheckContext.Builder b = ctx.finding(message.apply(g)).object(g.objectId(), null);
                details.accept(g, b);
                b.report();
            }
        }
    }
}
