package dev.preflight.engine.imports;

import dev.preflight.engine.Box;
import dev.preflight.engine.Finding;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.Severity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a JDF/XJDF job ticket orders; any field the ticket does not state is null.
 *
 * @param version       "JDF 1.x" or "XJDF 2.x" (from the root's Version attribute)
 * @param jobId         the root's JobID
 * @param jobName       the root's (else the product's) DescriptiveName
 * @param productType   ProductType of the root product (Brochure, Flyer, ...)
 * @param intentType    the root node's Type / Types (Product, Combined, ...)
 * @param trimWidthPt   finished width in points (LayoutIntent FinishedDimensions, else Dimensions, else the final
 *                      component's Dimensions)
 * @param trimHeightPt  finished height in points
 * @param pageCount     LayoutIntent Pages, else RunList NPage
 * @param coloursFront  process colours on the front (4 in 4/0)
 * @param coloursBack   colours on the back (0 in 4/0); null when unknown
 * @param colourNames   colourant names the ticket lists, in order
 * @param mediaName     stock name (StockBrand, MediaQuality or the media's DescriptiveName)
 * @param mediaWeightGsm paper weight in g/m²
 * @param mediaType     Paper, Board, ...
 * @param binding       BindingType (SaddleStitch, PerfectBound, ...)
 */
public record JdfTicket(String version, String jobId, String jobName, String productType, String intentType,
                        Double trimWidthPt, Double trimHeightPt, Integer pageCount, Integer coloursFront,
                        Integer coloursBack, List<String> colourNames, String mediaName, Double mediaWeightGsm,
                        String mediaType, String binding) {

    /** Trim sizes that differ by no more than this (1 mm, in points) are the same. */
    public static final double TRIM_TOLERANCE_PT = 72.0 / 25.4;

    /** Source of the contradiction findings: the engine compares ticket and PDF, nothing is imported. */
    public static final String CONTRADICTION_SOURCE = Finding.SOURCE_ENGINE;

    public JdfTicket {
        colourNames = colourNames == null ? List.of() : List.copyOf(colourNames);
    }

    /** "4/4", "4/0", or "4" when the back is unknown; null when the ticket says nothing about colours. */
    public String colourNotation() {
        if (coloursFront == null) {
            return null;
        }
        return coloursBack == null ? coloursFront.toString() : coloursFront + "/" + coloursBack;
    }

    /** The {@code jdf_context} object attached to every finding of a job with this ticket (snake_case, no nulls). */
    public Map<String, Object> asContext() {
        Map<String, Object> c = new LinkedHashMap<>();
        put(c, "version", version);
        put(c, "job_id", jobId);
        put(c, "job_name", jobName);
        put(c, "product_type", productType);
        put(c, "intent_type", intentType);
        if (trimWidthPt != null && trimHeightPt != null) {
            Map<String, Object> trim = new LinkedHashMap<>();
            trim.put("width_pt", round(trimWidthPt, 3));
            trim.put("height_pt", round(trimHeightPt, 3));
            trim.put("width_mm", round(trimWidthPt * 25.4 / 72, 1));
            trim.put("height_mm", round(trimHeightPt * 25.4 / 72, 1));
            c.put("trim_size", trim);
        }
        put(c, "page_count", pageCount);
        if (coloursFront != null || !colourNames.isEmpty()) {
            Map<String, Object> colour = new LinkedHashMap<>();
            put(colour, "notation", colourNotation());
            put(colour, "front", coloursFront);
            put(colour, "back", coloursBack);
            if (!colourNames.isEmpty()) {
                colour.put("names", colourNames);
            }
            c.put("colour", colour);
        }
        if (mediaName != null || mediaWeightGsm != null || mediaType != null) {
            Map<String, Object> media = new LinkedHashMap<>();
            put(media, "name", mediaName);
            put(media, "weight_gsm", mediaWeightGsm);
            put(media, "type", mediaType);
            c.put("media", media);
        }
        put(c, "binding", binding);
        return c;
    }

    /**
     * Findings where the ticket and the PDF disagree: {@code JDF_PAGE_COUNT_MISMATCH} (document level) and
     * {@code JDF_TRIM_SIZE_MISMATCH} (one per page whose effective trim box, times UserUnit, matches the ticket's
     * finished size in neither orientation within 1 mm). Both are errors with source {@code engine}.
     */
    public List<Finding> contradictions(int pdfPageCount, List<PageGeometry> pages) {
        List<Finding> findings = new ArrayList<>();
        if (pageCount != null && pageCount != pdfPageCount) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("ticket_pages", pageCount);
            details.put("pdf_pages", pdfPageCount);
            findings.add(new Finding("JDF_PAGE_COUNT_MISMATCH", Severity.ERROR,
                    "The job ticket orders " + pageCount + " pages but the PDF has " + pdfPageCount,
                    0, null, null, "document", "job_ticket", null, details, CONTRADICTION_SOURCE));
        }
        if (trimWidthPt != null && trimHeightPt != null && pages != null) {
            for (PageGeometry page : pages) {
                Box trim = page.effectiveTrim();
                if (trim == null) {
                    continue;
                }
                double unit = page.userUnit() > 0 ? page.userUnit() : 1.0;
                double w = trim.width() * unit;
                double h = trim.height() * unit;
                boolean upright = Math.abs(w - trimWidthPt) <= TRIM_TOLERANCE_PT
                        && Math.abs(h - trimHeightPt) <= TRIM_TOLERANCE_PT;
                boolean turned = Math.abs(w - trimHeightPt) <= TRIM_TOLERANCE_PT
                        && Math.abs(h - trimWidthPt) <= TRIM_TOLERANCE_PT;
                if (upright || turned) {
                    continue;
                }
                Map<String, Object> details = new LinkedHashMap<>();
                details.put("ticket_width_pt", round(trimWidthPt, 3));
                details.put("ticket_height_pt", round(trimHeightPt, 3));
                details.put("page_width_pt", round(w, 3));
                details.put("page_height_pt", round(h, 3));
                details.put("tolerance_pt", round(TRIM_TOLERANCE_PT, 3));
                findings.add(new Finding("JDF_TRIM_SIZE_MISMATCH", Severity.ERROR,
                        "Page trim size " + mm(w) + " × " + mm(h) + " mm differs from the job ticket's "
                                + mm(trimWidthPt) + " × " + mm(trimHeightPt) + " mm",
                        page.pageNum(), trim.toList(), null, "page", "job_ticket", null, details,
                        CONTRADICTION_SOURCE));
            }
        }
        return findings;
    }

    private static String mm(double pt) {
        return String.format(Locale.ROOT, "%.1f", pt * 25.4 / 72);
    }

    private static double round(double v, int places) {
        double f = Math.pow(10, places);
        return Math.round(v * f) / f;
    }

    private static void put(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }
}
