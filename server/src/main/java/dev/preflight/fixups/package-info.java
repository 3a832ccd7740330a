/**
 * Fixups: the fixup registry, fixing a job's file into a new job (and the fixups or auto_fix of a submit, run in the
 * jobs module's processing task through {@link dev.preflight.jobs.JobFixer}), and the download of a job's file.
 * Calls the engine's fixups; talks to jobs and billing only through their public APIs,
 * and reads the profile an auto fix plans under through the analysis module's.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "findings", "jobs",
        "billing", "intake", "analysis"})
package dev.preflight.fixups;
