package dev.preflight.engine;

import java.nio.file.Path;

/**
 * The PDF to analyse and where it came from.
 *
 * @param pdf       the input itself when it was a PDF, else the converted file in the scratch directory
 * @param type      what the input was
 * @param converted true when {@code pdf} was made from another format
 * @param message   for the finding list, e.g. "Converted from JPEG to PDF before analysis"; null when not converted
 */
public record ConversionResult(Path pdf, InputType type, boolean converted, String message) {
}
