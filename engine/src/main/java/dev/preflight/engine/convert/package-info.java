/**
 * Convertible input: recognises JPEG, PNG, TIFF, PostScript and EPS by their first bytes and turns them into a PDF
 * to analyse (PDFBox for images, Ghostscript for PostScript); reached through
 * {@link dev.preflight.engine.Engine#convertIfNeeded} and {@link dev.preflight.engine.Engine#inputType}.
 */
package dev.preflight.engine.convert;
