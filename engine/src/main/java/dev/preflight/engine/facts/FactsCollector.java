package dev.preflight.engine.facts;

import dev.preflight.engine.Box;
import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PageGeometry;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds {@link DocumentFacts} from an open document in one pass: document-level dictionaries first, then every
 * page walked once by a {@link PageWalker}. Nothing here throws for a bad file: what cannot be read becomes a
 * problem string in {@link DocumentFacts#problems()} or {@link PageFacts#contentProblems()}.
 */
public final class FactsCollector {

    private static final int MAX_TREE_DEPTH = 32;
    private static final int MAX_TREE_ENTRIES = 10_000;
    private static final int MAX_ACTION_CHAIN = 32;
    private static final COSName THUMB = COSName.getPDFName("Thumb");

    private FactsCollector() {
    }

    /**
     * Collects the facts of an open document.
     *
     * @param doc      the open document
     * @param fileSize size of the file in bytes
     * @param repairProblems why the cross-reference information had to be rebuilt (empty when sound)
     */
    public static DocumentFacts collect(PDDocument doc, long fileSize, List<String> repairProblems,
                                        EngineSettings settings) {
        return collect(doc, null, fileSize, repairProblems, settings);
    }

    /**
     * Collects the facts of a document read from {@code source}; with the file at hand, the /Length of every stream
     * the page walk touches is also compared with the bytes between its {@code stream} and {@code endstream}
     * keywords (PDFBox corrects a wrong /Length silently while parsing).
     */
    public static DocumentFacts collect(PDDocument doc, Path source, long fileSize, List<String> repairProblems,
                                        EngineSettings settings) {
        return collect(doc, source, fileSize, repairProblems, settings, n -> true);
    }

    /**
     * Collects the facts of a document, walking only the pages {@code walk} accepts: the others get their geometry
     * and nothing else (no content, annotations or page-level problems). For a job whose checks need only some
     * pages' elements (conformance findings placed on the pages the validator named).
     */
    public static DocumentFacts collect(PDDocument doc, Path source, long fileSize, List<String> repairProblems,
                                        EngineSettings settings, java.util.function.IntPredicate walk) {
        var problems = new ArrayList<String>();
        COSDictionary catalog = doc.getDocumentCatalog().getCOSObject();
        COSDictionary ocProps = catalog.getCOSDictionary(COSName.OCPROPERTIES);
        StreamIntegrity streams = new StreamIntegrity(source, doc.getDocument());
        DocState state = new DocState(settings, ocProps, problems, streams);
        var actions = new Actions();
        var embedded = new ArrayList<EmbeddedFileFact>();
        var outputIntents = new ArrayList<OutputIntentFact>();
        guarded(problems, "the output intents", () ->
                outputIntents(catalog.getDictionaryObject(COSName.OUTPUT_INTENTS), 0, state, outputIntents, problems));

        var pages = new ArrayList<PageFacts>();
        // page dictionaries by number, for the PDF/VT document parts (only when the file has them)
        COSBase dpartRoot = catalog.getDictionaryObject(DocumentParts.DPART_ROOT);
        Map<COSDictionary, Integer> pageNumbers = dpartRoot == null ? null : new IdentityHashMap<>();
        Iterator<PDPage> it;
        try {
            it = doc.getPages().iterator();
        } catch (RuntimeException e) {
            problems.add("the page tree could not be read: " + Problems.describe(e));
            it = Collections.emptyIterator();
        }
        int n = 0;
        while (true) {
            PDPage page;
            try {
                if (!it.hasNext()) {
                    break;
                }
                page = it.next();
            } catch (RuntimeException | StackOverflowError e) {
                problems.add("the page tree is damaged after page " + n + ": " + describeAny(e));
                break;
            }
            n++;
            if (pageNumbers != null) {
                pageNumbers.put(page.getCOSObject(), n);
            }
            if (!walk.test(n)) {
                pages.add(new PageFacts(safeGeometry(page, n), List.of(), List.of(), List.of(), false, List.of(),
                        false));
                continue;
            }
            try {
                pages.add(page(page, n, state, actions, embedded, outputIntents, problems));
            } catch (RuntimeException | StackOverflowError e) {
                problems.add("page " + n + " could not be read: " + describeAny(e));
                pages.add(new PageFacts(safeGeometry(page, n), List.of(), List.of(), List.of(), false,
                        List.of("the page could not be read: " + describeAny(e)), false));
            }
        }

        guarded(problems, "the document actions", () -> actions.catalog(catalog));
        guarded(problems, "the form fields", () -> actions.fields(catalog.getCOSDictionary(COSName.ACRO_FORM)));
        guarded(problems, "the embedded files", () -> embeddedFiles(catalog, embedded));

        DocumentInfoFact docInfo;
        try {
            docInfo = documentInfo(doc, catalog, fileSize, repairProblems, problems);
        } catch (RuntimeException | StackOverflowError e) {
            problems.add("the document information could not be read: " + describeAny(e));
            docInfo = new DocumentInfoFact(String.valueOf(doc.getVersion()), fileSize, doc.isEncrypted(), null,
                    true, true, true, !repairProblems.isEmpty(), repairProblems, null, null, null, null, null, null,
                    null, null, null, null, false, false);
        }
        OptionalContentFact oc;
        try {
            oc = optionalContent(ocProps, state.oc);
        } catch (RuntimeException | StackOverflowError e) {
            problems.add("the optional content properties could not be read: " + describeAny(e));
            oc = new OptionalContentFact(true, false, List.of());
        }
        DocumentPartsFact parts = DocumentPartsFact.none();
        if (dpartRoot != null) {
            try {
                parts = DocumentParts.read(dpartRoot, pageNumbers, n);
            } catch (RuntimeException | StackOverflowError e) {
                problems.add("the document parts could not be read: " + describeAny(e));
            }
        }
        RevisionsFact revisions = Revisions.read(source, catalog, fileSize, problems);
        if (catalog.getDictionaryObject(COSName.METADATA) instanceof COSStream metadata) {
            streams.noteFilters(metadata, 0, ObjectIds.idOr(metadata, "metadata"), "metadata");
        }
        StorageFact storage = new StorageFact(state.thumbnails, streams.lzwStreams());
        return new DocumentFacts(docInfo, pages, state.fonts.facts(), state.images.facts(), outputIntents, oc,
                actions.list, embedded, null, problems, finish(streams), state.references, parts,
                ConformanceFacts.none(), revisions, storage);
    }

    private static List<DamagedStreamFact> finish(StreamIntegrity streams) {
        streams.close();
        return streams.damaged();
    }

    /** Runs one document-level reader; a failure becomes a problem instead of losing the whole document. */
    private static void guarded(List<String> problems, String what, Runnable reader) {
        try {
            reader.run();
        } catch (RuntimeException | StackOverflowError e) {
            problems.add(what + " could not be read: " + describeAny(e));
        }
    }

    private static PageFacts page(PDPage page, int n, DocState state, Actions actions,
                                  List<EmbeddedFileFact> embedded, List<OutputIntentFact> outputIntents,
                                  List<String> docProblems) {
        PageGeometry g;
        try {
            g = DocumentGeometry.pageGeometry(page, n);
        } catch (RuntimeException e) {
            docProblems.add("page " + n + ": the page boxes could not be read: " + Problems.describe(e));
            g = safeGeometry(page, n);
        }
        COSDictionary pd = page.getCOSObject();
        if (pd.getDictionaryObject(THUMB) instanceof COSStream thumb) {
            state.thumbnails.add(n);
            state.streams.noteFilters(thumb, n, ObjectIds.idOr(thumb, "thumb:p" + n), "thumbnail");
        }
        List<PDAnnotation> annots;
        var contentProblems = new ArrayList<String>();
        try {
            annots = page.getAnnotations();
        } catch (IOException | RuntimeException e) {
            contentProblems.add("the annotations could not be read: " + Problems.describe(e));
            annots = List.of();
        }
        var annotationFacts = new ArrayList<AnnotationFact>();
        for (PDAnnotation a : annots) {
            try {
                annotationFacts.add(annotation(a, n));
                actions.annotation(a.getCOSObject(), n);
                if ("FileAttachment".equals(a.getSubtype())) {
                    EmbeddedFileFact f = fileSpec(a.getCOSObject().getDictionaryObject(COSName.FS), null, n,
                            ObjectIds.idOr(a.getCOSObject(), null));
                    if (f != null) {
                        embedded.add(f);
                    }
                }
            } catch (RuntimeException e) {
                contentProblems.add("an annotation could not be read: " + Problems.describe(e));
            }
        }
        actions.dictionary(pd.getDictionaryObject(COSName.AA), "page AA", n);
        boolean pageOi = pd.containsKey(COSName.OUTPUT_INTENTS);
        if (pageOi) {
            outputIntents(pd.getDictionaryObject(COSName.OUTPUT_INTENTS), n, state, outputIntents, contentProblems);
        }
        PageWalker w = new PageWalker(state, page, n, g.cropBox());
        w.walk(annots);
        state.fonts.endPage();
        Visibility.decide(w.drafts, g.cropBox());
        var elements = new ArrayList<PaintedElement>(w.drafts.size());
        for (Draft d : w.drafts) {
            elements.add(d.toElement());
        }
        contentProblems.addAll(w.problems.messages());
        if (w.problems.dropped() > 0) {
            contentProblems.add(w.problems.dropped() + " further content problems not listed");
        }
        return new PageFacts(g, elements, annotationFacts, w.groups, pageOi, contentProblems, w.truncated);
    }

    /** The page's boxes, or an A4 page when even they cannot be read (the problem is reported by the caller). */
    private static PageGeometry safeGeometry(PDPage page, int n) {
        try {
            return DocumentGeometry.pageGeometry(page, n);
        } catch (RuntimeException e) {
            Box a4 = new Box(0, 0, 595.276, 841.89);
            return new PageGeometry(n, a4, a4, null, null, null, 0, 1.0);
        }
    }

    private static AnnotationFact annotation(PDAnnotation a, int n) {
        COSDictionary d = a.getCOSObject();
        Box rect = null;
        var r = a.getRectangle();
        if (r != null) {
            rect = new Box(r.getLowerLeftX(), r.getLowerLeftY(), r.getUpperRightX(), r.getUpperRightY());
        }
        String field = null;
        if ("Widget".equals(a.getSubtype())) {
            field = fieldName(d);
        }
        boolean hasAp = false;
        try {
            hasAp = a.getNormalAppearanceStream() != null;
        } catch (RuntimeException e) {
            hasAp = false;
        }
        return new AnnotationFact(n, ObjectIds.idOr(d, null), a.getSubtype(), rect, a.isPrinted(),
                a.isHidden() || a.isNoView(), hasAp, field);
    }

    /** The fully qualified field name: the /T values from the root down, joined with dots. */
    private static String fieldName(COSDictionary d) {
        var parts = new ArrayList<String>();
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        COSDictionary cur = d;
        while (cur != null && seen.add(cur) && parts.size() < MAX_TREE_DEPTH) {
            String t = cur.getString(COSName.T);
            if (t != null) {
                parts.add(0, t);
            }
            cur = cur.getCOSDictionary(COSName.PARENT);
        }
        return parts.isEmpty() ? null : String.join(".", parts);
    }

    // ---------------------------------------------------------------- document dictionaries

    private static DocumentInfoFact documentInfo(PDDocument doc, COSDictionary catalog, long fileSize,
                                                 List<String> repairProblems, List<String> problems) {
        COSDictionary info = doc.getDocument().getTrailer() == null ? null
                : doc.getDocument().getTrailer().getCOSDictionary(COSName.INFO);
        boolean encrypted = doc.isEncrypted();
        String filter = null;
        if (encrypted) {
            try {
                filter = doc.getEncryption().getFilter();
            } catch (RuntimeException e) {
                problems.add("the encryption dictionary could not be read: " + Problems.describe(e));
            }
        }
        AccessPermission ap = doc.getCurrentAccessPermission();
        String version = String.valueOf(doc.getVersion());
        boolean hasFields = false;
        COSDictionary acro = catalog.getCOSDictionary(COSName.ACRO_FORM);
        if (acro != null && acro.getDictionaryObject(COSName.FIELDS) instanceof COSArray f && f.size() > 0) {
            hasFields = true;
        }
        DocumentInfoFact.XmpFact xmp = DocumentInfoFact.XmpFact.absent();
        if (catalog.getDictionaryObject(COSName.METADATA) instanceof COSStream ms) {
            xmp = XmpReader.read(ms);
        } else if (catalog.containsKey(COSName.METADATA)) {
            xmp = new DocumentInfoFact.XmpFact(true, "/Metadata is not a stream", null, null, null, null, null,
                    null, null, null, null);
        }
        return new DocumentInfoFact(version, fileSize, encrypted, filter,
                !encrypted || ap.canPrint(), !encrypted || ap.canPrintFaithful(), !encrypted || ap.canModify(),
                !repairProblems.isEmpty(), repairProblems,
                text(info, "Title"), text(info, "Author"), text(info, "Creator"), text(info, "Producer"),
                text(info, "Trapped"), text(info, "CreationDate"), text(info, "ModDate"),
                text(info, "GTS_PDFXVersion"), text(info, "GTS_PDFXConformance"), xmp, hasFields,
                catalog.containsKey(COSName.STRUCT_TREE_ROOT));
    }

    private static String text(COSDictionary d, String key) {
        if (d == null) {
            return null;
        }
        COSBase b = d.getDictionaryObject(COSName.getPDFName(key));
        if (b instanceof COSString s) {
            return s.getString();
        }
        if (b instanceof COSName n) {
            return n.getName();
        }
        return null;
    }

    private static void outputIntents(COSBase b, int pageNum, DocState state, List<OutputIntentFact> out,
                                      List<String> problems) {
        if (!(b instanceof COSArray arr)) {
            if (b != null) {
                problems.add("/OutputIntents is not an array");
            }
            return;
        }
        for (int i = 0; i < arr.size(); i++) {
            if (!(arr.getObject(i) instanceof COSDictionary oi)) {
                problems.add("an output intent is not a dictionary");
                continue;
            }
            String cs = null;
            String desc = null;
            String problem = null;
            boolean embedded = false;
            Integer components = null;
            IccHeader h = null;
            COSStream profile = null;
            COSBase prof = oi.getDictionaryObject(COSName.DEST_OUTPUT_PROFILE);
            if (prof instanceof COSStream ps) {
                h = state.colors.icc(ps);
                profile = ps;
                embedded = true;
                cs = h.colorSpace();
                desc = h.description();
                problem = h.problem();
                int n = ps.getInt(COSName.N, -1);
                components = n > 0 ? n : null;
            } else if (prof != null) {
                problem = "/DestOutputProfile is not a stream";
            }
            out.add(new OutputIntentFact(name(oi.getDictionaryObject(COSName.S)),
                    text(oi, "OutputConditionIdentifier"), text(oi, "OutputCondition"), text(oi, "RegistryName"),
                    text(oi, "Info"), cs, desc, problem, pageNum, ObjectIds.idOr(oi, null), embedded,
                    components, h == null ? List.of() : h.colorants(),
                    ExternalReferences.profileRef(oi, profile, h), ExternalReferences.mixingHints(oi)));
        }
    }

    private static String name(COSBase b) {
        if (b instanceof COSName n) {
            return n.getName();
        }
        if (b instanceof COSString s) {
            return s.getString();
        }
        return null;
    }

    /**
     * The document's layers alone, read from /OCProperties without walking any page (for a viewer's layer list);
     * the same answer {@link #collect} gives in {@link DocumentFacts#optionalContent()}.
     */
    public static OptionalContentFact optionalContent(PDDocument doc) {
        COSDictionary ocProps = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.OCPROPERTIES);
        return optionalContent(ocProps, new OptionalContentResolver(ocProps));
    }

    private static OptionalContentFact optionalContent(COSDictionary ocProps, OptionalContentResolver resolver) {
        if (ocProps == null) {
            return OptionalContentFact.none();
        }
        var groups = new ArrayList<OptionalContentFact.Group>();
        if (ocProps.getDictionaryObject(COSName.OCGS) instanceof COSArray ocgs) {
            for (int i = 0; i < ocgs.size(); i++) {
                if (!(ocgs.getObject(i) instanceof COSDictionary g)) {
                    continue;
                }
                String print = null;
                if (g.getDictionaryObject(COSName.USAGE) instanceof COSDictionary usage
                        && usage.getDictionaryObject(COSName.PRINT) instanceof COSDictionary pr) {
                    print = name(pr.getDictionaryObject(COSName.getPDFName("PrintState")));
                }
                COSDictionary gts = g.getCOSDictionary(COSName.getPDFName("GTS_Metadata"));
                String group = gts == null ? null : name(gts.getDictionaryObject(COSName.getPDFName(
                        "GTS_ProcStepsGroup")));
                String type = gts == null ? null : name(gts.getDictionaryObject(COSName.getPDFName(
                        "GTS_ProcStepsType")));
                groups.add(new OptionalContentFact.Group(i, OptionalContentResolver.name(g),
                        ObjectIds.idOr(g, null), resolver.groupOn(g), print, gts != null, group, type));
            }
        }
        return new OptionalContentFact(true, ocProps.containsKey(COSName.getPDFName("Configs")), groups);
    }

    private static void embeddedFiles(COSDictionary catalog, List<EmbeddedFileFact> out) {
        COSDictionary names = catalog.getCOSDictionary(COSName.NAMES);
        if (names == null) {
            return;
        }
        var entries = new ArrayList<Object[]>();
        nameTree(names.getDictionaryObject(COSName.EMBEDDED_FILES), entries, 0,
                Collections.newSetFromMap(new IdentityHashMap<>()));
        for (Object[] e : entries) {
            EmbeddedFileFact f = fileSpec((COSBase) e[1], (String) e[0], 0, null);
            if (f != null) {
                out.add(f);
            }
        }
    }

    private static EmbeddedFileFact fileSpec(COSBase spec, String key, int pageNum, String objectId) {
        if (spec instanceof COSString s) {
            return new EmbeddedFileFact(key != null ? key : s.getString(), -1, null, pageNum, objectId);
        }
        if (!(spec instanceof COSDictionary fs)) {
            return null;
        }
        String name = text(fs, "UF");
        if (name == null) {
            name = text(fs, "F");
        }
        if (name == null) {
            name = key;
        }
        long size = -1;
        String mime = null;
        String id = objectId != null ? objectId : ObjectIds.idOr(fs, null);
        if (fs.getDictionaryObject(COSName.EF) instanceof COSDictionary ef) {
            COSBase f = ef.getDictionaryObject(COSName.UF);
            if (!(f instanceof COSStream)) {
                f = ef.getDictionaryObject(COSName.F);
            }
            if (f instanceof COSStream st) {
                mime = name(st.getDictionaryObject(COSName.SUBTYPE));
                if (st.getDictionaryObject(COSName.PARAMS) instanceof COSDictionary params
                        && params.getInt(COSName.SIZE, -1) >= 0) {
                    size = params.getInt(COSName.SIZE, -1);
                } else if (st.getInt(COSName.DL, -1) >= 0) {
                    size = st.getInt(COSName.DL, -1);
                } else {
                    size = st.getLength();
                }
                if (objectId == null) {
                    id = ObjectIds.idOr(st, id);
                }
            }
        }
        return new EmbeddedFileFact(name, size, mime, pageNum, id);
    }

    /** Collects [key, value] pairs of a name tree, bounded in depth and size, safe against cycles. */
    static void nameTree(COSBase node, List<Object[]> out, int depth, Set<COSBase> seen) {
        if (!(node instanceof COSDictionary d) || depth > MAX_TREE_DEPTH || !seen.add(d)
                || out.size() >= MAX_TREE_ENTRIES) {
            return;
        }
        if (d.getDictionaryObject(COSName.NAMES) instanceof COSArray names) {
            for (int i = 0; i + 1 < names.size() && out.size() < MAX_TREE_ENTRIES; i += 2) {
                COSBase k = names.getObject(i);
                out.add(new Object[] {k instanceof COSString s ? s.getString() : String.valueOf(k),
                        names.getObject(i + 1)});
            }
        }
        if (d.getDictionaryObject(COSName.KIDS) instanceof COSArray kids) {
            for (int i = 0; i < kids.size(); i++) {
                nameTree(kids.getObject(i), out, depth + 1, seen);
            }
        }
    }

    private static String describeAny(Throwable e) {
        return e instanceof StackOverflowError ? "nested too deeply" : Problems.describe(e);
    }

    /** Finds actions wherever they hang; each action dictionary is reported once. */
    private static final class Actions {
        final List<ActionFact> list = new ArrayList<>();
        private final Set<COSBase> seen = Collections.newSetFromMap(new IdentityHashMap<>());

        void catalog(COSDictionary catalog) {
            COSBase open = catalog.getDictionaryObject(COSName.OPEN_ACTION);
            if (open instanceof COSDictionary) {
                action(open, "catalog OpenAction", 0, 0);
            }
            dictionary(catalog.getDictionaryObject(COSName.AA), "catalog AA", 0);
            COSDictionary names = catalog.getCOSDictionary(COSName.NAMES);
            if (names != null) {
                var entries = new ArrayList<Object[]>();
                nameTree(names.getDictionaryObject(COSName.JAVA_SCRIPT), entries, 0,
                        Collections.newSetFromMap(new IdentityHashMap<>()));
                for (Object[] e : entries) {
                    action((COSBase) e[1], "names JavaScript", 0, 0);
                }
            }
        }

        void annotation(COSDictionary a, int pageNum) {
            boolean field = a.containsKey(COSName.FT) || a.containsKey(COSName.PARENT);
            action(a.getDictionaryObject(COSName.A), "annotation A", pageNum, 0);
            dictionary(a.getDictionaryObject(COSName.AA), field ? "field AA" : "annotation AA", pageNum);
        }

        void fields(COSDictionary acroForm) {
            if (acroForm == null) {
                return;
            }
            Set<COSBase> visited = Collections.newSetFromMap(new IdentityHashMap<>());
            walkFields(acroForm.getDictionaryObject(COSName.FIELDS), visited, 0);
        }

        private void walkFields(COSBase b, Set<COSBase> visited, int depth) {
            if (!(b instanceof COSArray arr) || depth > MAX_TREE_DEPTH) {
                return;
            }
            for (int i = 0; i < arr.size() && visited.size() < MAX_TREE_ENTRIES; i++) {
                if (arr.getObject(i) instanceof COSDictionary f && visited.add(f)) {
                    dictionary(f.getDictionaryObject(COSName.AA), "field AA", 0);
                    action(f.getDictionaryObject(COSName.A), "field A", 0, 0);
                    walkFields(f.getDictionaryObject(COSName.KIDS), visited, depth + 1);
                }
            }
        }

        void dictionary(COSBase aa, String trigger, int pageNum) {
            if (!(aa instanceof COSDictionary d)) {
                return;
            }
            for (var e : d.entrySet()) {
                action(d.getDictionaryObject(e.getKey()), trigger + "/" + e.getKey().getName(), pageNum, 0);
            }
        }

        private void action(COSBase b, String trigger, int pageNum, int chain) {
            if (!(b instanceof COSDictionary d) || chain > MAX_ACTION_CHAIN || !seen.add(d)) {
                return;
            }
            String type = name(d.getDictionaryObject(COSName.S));
            if (type != null) {
                list.add(new ActionFact(type, trigger, pageNum, ObjectIds.idOr(d, null)));
            }
            COSBase next = d.getDictionaryObject(COSName.NEXT);
            if (next instanceof COSArray arr) {
                for (int i = 0; i < arr.size(); i++) {
                    action(arr.getObject(i), trigger, pageNum, chain + 1);
                }
            } else {
                action(next, trigger, pageNum, chain + 1);
            }
        }
    }

    static byte[] readBounded(COSStream s, int max) throws IOException {
        try (InputStream in = s.createInputStream()) {
            return in.readNBytes(max);
        }
    }
}
