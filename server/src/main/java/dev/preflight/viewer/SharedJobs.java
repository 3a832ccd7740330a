package dev.preflight.viewer;

import java.util.Optional;

/**
 * Resolves a share token to the job it opens, for the unauthenticated viewer routes under
 * {@code /api/v1/viewer/public/{token}/...}. The module that mints share links implements it as a bean; the viewer
 * uses it when present and never depends on that module.
 */
public interface SharedJobs {

    /** The job a token opens, with its state; empty when the token is unknown. */
    Optional<SharedJob> resolve(String token);
}
