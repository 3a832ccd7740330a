package dev.preflight.engine.barcodes;

import dev.preflight.engine.Box;

/**
 * A region that looks like a barcode but that no decoder read.
 *
 * @param pageNum 1-based page
 * @param kind    {@code bars} (a run of parallel bars) or {@code finder_patterns} (QR Code finder patterns)
 * @param bbox    PDF points, origin lower-left
 */
public record SuspectRegion(int pageNum, String kind, Box bbox) {
}
