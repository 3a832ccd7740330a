/**
 * Runs the engine for jobs within time and memory bounds; owns profiles (built-in and tenant-owned), the
 * check-name registry and the EPM verdict.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "findings", "imports"})
package dev.preflight.analysis;
