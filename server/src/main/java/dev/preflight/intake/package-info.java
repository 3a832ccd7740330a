/**
 * Intake: the ways work reaches the jobs module besides a plain submit (workflows, vanity endpoints, batches), the
 * audit rerun of a finished job, and the ICC output-condition catalogue. Owns their tables; submits and stores jobs
 * only through the jobs module's API and runs the engine only through the analysis module's.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "findings", "jobs",
        "analysis", "billing"})
package dev.preflight.intake;
