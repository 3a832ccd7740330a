/**
 * The finding: the one record every module exchanges and every route shows (job, imports preview, reports, share
 * links). A shared kernel of types only; it owns no table and no behaviour.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {})
package dev.preflight.findings;
