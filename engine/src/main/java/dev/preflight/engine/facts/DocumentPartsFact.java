package dev.preflight.engine.facts;

import java.util.List;
import java.util.Map;

/**
 * The document part hierarchy of a PDF/VT file (catalog /DPartRoot, ISO 16612-2): the parts, the records at the
 * record level, and the pages no part covers.
 *
 * @param present         the catalog has /DPartRoot
 * @param rootNode        /DPartRoot has a /DPartRootNode dictionary
 * @param recordLevel     /RecordLevel (0 is the root node), or null when absent
 * @param nodeNames       /NodeNameList, the names of the levels
 * @param depth           the deepest level reached (0 for the root alone)
 * @param parts           document part nodes found
 * @param leaves          parts that hold pages (/Start, and /End when the part spans more than one page)
 * @param records         the parts at the record level (the leaves when no level is set)
 * @param pagesPerRecord  how many records have each page count, by page count
 * @param pagesOutside    the first pages (1-based, at most {@link #MAX_LISTED}) no part covers
 * @param pagesOutsideCount how many pages no part covers
 * @param problems        what could not be read or does not fit (cycles, ranges out of order, pages in two parts)
 */
public record DocumentPartsFact(boolean present, boolean rootNode, Integer recordLevel, List<String> nodeNames,
                                int depth, int parts, int leaves, int records, Map<Integer, Integer> pagesPerRecord,
                                List<Integer> pagesOutside, int pagesOutsideCount, List<String> problems) {

    /** Pages listed in {@link #pagesOutside} and problems kept, at most. */
    public static final int MAX_LISTED = 100;

    public DocumentPartsFact {
        nodeNames = nodeNames == null ? List.of() : List.copyOf(nodeNames);
        pagesPerRecord = pagesPerRecord == null ? Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.TreeMap<>(pagesPerRecord));
        pagesOutside = pagesOutside == null ? List.of() : List.copyOf(pagesOutside);
        problems = problems == null ? List.of() : List.copyOf(problems);
    }

    /** A document without /DPartRoot. */
    public static DocumentPartsFact none() {
        return new DocumentPartsFact(false, false, null, List.of(), 0, 0, 0, 0, Map.of(), List.of(), 0, List.of());
    }
}
