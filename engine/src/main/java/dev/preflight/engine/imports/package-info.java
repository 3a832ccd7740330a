/**
 * External findings: third-party and native preflight reports, custom XML/JSON mappings and JDF/XJDF job tickets,
 * turned into {@link dev.preflight.engine.Finding}s. Bytes in, findings out; every parse is bounded and XXE-safe.
 */
package dev.preflight.engine.imports;
