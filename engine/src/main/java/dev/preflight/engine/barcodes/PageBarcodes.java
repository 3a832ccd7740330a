package dev.preflight.engine.barcodes;

import java.util.List;

/**
 * One page's barcodes.
 *
 * @param pageNum  1-based page
 * @param dpi      resolution the page was rendered at
 * @param codes    decoded codes
 * @param suspects regions that look like a barcode (parallel bars, QR finder patterns) that no decoder read
 * @param problem  why the page could not be scanned (too large, content that does not draw), else null
 */
public record PageBarcodes(int pageNum, int dpi, List<BarcodeFact> codes, List<SuspectRegion> suspects,
                           String problem) {

    public PageBarcodes {
        codes = codes == null ? List.of() : List.copyOf(codes);
        suspects = suspects == null ? List.of() : List.copyOf(suspects);
    }
}
