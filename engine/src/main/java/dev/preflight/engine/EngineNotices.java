package dev.preflight.engine;

import dev.preflight.engine.conformance.ConformanceNotices;

import java.util.List;

/**
 * Findings the engine reports about the analysis itself rather than through a check: they have inspection ids
 * too, so the check-name registry lists them beside the checks.
 */
public final class EngineNotices {

    /** An uploaded image or PostScript file was converted to PDF before analysis. */
    public static final String INPUT_CONVERTED = "INPUT_CONVERTED";
    /** The JDF/XJDF ticket's page count differs from the PDF's. */
    public static final String JDF_PAGE_COUNT_MISMATCH = "JDF_PAGE_COUNT_MISMATCH";
    /** The JDF/XJDF ticket's finished size differs from a page's trim box. */
    public static final String JDF_TRIM_SIZE_MISMATCH = "JDF_TRIM_SIZE_MISMATCH";

    private EngineNotices() {
    }

    /** Metadata of every notice, in the same shape as a check's. */
    public static List<CheckInfo> infos() {
        return List.of(
                notice(Engine.CHECK_FAILED, "Check could not complete",
                        "A check threw on this document's facts; the rest of the analysis went on. details.check "
                                + "names the check.", "structure", Severity.WARNING),
                notice(Engine.INK_RENDER_FAILED, "Ink could not be measured",
                        "Ghostscript could not render the separations, so ink coverage and TAC checks were skipped.",
                        "ink", Severity.WARNING),
                notice(INPUT_CONVERTED, "Input converted to PDF",
                        "The upload was an image (JPEG, PNG, TIFF) or PostScript/EPS and was converted to PDF "
                                + "before analysis; findings refer to the converted PDF.", "structure", Severity.INFO),
                notice(JDF_PAGE_COUNT_MISMATCH, "Job ticket page count differs",
                        "The JDF/XJDF sidecar announces a different number of pages than the PDF has.",
                        "job_ticket", Severity.ERROR),
                notice(JDF_TRIM_SIZE_MISMATCH, "Job ticket trim size differs",
                        "A page's trim box matches the JDF/XJDF finished size in neither orientation (1 mm tolerance).",
                        "job_ticket", Severity.ERROR),
                ConformanceNotices.info());
    }

    private static CheckInfo notice(String id, String name, String description, String category, Severity severity) {
        return new CheckInfo(id, name, description, category, severity, "document", List.of(), false);
    }
}
