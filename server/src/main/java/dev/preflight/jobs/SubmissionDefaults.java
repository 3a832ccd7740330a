package dev.preflight.jobs;

import java.util.UUID;

/**
 * Fills the fields a submission leaves out from a named set of defaults (a workflow). The module that owns workflows
 * implements it; without an implementation no tenant has any, so every {@code workflow_id} is unknown (404).
 *
 * <p>Precedence, documented on the submit route: a field the submission gives (a non-blank part) always wins; the
 * defaults fill only the fields it omits. {@code brand} and {@code unbranded} count as one choice: when the
 * submission gives either, neither default applies.
 */
public interface SubmissionDefaults {

    /**
     * The submission with the workflow's pinned fields filled in; the workflow id is cleared.
     *
     * @throws dev.preflight.platform.NotFoundException when the tenant has no such workflow
     */
    JobSubmission apply(String tenantId, UUID workflowId, JobSubmission submission);
}
