/**
 * Jobs: submit, status, list, delete, the synchronous wait, and the background task that processes a job through
 * the analysis or import modules. Owns the jobs and findings tables.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "findings", "analysis", "imports", "billing"})
package dev.preflight.jobs;
