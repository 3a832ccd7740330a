/**
 * Child processes of the engine (Ghostscript, tesseract): started with nothing on standard input, their output
 * drained within bounds, bounded in time, killed with their whole process tree. Internal to the engine.
 */
package dev.preflight.engine.process;
