package dev.preflight.engine.checks.processing;

import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.OptionalContentFact;

import java.util.List;

/** The ISO 19593-1 processing-step layers of a document. */
final class ProcessingSteps {

    private ProcessingSteps() {
    }

    static List<OptionalContentFact.Group> of(DocumentFacts facts) {
        return facts.optionalContent().groups().stream().filter(OptionalContentFact.Group::processingStep).toList();
    }

    static boolean hasType(List<OptionalContentFact.Group> steps, String type) {
        return steps.stream().anyMatch(g -> type.equalsIgnoreCase(g.procStepType()));
    }
}
