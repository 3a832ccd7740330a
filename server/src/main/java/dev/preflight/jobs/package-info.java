/**
 * Jobs: submit, status, list, delete, the synchronous wait, and the background task that processes a job through
 * the analysis or import modules. Owns the jobs and findings tables. Other modules read jobs through
 * {@link dev.preflight.jobs.JobReader} and learn of changes through its events; only intake, which submits and
 * re-analyses jobs, holds the whole {@link dev.preflight.jobs.JobService} (ModuleStructureTests).
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "findings", "analysis", "imports", "billing"})
package dev.preflight.jobs;
