/**
 * External findings: validates and runs the engine's report importers for external jobs, and owns tenant custom
 * import mappings (CRUD, preview) and JDF/XJDF sidecars.
 */
package dev.preflight.imports;
