/**
 * Rendered ink: Ghostscript separations of each page, ink coverage and windowed TAC (summed-area tables), TAC maps
 * and per-ink planes for the viewer, which reaches them through {@code engine.view} ({@code Separations},
 * {@code DocumentInk}).
 */
package dev.preflight.engine.render;
