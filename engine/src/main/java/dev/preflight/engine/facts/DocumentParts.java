package dev.preflight.engine.facts;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSString;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the PDF/VT document part hierarchy (ISO 16612-2; ISO 32000-2 14.12): walks the DPart nodes from the root
 * without recursion, counts the records at the record level and their pages, and finds the pages no part covers.
 * A hostile tree is bounded in nodes and depth and may not loop.
 */
final class DocumentParts {

    static final COSName DPART_ROOT = COSName.getPDFName("DPartRoot");
    private static final COSName DPART_ROOT_NODE = COSName.getPDFName("DPartRootNode");
    private static final COSName RECORD_LEVEL = COSName.getPDFName("RecordLevel");
    private static final COSName NODE_NAME_LIST = COSName.getPDFName("NodeNameList");
    private static final COSName DPARTS = COSName.getPDFName("DParts");
    private static final COSName START = COSName.getPDFName("Start");
    private static final COSName END = COSName.getPDFName("End");
    private static final int MAX_NODES = 2_000_000;
    private static final int MAX_DEPTH = 256;

    private DocumentParts() {
    }

    /** One node to visit: the part, its level, and the record it belongs to (-1 above the record level). */
    private record Visit(COSDictionary node, int level, int record) {
    }

    static DocumentPartsFact read(COSBase root, Map<COSDictionary, Integer> pageNumbers, int pageCount) {
        var problems = new ArrayList<String>();
        if (!(root instanceof COSDictionary r)) {
            problems.add("/DPartRoot is not a dictionary");
            return new DocumentPartsFact(true, false, null, List.of(), 0, 0, 0, 0, Map.of(), first(pageCount, null),
                    pageCount, problems);
        }
        Integer recordLevel = r.getDictionaryObject(RECORD_LEVEL) instanceof COSNumber n ? n.intValue() : null;
        var names = new ArrayList<String>();
        if (r.getDictionaryObject(NODE_NAME_LIST) instanceof COSArray a) {
            for (int i = 0; i < a.size() && i < DocumentPartsFact.MAX_LISTED; i++) {
                COSBase b = a.getObject(i);
                names.add(b instanceof COSName nm ? nm.getName() : b instanceof COSString s ? s.getString() : "");
            }
        }
        if (!(r.getDictionaryObject(DPART_ROOT_NODE) instanceof COSDictionary rootNode)) {
            return new DocumentPartsFact(true, false, recordLevel, names, 0, 0, 0, 0, Map.of(),
                    first(pageCount, null), pageCount, problems);
        }
        BitSet covered = new BitSet(pageCount + 1);
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        var recordPages = new ArrayList<Integer>();
        var stack = new ArrayDeque<Visit>();
        stack.push(new Visit(rootNode, 0, recordLevel != null && recordLevel == 0 ? newRecord(recordPages) : -1));
        int parts = 0;
        int leaves = 0;
        int depth = 0;
        while (!stack.isEmpty()) {
            Visit v = stack.pop();
            if (!seen.add(v.node())) {
                problem(problems, "a document part is reached twice (the hierarchy loops or shares a node)");
                continue;
            }
            if (++parts > MAX_NODES) {
                problem(problems, "more than " + MAX_NODES + " document parts; the rest were not read");
                break;
            }
            depth = Math.max(depth, v.level());
            COSBase start = v.node().getDictionaryObject(START);
            if (start != null) {
                leaves++;
                int pages = range(v.node(), start, pageNumbers, covered, problems);
                int record = v.record();
                if (recordLevel == null) {
                    record = newRecord(recordPages);
                } else if (record < 0) {
                    problem(problems, "a document part at level " + v.level() + " holds pages above the record "
                            + "level " + recordLevel);
                }
                if (record >= 0) {
                    recordPages.set(record, recordPages.get(record) + pages);
                }
            }
            if (v.node().getDictionaryObject(DPARTS) instanceof COSArray groups) {
                if (v.level() >= MAX_DEPTH) {
                    problem(problems, "document parts nested deeper than " + MAX_DEPTH + " levels were not read");
                    continue;
                }
                var children = new ArrayList<Visit>();
                for (int i = 0; i < groups.size(); i++) {
                    if (!(groups.getObject(i) instanceof COSArray group)) {
                        problem(problems, "a /DParts entry is not an array of document parts");
                        continue;
                    }
                    for (int j = 0; j < group.size(); j++) {
                        if (group.getObject(j) instanceof COSDictionary child) {
                            int level = v.level() + 1;
                            int record = v.record();
                            if (recordLevel != null && level == recordLevel) {
                                record = newRecord(recordPages);
                            }
                            children.add(new Visit(child, level, record));
                        } else {
                            problem(problems, "a /DParts entry holds something other than a document part");
                        }
                    }
                }
                // depth first, in document order
                for (int i = children.size() - 1; i >= 0; i--) {
                    stack.push(children.get(i));
                }
            } else if (start == null) {
                problem(problems, "a document part has neither /DParts nor /Start");
            }
        }
        Map<Integer, Integer> perRecord = new TreeMap<>();
        for (int pages : recordPages) {
            perRecord.merge(pages, 1, Integer::sum);
        }
        int outside = pageCount - covered.cardinality();
        return new DocumentPartsFact(true, true, recordLevel, names, depth, Math.min(parts, MAX_NODES), leaves,
                recordPages.size(), perRecord, first(pageCount, covered), outside, problems);
    }

    private static int newRecord(List<Integer> recordPages) {
        recordPages.add(0);
        return recordPages.size() - 1;
    }

    /** Marks the pages from /Start to /End (or /Start alone) as covered; the number of pages, 0 when unreadable. */
    private static int range(COSDictionary part, COSBase start, Map<COSDictionary, Integer> pageNumbers,
                             BitSet covered, List<String> problems) {
        Integer first = start instanceof COSDictionary d ? pageNumbers.get(d) : null;
        COSBase end = part.getDictionaryObject(END);
        Integer last = end == null ? first : end instanceof COSDictionary d ? pageNumbers.get(d) : null;
        if (first == null || last == null) {
            problem(problems, "a document part's /Start or /End is not a page of the document");
            return 0;
        }
        if (last < first) {
            problem(problems, "a document part ends (page " + last + ") before it starts (page " + first + ")");
            return 0;
        }
        int overlap = covered.get(first, last + 1).nextSetBit(0);
        if (overlap >= 0) {
            problem(problems, "page " + (first + overlap) + " is in more than one document part");
        }
        covered.set(first, last + 1);
        return last - first + 1;
    }

    /** The first pages (1-based) not covered, at most {@link DocumentPartsFact#MAX_LISTED}. */
    private static List<Integer> first(int pageCount, BitSet covered) {
        var out = new ArrayList<Integer>();
        for (int p = 1; p <= pageCount && out.size() < DocumentPartsFact.MAX_LISTED; p++) {
            if (covered == null || !covered.get(p)) {
                out.add(p);
            }
        }
        return out;
    }

    private static void problem(List<String> problems, String problem) {
        if (problems.size() < DocumentPartsFact.MAX_LISTED && !problems.contains(problem)) {
            problems.add(problem);
        }
    }
}
