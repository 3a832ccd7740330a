package dev.preflight.engine.render;

import java.util.BitSet;

/**
 * Which pages of a document can only paint with process inks ({@link SpotScan}); every other page may carry spot
 * inks and is rendered by the separation device.
 */
public final class SpotPages {

    private static final SpotPages UNKNOWN = new SpotPages(new BitSet());

    private final BitSet processOnly;

    SpotPages(BitSet processOnly) {
        this.processOnly = (BitSet) processOnly.clone();
    }

    /** Nothing known: every page may carry spot inks. */
    public static SpotPages unknown() {
        return UNKNOWN;
    }

    /** Every page of a document known to name no spot ink anywhere (its separations are process inks only). */
    public static SpotPages allProcessOnly(int pageCount) {
        var all = new BitSet();
        all.set(1, pageCount + 1);
        return new SpotPages(all);
    }

    /** True when the 1-based page can only paint with process inks. */
    public boolean processOnly(int pageNum) {
        return pageNum >= 1 && processOnly.get(pageNum);
    }

    /** Pages known to paint with process inks only. */
    public int processOnlyCount() {
        return processOnly.cardinality();
    }
}
