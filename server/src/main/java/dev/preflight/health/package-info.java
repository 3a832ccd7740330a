/**
 * Liveness and readiness: the process answers, and the database, blob storage and Ghostscript work.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "analysis"})
package dev.preflight.health;
