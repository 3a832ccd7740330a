package dev.preflight.ai;

import dev.preflight.findings.Finding;
import dev.preflight.jobs.SubmitOptions;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Which findings of a job the AI audits, from the submit fields (spec: ai_enabled, ai_categories, ai_features,
 * ai_preset). AI is on when {@code ai_enabled=true}, or when a preset is named and {@code ai_enabled} is not
 * {@code false}; profiles carry no AI setting, so with neither it is off. Of the findings, {@code ai_features}
 * (inspection ids) wins; else {@code ai_categories} when {@code ai_enabled=true}; else the preset's selection; else
 * every finding.
 */
record AuditScope(boolean on, Predicate<Finding> covers) {

    /** The presets and what each audits. */
    static final Map<String, Predicate<Finding>> PRESETS = presets();

    private static Map<String, Predicate<Finding>> presets() {
        var m = new LinkedHashMap<String, Predicate<Finding>>();
        m.put("full", f -> true);
        m.put("blocking", f -> "error".equals(f.severity()));
        m.put("color", inCategories(Set.of("color", "color_space", "output_intent", "ink", "transparency")));
        m.put("images", inCategories(Set.of("image")));
        m.put("fonts", inCategories(Set.of("font", "text")));
        m.put("geometry", inCategories(Set.of("page", "layer", "structure")));
        return java.util.Collections.unmodifiableMap(m);
    }

    static List<String> presetSlugs() {
        return List.copyOf(PRESETS.keySet());
    }

    static AuditScope of(SubmitOptions o) {
        boolean on = Boolean.TRUE.equals(o.aiEnabled()) || (o.aiEnabled() == null && o.aiPreset() != null);
        if (!on) {
            return new AuditScope(false, f -> false);
        }
        Set<String> features = csv(o.aiFeatures());
        if (!features.isEmpty()) {
            return new AuditScope(true, f -> f.inspectionId() != null
                    && features.contains(f.inspectionId().toLowerCase(Locale.ROOT)));
        }
        Set<String> categories = csv(o.aiCategories());
        if (Boolean.TRUE.equals(o.aiEnabled()) && !categories.isEmpty()) {
            return new AuditScope(true, inCategories(categories));
        }
        if (o.aiPreset() != null && PRESETS.containsKey(o.aiPreset())) {
            return new AuditScope(true, PRESETS.get(o.aiPreset()));
        }
        return new AuditScope(true, f -> true);
    }

    private static Predicate<Finding> inCategories(Set<String> categories) {
        return f -> f.category() != null && categories.contains(f.category().toLowerCase(Locale.ROOT));
    }

    private static Set<String> csv(String value) {
        if (value == null) {
            return Set.of();
        }
        return Arrays.stream(value.split(",")).map(s -> s.trim().toLowerCase(Locale.ROOT)).filter(s -> !s.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }
}
