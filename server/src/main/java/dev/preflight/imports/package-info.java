/**
 * External findings: validates and runs the engine's report importers for external jobs, and owns tenant custom
 * import mappings (CRUD, preview) and JDF/XJDF sidecars.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "findings"})
package dev.preflight.imports;
