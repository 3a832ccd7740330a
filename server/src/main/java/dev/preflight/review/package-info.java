/**
 * Review: what a print shop does with a finished job besides reading it. Decisions on the job and its findings
 * (approve, reject, waive, suppress, annotate, escalate) with their effective state on each finding, approval chains
 * whose steps approvers decide with an API key or through a share token minted for them, and annotations with
 * comment threads drawn on the viewer's pages. Owns its tables; reads jobs, share links and the verdict only
 * through those modules' public APIs.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "findings", "jobs",
        "reports", "viewer", "billing"})
package dev.preflight.review;
