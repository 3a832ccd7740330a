package dev.preflight.analysis;

import dev.preflight.findings.Finding;
import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the pipeline produced for a job: server-owned types only, ready to store.
 *
 * @param inputType      what was uploaded: pdf, jpeg, png, tiff, postscript, eps
 * @param pdf            the PDF that was analysed (in the request's scratch directory when the input was converted)
 * @param converted      true when {@code pdf} was made from a non-PDF upload (then keep it: the viewer renders it)
 * @param findings       findings in report order, without ids
 * @param externalSource the imported report's source block, stored verbatim
 * @param jdfContext     the ticket context every finding of the job shows
 * @param epmVerdict     when the profile runs EPM checks
 */
public record PreflightOutcome(String inputType, Path pdf, boolean converted, int pageCount,
                               @Nullable String pdfVersion, List<PageBoxes> pages, List<Finding> findings,
                               @Nullable Map<String, Object> externalSource, IngestCapabilities capabilities,
                               @Nullable Map<String, Object> jdfContext, @Nullable EpmVerdict epmVerdict) {

    public PreflightOutcome {
        pages = List.copyOf(pages);
        findings = List.copyOf(findings);
    }
}
