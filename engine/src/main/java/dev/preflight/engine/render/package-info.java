/**
 * Rendered ink: Ghostscript separations of each page, ink coverage and windowed TAC (summed-area tables), TAC maps
 * and per-ink planes for the viewer.
 */
package dev.preflight.engine.render;
