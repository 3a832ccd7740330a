/**
 * Optical character recognition of rendered pages with the {@code tesseract} command-line program, returning word
 * boxes in PDF points for the viewer's text regions; reached through {@link dev.preflight.engine.view.TextRecognition}.
 */
package dev.preflight.engine.ocr;
