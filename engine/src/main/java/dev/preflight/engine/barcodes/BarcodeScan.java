package dev.preflight.engine.barcodes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The barcodes found on a document's rendered pages.
 *
 * @param performed true when the pages were rendered and decoded (a barcode check was in the profile)
 * @param pages     what each 1-based page holds
 */
public record BarcodeScan(boolean performed, Map<Integer, PageBarcodes> pages) {

    public BarcodeScan {
        pages = pages == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(pages));
    }

    /** No scan: no barcode check asked for one. */
    public static BarcodeScan none() {
        return new BarcodeScan(false, Map.of());
    }

    /** Every decoded code, in page order. */
    public List<BarcodeFact> codes() {
        var out = new ArrayList<BarcodeFact>();
        pages.values().forEach(p -> out.addAll(p.codes()));
        return out;
    }

    /** Every region that looks like a barcode but decodes as none, in page order. */
    public List<SuspectRegion> suspects() {
        var out = new ArrayList<SuspectRegion>();
        pages.values().forEach(p -> out.addAll(p.suspects()));
        return out;
    }
}
