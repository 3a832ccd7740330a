package dev.preflight.analysis;

import dev.preflight.engine.Finding;

import java.nio.file.Path;
import java.util.List;

/**
 * The PDF to analyse after any conversion.
 *
 * @param pdf       path of the PDF
 * @param inputType what was uploaded: pdf, jpeg, png, tiff, postscript, eps
 * @param converted true when the PDF was made from another format
 * @param findings  findings about the input itself (INPUT_CONVERTED when converted)
 */
record PreparedInput(Path pdf, String inputType, boolean converted, List<Finding> findings) {
}
