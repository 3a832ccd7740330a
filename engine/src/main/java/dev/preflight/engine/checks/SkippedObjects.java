package dev.preflight.engine.checks;

import dev.preflight.engine.Severity;
import dev.preflight.engine.facts.PaintedElement;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Counts, per page, the objects a check would have reported but skipped under the GWG visibility (D0030) and
 * overlap (D0031) rules, and reports them as one info note per page (GWG implementation note I00006), so that an
 * operator can tell "checked and fine" from "nothing left to check".
 */
public final class SkippedObjects {

    /** Reason: in front of nothing (GWG D0031). */
    public static final String NOT_OVERLAPPING = "not_overlapping";
    /** Reason: in front of no ink other than black (paper, white or black-only content). */
    public static final String NOT_OVER_COLOUR = "not_over_colour";
    /** Reason: a stroke drawn over a fill of the same path in the same colour, which never shows as a line. */
    public static final String OUTLINE_OF_SAME_COLOUR_FILL = "outline_of_same_colour_fill";
    /** Reason: every mark lies outside the BleedBox, where the sheet is trimmed away (GWG D0003). */
    public static final String OUTSIDE_PRINTED_SURFACE = "outside_printed_surface";

    private final Map<Integer, Map<String, Integer>> byPage = new TreeMap<>();

    /** Counts one skipped object. */
    public void count(int pageNum, String reason) {
        byPage.computeIfAbsent(pageNum, p -> new LinkedHashMap<>()).merge(reason, 1, Integer::sum);
    }

    /** Why an element is not visible (GWG D0030): clipped, covered, ... ("not_visible" when unknown). */
    public static String invisibleReason(PaintedElement e) {
        return e.notVisibleReason() == null ? "not_visible" : e.notVisibleReason();
    }

    /** Skipped objects on a page, 0 when none. */
    public int on(int pageNum) {
        Map<String, Integer> m = byPage.get(pageNum);
        return m == null ? 0 : m.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** One info note per page with skipped objects, by reason, with the check's id. */
    public void report(CheckContext ctx) {
        for (var page : byPage.entrySet()) {
            Map<String, Integer> reasons = page.getValue();
            int total = reasons.values().stream().mapToInt(Integer::intValue).sum();
            String why = reasons.entrySet().stream().map(e -> e.getValue() + " " + words(e.getKey()))
                    .collect(Collectors.joining(", "));
            var b = ctx.finding(String.format(Locale.ROOT,
                            "Page %d: %d object%s that %s would judge %s skipped (%s; GWG I00006)", page.getKey(),
                            total, total == 1 ? "" : "s", ctx.info().id(), total == 1 ? "was" : "were", why))
                    .severity(Severity.INFO)
                    .page(page.getKey())
                    .detail("skipped", true)
                    .detail("skipped_total", total);
            reasons.forEach((reason, n) -> b.detail("skipped_" + reason, n));
            b.note();
        }
    }

    private static String words(String reason) {
        return switch (reason) {
            case NOT_OVERLAPPING -> "overlapping nothing (GWG D0031)";
            case NOT_OVER_COLOUR -> "over no colour other than black";
            case OUTLINE_OF_SAME_COLOUR_FILL -> "outlining a fill of the same path and colour (no line shows)";
            case OUTSIDE_PRINTED_SURFACE -> "wholly outside the printed surface (BleedBox, GWG D0003)";
            case "covered" -> "covered by opaque content painted later (GWG D0030)";
            case "clipped" -> "clipped away (GWG D0030)";
            default -> "not visible: " + reason.replace('_', ' ') + " (GWG D0030)";
        };
    }
}
