/**
 * Runs the engine for jobs within time and memory bounds; owns profiles (built-in and tenant-owned), the
 * check-name registry and the EPM verdict.
 */
package dev.preflight.analysis;
