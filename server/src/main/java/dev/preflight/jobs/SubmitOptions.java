package dev.preflight.jobs;

import org.jspecify.annotations.Nullable;

/**
 * The per-call options a job was submitted with, kept for the modules that act on them later (AI, branding).
 *
 * @param aiEnabled    true forces AI on, false off, null lets the profile decide
 * @param aiCategories CSV, only applied when AI is on
 * @param aiFeatures   CSV of inspection slugs; wins over ai_categories
 * @param aiPreset     preset slug; implicitly enables AI
 * @param brand        {@code anonymous}, {@code service}, a brand profile UUID, or null for the tenant default
 * @param brandSpecId  the BrandSpec the submission named (it wins over endpoint and tenant defaults), or null
 * @param hasJdf       a JDF/XJDF sidecar was supplied
 */
public record SubmitOptions(@Nullable Boolean aiEnabled, @Nullable String aiCategories, @Nullable String aiFeatures,
                            @Nullable String aiPreset, @Nullable String brand, @Nullable String brandSpecId,
                            boolean hasJdf) {
}
