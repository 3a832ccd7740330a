/**
 * PDF/A and PDF/UA through veraPDF: its validation profiles' rules as checks of our catalogue, its results as
 * findings, the validation itself in a child JVM bounded in time and heap.
 */
package dev.preflight.engine.conformance;
