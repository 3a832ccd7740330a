package dev.preflight.analysis;

import dev.preflight.engine.Finding;

import java.nio.file.Path;
import java.util.List;

/**
 * The PDF to analyse after any conversion.
 *
 * @param pdf       path of the PDF
 * @param inputType what was uploaded: pdf, jpeg, png, tiff, postscript, eps
 * @param findings  findings about the input itself (INPUT_CONVERTED when converted)
 */
public record PreparedInput(Path pdf, String inputType, List<Finding> findings) {
}
