/**
 * Convertible input: recognises JPEG, PNG, TIFF, PostScript and EPS by their first bytes and turns them into a PDF
 * to analyse (PDFBox for images, Ghostscript for PostScript).
 */
package dev.preflight.engine.convert;
