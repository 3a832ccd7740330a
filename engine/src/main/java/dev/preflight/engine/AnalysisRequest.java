package dev.preflight.engine;

/**
 * What to analyse a document for.
 *
 * @param profile   the profile whose checks run
 * @param renderInk render separations for ink and TAC checks (skipped when no check of the profile needs ink)
 */
public record AnalysisRequest(Profile profile, boolean renderInk) {
}
