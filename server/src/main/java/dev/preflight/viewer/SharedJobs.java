package dev.preflight.viewer;

import jakarta.servlet.http.HttpServletRequest;

import java.util.Optional;

/**
 * Resolves a share token to the job it opens, for the unauthenticated viewer routes under
 * {@code /api/v1/viewer/public/{token}/...}. The module that mints share links implements it as a bean; the viewer
 * uses it when present and never depends on that module.
 */
public interface SharedJobs {

    /**
     * The job a token opens for this request, with its state; empty when the token is unknown. An implementation
     * may answer for itself by throwing: {@code NotFoundException} (unknown, or not served on the request's host),
     * {@code GoneException} (expired or revoked) and {@code ForbiddenException} (the link requires a visitor email
     * and the request carries none).
     */
    Optional<SharedJob> resolve(String token, HttpServletRequest request);

    /**
     * Counts a page view of the shared job by this request (the link's {@code accessed_count}, and its first-touch
     * event). The viewer calls it from one route only, so that a viewer session counts once.
     */
    void recordVisit(SharedJob share, HttpServletRequest request);
}
