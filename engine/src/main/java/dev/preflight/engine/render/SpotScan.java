package dev.preflight.engine.render;

import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.UnreadablePdfException;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageTree;

import java.io.IOException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Finds the pages that can only paint with process inks, so that a CMYK device renders every plate they have and
 * the slower separation device is needed only for the others.
 *
 * <p>A page may carry a spot ink when any object it can paint with names one: a Separation or DeviceN colour space
 * (also inside an Indexed base, a pattern, a shading, a DeviceN's attributes or {@code /Colorants}) whose colorants
 * are not only Cyan, Magenta, Yellow, Black, None or All. The scan looks for such colour spaces in every object
 * reachable from the page's resources (inherited from the page tree: colour spaces, XObject forms and images,
 * patterns, shadings, graphics states with their soft-mask groups, Type 3 fonts, each with their own resources) and
 * from its annotations (every appearance stream of every state). It reads dictionaries and arrays only, never a
 * content stream, and does not follow links back into the page tree or to other annotations (/Parent, /P,
 * /Popup...). Results are remembered per object, so resources shared by many pages are scanned once; cycles end
 * the walk of a branch. Anything it cannot judge (a damaged object, a malformed colour space, nesting deeper than
 * {@value #MAX_DEPTH} or more than {@value #MAX_VISITS_PER_PAGE} objects for one page) counts as "may carry spot
 * inks", so a page is never wrongly sent to the CMYK device. Not seen: a colour space written out inline in a
 * content stream rather than named in the resources, which PDF does not allow.
 */
public final class SpotScan {

    static final int MAX_DEPTH = 64;
    static final int MAX_VISITS_PER_PAGE = 200_000;

    /** Colorant names that are no spot ink: the process plates, and the two names that address no or all plates. */
    private static final Set<String> NOT_SPOT = Set.of("Cyan", "Magenta", "Yellow", "Black", "None", "All");
    /** Keys that lead out of what the page paints: the page tree, other annotations, actions, structure. */
    private static final Set<COSName> LINKS = Set.of(COSName.PARENT, COSName.P, COSName.POPUP, COSName.IRT,
            COSName.DEST, COSName.A, COSName.AA, COSName.NEXT, COSName.PREV, COSName.FIRST, COSName.LAST,
            COSName.STRUCT_PARENT, COSName.STRUCT_PARENTS, COSName.THUMB, COSName.B, COSName.PIECE_INFO,
            COSName.METADATA);

    private static final int SPOT = -1;
    private static final int FREE = Integer.MAX_VALUE;

    /** Objects judged for good: true when a spot ink is reachable from them. */
    private final Map<COSBase, Boolean> memo = new IdentityHashMap<>();
    /** Per page walk: {entry index, lowest index of an unfinished object reached, finished} by object. */
    private Map<COSBase, int[]> walk;
    private int counter;
    private int budget;

    private SpotScan() {
    }

    /**
     * Scans every page of a document. When {@code file} (the document's file) is given, it is read first: a
     * document in which no name {@code /Separation} or {@code /DeviceN} is written anywhere, neither in the file
     * nor in its object streams, has only process-only pages, and the pages need not be walked.
     */
    public static SpotPages scan(PDDocument doc, Path file) {
        int pages;
        try {
            pages = doc.getNumberOfPages();
        } catch (RuntimeException e) {
            pages = -1;
        }
        if (file != null && pages >= 0 && !NameSearch.mayNameSpots(doc, file)) {
            return SpotPages.allProcessOnly(pages);
        }
        var scan = new SpotScan();
        var processOnly = new BitSet();
        int n = 0;
        try {
            for (PDPage page : doc.getPages()) {
                n++;
                if (!scan.mayCarrySpots(page)) {
                    processOnly.set(n);
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            // a damaged page tree: the pages after the damage keep "may carry spot inks"
        }
        return new SpotPages(processOnly);
    }

    /**
     * Opens a PDF and scans every page ({@link #scan(PDDocument, Path)}); a file that cannot be opened gives
     * {@link SpotPages#unknown()}, so that every page goes to the separation device, which will say what is wrong.
     */
    public static SpotPages scan(Path pdf) {
        try (PDDocument doc = PdfOpener.open(pdf, 64L * 1024 * 1024)) {
            return scan(doc, pdf);
        } catch (UnreadablePdfException | IOException | RuntimeException e) {
            return SpotPages.unknown();
        }
    }

    /** Scans one page (1-based) of a document; a page that cannot be read may carry spot inks. */
    public static boolean mayCarrySpots(PDDocument doc, int pageNum) {
        try {
            return new SpotScan().mayCarrySpots(doc.getPage(pageNum - 1));
        } catch (RuntimeException | StackOverflowError e) {
            return true;
        }
    }

    private boolean mayCarrySpots(PDPage page) {
        walk = new IdentityHashMap<>();
        counter = 0;
        budget = MAX_VISITS_PER_PAGE;
        try {
            COSDictionary dict = page.getCOSObject();
            return visit(PDPageTree.getInheritableAttribute(dict, COSName.RESOURCES), 0) == SPOT
                    || visit(dict.getItem(COSName.ANNOTS), 0) == SPOT;
        } catch (RuntimeException | StackOverflowError e) {
            // Doubt, or a damaged object PDFBox could not read
            return true;
        } finally {
            walk = null;
        }
    }

    /**
     * Visits an object and what it leads to.
     *
     * @return {@link #SPOT}, or the lowest entry index of an object still being visited that was reached from
     *         here ({@link #FREE} when none): while that object is unfinished, "no spot below" is not final
     */
    private int visit(COSBase item, int depth) {
        COSBase base = item instanceof COSObject ref ? ref.getObject() : item;
        if (!(base instanceof COSDictionary) && !(base instanceof COSArray)) {
            return FREE;
        }
        Boolean known = memo.get(base);
        if (known != null) {
            return known ? SPOT : FREE;
        }
        int[] state = walk.get(base);
        if (state != null) {
            // visited on this page already: being visited (a cycle), or finished without finding a spot
            return state[2] == 0 ? state[0] : state[1];
        }
        if (depth > MAX_DEPTH || --budget < 0) {
            throw new Doubt();
        }
        int index = counter++;
        state = new int[] {index, index, 0};
        walk.put(base, state);
        int lowest = index;
        if (base instanceof COSArray array) {
            if (namesSpot(array)) {
                memo.put(base, true);
                return SPOT;
            }
            for (int i = 0; i < array.size(); i++) {
                int r = visit(array.get(i), depth + 1);
                if (r == SPOT) {
                    memo.put(base, true);
                    return SPOT;
                }
                lowest = Math.min(lowest, r);
            }
        } else {
            COSDictionary dict = (COSDictionary) base;
            COSBase type = dict.getDictionaryObject(COSName.TYPE);
            if (!COSName.PAGE.equals(type) && !COSName.PAGES.equals(type)) {
                for (Map.Entry<COSName, COSBase> e : dict.entrySet()) {
                    if (LINKS.contains(e.getKey())) {
                        continue;
                    }
                    int r = visit(e.getValue(), depth + 1);
                    if (r == SPOT) {
                        memo.put(base, true);
                        return SPOT;
                    }
                    lowest = Math.min(lowest, r);
                }
            }
        }
        state[1] = lowest;
        state[2] = 1;
        if (lowest >= index) {
            // nothing below depends on an unfinished object: no spot is reachable from here, on any page
            memo.put(base, false);
            return FREE;
        }
        return lowest;
    }

    /** A Separation or DeviceN colour space naming a spot ink, or one too malformed to tell. */
    private static boolean namesSpot(COSArray array) {
        if (array.size() == 0) {
            return false;
        }
        COSBase family = resolve(array.get(0));
        if (!COSName.SEPARATION.equals(family) && !COSName.DEVICEN.equals(family)) {
            return false;
        }
        if (array.size() < 2) {
            return true;
        }
        COSBase names = resolve(array.get(1));
        if (COSName.SEPARATION.equals(family)) {
            return !(names instanceof COSName name) || !NOT_SPOT.contains(name.getName());
        }
        if (!(names instanceof COSArray list)) {
            return true;
        }
        for (int i = 0; i < list.size(); i++) {
            if (!(resolve(list.get(i)) instanceof COSName name) || !NOT_SPOT.contains(name.getName())) {
                return true;
            }
        }
        return false;
    }

    private static COSBase resolve(COSBase item) {
        return item instanceof COSObject ref ? ref.getObject() : item;
    }

    /** The walk met something it cannot judge within its bounds. */
    private static final class Doubt extends RuntimeException {
        Doubt() {
            super(null, null, false, false);
        }
    }
}
