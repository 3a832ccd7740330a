package dev.preflight.intake;

import dev.preflight.analysis.ProofConditions;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * The built-in output conditions of the ICC catalogue (the same as {@code GET /api/v1/icc-profiles} lists), for other
 * modules: what a condition is called in an output intent and, where one is bundled, its profile.
 */
@Component
public class OutputConditions implements ProofConditions.Catalogue {

    /**
     * One output condition.
     *
     * @param id                        catalogue id, e.g. fogra39
     * @param outputConditionIdentifier the registry's name, e.g. FOGRA39
     * @param outputCondition           a human description of the condition
     * @param registryName              the registry, e.g. http://www.color.org
     * @param colorSpace                CMYK, RGB or GRAY
     * @param profile                   the bundled ICC profile, or null when none is freely redistributable
     */
    public record Condition(String id, String outputConditionIdentifier, String outputCondition, String registryName,
                            String colorSpace, byte @Nullable [] profile) {
    }

    private final IccCatalogue catalogue;

    OutputConditions(IccCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    /**
     * The CMYK condition with a bundled profile that this text names: its catalogue id or its output condition
     * identifier, case-insensitive (what a profile's OI_CONDITION_NOT_EXPECTED expects).
     */
    @Override
    public Optional<ProofConditions.CatalogueProfile> cmyk(String text) {
        String t = text == null ? "" : text.trim();
        return catalogue.all().stream()
                .filter(e -> e.declared().id().equalsIgnoreCase(t)
                        || e.declared().outputConditionIdentifier().equalsIgnoreCase(t))
                .filter(e -> "CMYK".equals(e.declared().colorSpace()) && e.profile() != null)
                .findFirst()
                .map(e -> new ProofConditions.CatalogueProfile(e.declared().id(),
                        e.declared().outputConditionIdentifier(), e.profile()));
    }

    /** The condition with this catalogue id, or empty. */
    public Optional<Condition> find(String id) {
        return catalogue.find(id).map(e -> new Condition(e.declared().id(),
                e.declared().outputConditionIdentifier(), e.declared().outputCondition(),
                e.declared().registryName(), e.declared().colorSpace(), e.profile()));
    }
}
