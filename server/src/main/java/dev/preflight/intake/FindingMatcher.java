package dev.preflight.intake;

import dev.preflight.findings.Finding;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;

/**
 * Decides which findings of a new analysis reproduce which findings of the previous one. A finding reproduces
 * another when both have the same inspection id, page and PDF object, and the same location: both unlocated, or
 * bounding boxes whose corners lie within {@link #BBOX_TOLERANCE_PT} of each other. Severity, message and details
 * may differ (a profile may grade or word the same problem differently). Pairing is one to one, in report order.
 */
final class FindingMatcher {

    /** Points a bounding-box corner may move between runs and still be the same place (rounding, rendering). */
    static final double BBOX_TOLERANCE_PT = 1.0;

    private record Key(String inspectionId, int pageNum, String objectId) {
    }

    private FindingMatcher() {
    }

    /**
     * For each current finding, the index of the previous finding it reproduces, or -1 when it is new. Each
     * previous finding is used at most once.
     */
    static int[] match(List<Finding> previous, List<Finding> current) {
        var byKey = new HashMap<Key, ArrayDeque<Integer>>();
        for (int i = 0; i < previous.size(); i++) {
            byKey.computeIfAbsent(key(previous.get(i)), k -> new ArrayDeque<>()).add(i);
        }
        int[] out = new int[current.size()];
        Arrays.fill(out, -1);
        for (int c = 0; c < current.size(); c++) {
            ArrayDeque<Integer> candidates = byKey.get(key(current.get(c)));
            if (candidates == null) {
                continue;
            }
            for (var it = candidates.iterator(); it.hasNext(); ) {
                int p = it.next();
                if (sameLocation(previous.get(p).bbox(), current.get(c).bbox())) {
                    out[c] = p;
                    it.remove();
                    break;
                }
            }
        }
        return out;
    }

    private static Key key(Finding f) {
        return new Key(f.inspectionId(), f.pageNum(), f.objectId());
    }

    static boolean sameLocation(List<Double> a, List<Double> b) {
        if (a == null || b == null) {
            return a == null && b == null;
        }
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (Math.abs(a.get(i) - b.get(i)) > BBOX_TOLERANCE_PT) {
                return false;
            }
        }
        return true;
    }
}
