package dev.preflight.jobs;

import java.util.List;

/**
 * The {@code ai_preset} slugs a submission may name. The AI module implements it; without an implementation any
 * value is stored as given (AI is then not configured and nothing acts on it).
 */
public interface AiPresets {

    /** The known preset slugs; a submission naming another one is refused with 422. */
    List<String> slugs();
}
