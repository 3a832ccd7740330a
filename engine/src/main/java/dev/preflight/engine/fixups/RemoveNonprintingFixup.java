package dev.preflight.engine.fixups;

import dev.preflight.engine.ParamSpec;
import dev.preflight.engine.facts.OptionalContentResolver;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdfparser.PDFStreamParser;
import org.apache.pdfbox.pdfwriter.ContentStreamWriter;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentCatalog;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDField;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * REMOVE_NONPRINTING: what does not print and should not travel to press, removed by object edits: the content of
 * layers hidden by default (and the layers), annotations that do not print, JavaScript, embedded files, and form
 * fields (printing ones flattened into the page first).
 */
final class RemoveNonprintingFixup implements Fixup {

    static final String ID = "REMOVE_NONPRINTING";

    private static final FixupInfo INFO = new FixupInfo(ID, "Remove what does not print",
            "Removes, each switchable: hidden_layers, the content of optional-content groups that are off in the "
                    + "default configuration (marked-content blocks and XObjects, on pages and in the forms they "
                    + "draw) and then those groups themselves; annotations, every annotation whose Print flag is "
                    + "off or that is hidden (links and comments included); form_fields, form fields, printing "
                    + "widgets flattened into the page content through their appearance first, XFA dropped; "
                    + "javascript, the JavaScript name tree and every JavaScript action and additional-action "
                    + "entry (document, pages, annotations, fields); embedded_files, the EmbeddedFiles name tree and "
                    + "file-attachment annotations. Hidden content is removed without moving anything else: "
                    + "graphics- and text-state operators inside it are kept, and hidden text stays as invisible "
                    + "text (render mode 3) so that the text after it keeps its position. It cannot remove hidden "
                    + "content inside annotation appearances, patterns or Type 3 glyphs, and a printing widget "
                    + "without an appearance disappears when flattened.",
            "structure",
            List.of(ParamSpec.bool("hidden_layers", true, "remove hidden layers and their content"),
                    ParamSpec.bool("annotations", true, "remove annotations that do not print"),
                    ParamSpec.bool("form_fields", true, "flatten printing form fields, remove the others"),
                    ParamSpec.bool("javascript", true, "remove JavaScript"),
                    ParamSpec.bool("embedded_files", true, "remove embedded files")),
            List.of("OC_HIDDEN_CONTENT", "OC_HIDDEN_LAYERS", "DOC_JAVASCRIPT", "DOC_EMBEDDED_FILES",
                    "ANNOT_FORM_FIELD_PRINTS"), "pdfbox");

    private static final COSName JAVASCRIPT = COSName.getPDFName("JavaScript");
    private static final Set<String> PAINT = Set.of("S", "s", "f", "F", "f*", "B", "B*", "b", "b*");
    private static final Set<String> PATH = Set.of("m", "l", "c", "v", "y", "h", "re");

    @Override
    public FixupInfo info() {
        return INFO;
    }

    @Override
    public AppliedFixup apply(Path in, Path out, Map<String, Object> params, FixupSettings settings)
            throws FixupException {
        return PdfEdit.run(ID, in, out, settings, doc -> {
            TreeSet<Integer> pages = new TreeSet<>();
            List<String> notes = new ArrayList<>();
            int changed = 0;
            if ((Boolean) params.get("javascript")) {
                changed += count(notes, "JavaScript entries", removeJavaScript(doc, pages));
            }
            if ((Boolean) params.get("embedded_files")) {
                changed += count(notes, "embedded files and file attachments", removeEmbeddedFiles(doc, pages));
            }
            if ((Boolean) params.get("form_fields")) {
                changed += count(notes, "form fields", formFields(doc, pages));
            }
            if ((Boolean) params.get("annotations")) {
                changed += count(notes, "non-printing annotations", removeNonPrintingAnnotations(doc, pages));
            }
            if ((Boolean) params.get("hidden_layers")) {
                changed += hiddenLayers(doc, pages, notes);
            }
            return new AppliedFixup(ID, params, new ArrayList<>(pages), changed, notes);
        });
    }

    private static int count(List<String> notes, String what, int n) {
        if (n > 0) {
            notes.add(String.format(Locale.ROOT, "removed %d %s", n, what));
        }
        return n;
    }

    // ---------------------------------------------------------------------------------------------- JavaScript

    private static int removeJavaScript(PDDocument doc, Set<Integer> pages) {
        int n = 0;
        COSDictionary cat = doc.getDocumentCatalog().getCOSObject();
        COSDictionary names = cat.getCOSDictionary(COSName.NAMES);
        if (names != null && names.containsKey(JAVASCRIPT)) {
            names.removeItem(JAVASCRIPT);
            n++;
        }
        if (cat.getDictionaryObject(COSName.OPEN_ACTION) instanceof COSDictionary a && hasJavaScript(a, 0)) {
            cat.removeItem(COSName.OPEN_ACTION);
            n++;
        }
        n += removeAdditionalActions(cat);
        int p = 0;
        for (PDPage page : doc.getPages()) {
            p++;
            int before = n;
            n += removeAdditionalActions(page.getCOSObject());
            try {
                for (PDAnnotation a : page.getAnnotations()) {
                    n += scrubAnnotation(a.getCOSObject());
                }
            } catch (IOException e) {
                // annotations that cannot be read are left alone
            }
            if (n > before) {
                pages.add(p);
            }
        }
        PDAcroForm form = doc.getDocumentCatalog().getAcroForm(null);
        if (form != null) {
            for (PDField f : form.getFieldTree()) {
                n += scrubAnnotation(f.getCOSObject());
            }
        }
        return n;
    }

    private static int scrubAnnotation(COSDictionary a) {
        int n = removeAdditionalActions(a);
        if (a.getDictionaryObject(COSName.A) instanceof COSDictionary action && hasJavaScript(action, 0)) {
            a.removeItem(COSName.A);
            n++;
        }
        return n;
    }

    /** /AA dictionaries only hold triggers; in a print file none of them should run anything. */
    private static int removeAdditionalActions(COSDictionary d) {
        if (d.containsKey(COSName.AA)) {
            d.removeItem(COSName.AA);
            return 1;
        }
        return 0;
    }

    private static boolean hasJavaScript(COSDictionary action, int depth) {
        if (depth > 32) {
            return false;
        }
        if (JAVASCRIPT.equals(action.getCOSName(COSName.S))) {
            return true;
        }
        COSBase next = action.getDictionaryObject(COSName.NEXT);
        if (next instanceof COSDictionary d) {
            return hasJavaScript(d, depth + 1);
        }
        if (next instanceof COSArray arr) {
            for (int i = 0; i < arr.size(); i++) {
                if (arr.getObject(i) instanceof COSDictionary d && hasJavaScript(d, depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------ embedded files

    private static int removeEmbeddedFiles(PDDocument doc, Set<Integer> pages) throws IOException {
        int n = 0;
        COSDictionary names = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.NAMES);
        if (names != null && names.containsKey(COSName.EMBEDDED_FILES)) {
            names.removeItem(COSName.EMBEDDED_FILES);
            n++;
        }
        int p = 0;
        for (PDPage page : doc.getPages()) {
            p++;
            List<PDAnnotation> annots = page.getAnnotations();
            int before = annots.size();
            annots.removeIf(a -> "FileAttachment".equals(a.getSubtype()));
            if (annots.size() < before) {
                page.setAnnotations(annots);
                n += before - annots.size();
                pages.add(p);
            }
        }
        return n;
    }

    // --------------------------------------------------------------------------------------------- annotations

    private static boolean prints(PDAnnotation a) {
        return a.isPrinted() && !a.isHidden();
    }

    private static int removeNonPrintingAnnotations(PDDocument doc, Set<Integer> pages) throws IOException {
        int n = 0;
        int p = 0;
        for (PDPage page : doc.getPages()) {
            p++;
            List<PDAnnotation> annots = page.getAnnotations();
            int before = annots.size();
            annots.removeIf(a -> !prints(a));
            if (annots.size() < before) {
                page.setAnnotations(annots);
                n += before - annots.size();
                pages.add(p);
            }
        }
        return n;
    }

    // --------------------------------------------------------------------------------------------- form fields

    private static int formFields(PDDocument doc, Set<Integer> pages) throws IOException {
        PDDocumentCatalog catalog = doc.getDocumentCatalog();
        PDAcroForm form = catalog.getAcroForm(null);
        if (form == null) {
            return 0;
        }
        int n = 0;
        int p = 0;
        // widgets that do not print go first, so that flattening cannot bring them onto the page
        for (PDPage page : doc.getPages()) {
            p++;
            List<PDAnnotation> annots = page.getAnnotations();
            boolean widgets = false;
            for (PDAnnotation a : annots) {
                widgets |= a instanceof PDAnnotationWidget;
            }
            int before = annots.size();
            annots.removeIf(a -> a instanceof PDAnnotationWidget && !prints(a));
            if (annots.size() < before) {
                page.setAnnotations(annots);
            }
            if (widgets) {
                pages.add(p);
            }
        }
        for (PDField ignored : form.getFieldTree()) {
            n++;
        }
        form.getCOSObject().removeItem(COSName.XFA);
        form.flatten();
        catalog.getCOSObject().removeItem(COSName.ACRO_FORM);
        return n;
    }

    // ------------------------------------------------------------------------------------------- hidden layers

    private static int hiddenLayers(PDDocument doc, Set<Integer> pages, List<String> notes) throws IOException {
        COSDictionary ocProps = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.OCPROPERTIES);
        if (ocProps == null) {
            return 0;
        }
        OptionalContentResolver resolver = new OptionalContentResolver(ocProps);
        Set<COSStream> done = Collections.newSetFromMap(new IdentityHashMap<>());
        int removed = 0;
        int p = 0;
        for (PDPage page : doc.getPages()) {
            p++;
            Filtered f = filter(page.getContents(), page.getResources(), resolver, done, doc);
            if (f.removed() > 0) {
                PDStream stream = new PDStream(doc);
                try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
                    new ContentStreamWriter(out).writeTokens(f.tokens());
                }
                page.setContents(stream);
                pages.add(p);
            }
            removed += f.removed() + f.removedInForms();
            if (f.removedInForms() > 0) {
                pages.add(p);
            }
        }
        List<String> groups = dropHiddenGroups(ocProps, resolver);
        if (removed > 0) {
            notes.add(String.format(Locale.ROOT, "removed %d hidden-layer objects", removed));
        }
        if (!groups.isEmpty()) {
            notes.add("removed hidden layers: " + String.join(", ", groups));
        }
        return removed + groups.size();
    }

    private record Filtered(List<Object> tokens, int removed, int removedInForms) {
    }

    /**
     * The stream's operators without what paints inside hidden optional content. State operators stay so that what
     * follows is drawn exactly as before; text shown in hidden content stays as invisible text for its advance.
     */
    private static Filtered filter(InputStream content, PDResources resources, OptionalContentResolver resolver,
                                   Set<COSStream> done, PDDocument doc) throws IOException {
        List<Object> in;
        try (InputStream c = content) {
            in = c == null ? List.of() : new PDFStreamParser(c.readAllBytes()).parse();
        }
        List<Object> out = new ArrayList<>();
        List<COSBase> operands = new ArrayList<>();
        Deque<Boolean> marked = new ArrayDeque<>();
        Deque<Integer> renderModes = new ArrayDeque<>();
        int renderMode = 0;
        int hiddenDepth = 0;
        int pathStart = -1;
        int removed = 0;
        int inForms = 0;
        for (Object t : in) {
            if (!(t instanceof Operator op)) {
                operands.add((COSBase) t);
                continue;
            }
            String name = op.getName();
            boolean hidden = hiddenDepth > 0;
            switch (name) {
                case "BDC" -> {
                    boolean h = operands.size() >= 2 && COSName.OC.equals(operands.get(0))
                            && hiddenOc(operands.get(1), resources, resolver);
                    marked.push(h);
                    if (h) {
                        hiddenDepth++;
                        removed++;
                        operands.clear();
                        continue;
                    }
                }
                case "BMC" -> marked.push(false);
                case "EMC" -> {
                    if (!marked.isEmpty() && marked.pop()) {
                        hiddenDepth--;
                        operands.clear();
                        continue;
                    }
                }
                case "q" -> renderModes.push(renderMode);
                case "Q" -> renderMode = renderModes.isEmpty() ? 0 : renderModes.pop();
                case "Tr" -> renderMode = operands.isEmpty() || !(operands.get(0) instanceof COSNumber n)
                        ? renderMode : n.intValue();
                default -> {
                }
            }
            if (PATH.contains(name) && pathStart < 0) {
                pathStart = out.size();
            }
            if (hidden) {
                if (PAINT.contains(name)) {
                    // the path and its painting go; a path ended with n (a clip) stays
                    if (pathStart >= 0) {
                        out.subList(pathStart, out.size()).clear();
                    }
                    pathStart = -1;
                    operands.clear();
                    continue;
                }
                if (name.equals("Do") || name.equals("sh") || name.equals("BI")) {
                    operands.clear();
                    continue;
                }
                if (name.equals("Tj") || name.equals("TJ") || name.equals("'") || name.equals("\"")) {
                    out.add(org.apache.pdfbox.cos.COSInteger.get(3));
                    out.add(Operator.getOperator("Tr"));
                    out.addAll(operands);
                    out.add(op);
                    out.add(org.apache.pdfbox.cos.COSInteger.get(renderMode));
                    out.add(Operator.getOperator("Tr"));
                    operands.clear();
                    continue;
                }
            } else if (name.equals("Do") && !operands.isEmpty() && operands.get(0) instanceof COSName xo
                    && resources != null) {
                PDXObject x = resources.getXObject(xo);
                COSDictionary oc = x == null ? null : x.getCOSObject().getCOSDictionary(COSName.OC);
                if (oc != null && resolver.state(oc).hidden()) {
                    removed++;
                    operands.clear();
                    continue;
                }
                if (x instanceof PDFormXObject form && done.add(form.getCOSObject())) {
                    PDResources fr = form.getResources() == null ? resources : form.getResources();
                    Filtered f = filter(form.getContents(), fr, resolver, done, doc);
                    if (f.removed() > 0) {
                        try (OutputStream o = form.getCOSObject().createOutputStream(COSName.FLATE_DECODE)) {
                            new ContentStreamWriter(o).writeTokens(f.tokens());
                        }
                    }
                    inForms += f.removed() + f.removedInForms();
                }
            }
            if (PAINT.contains(name) || name.equals("n")) {
                pathStart = -1;
            }
            out.addAll(operands);
            out.add(op);
            operands.clear();
        }
        return new Filtered(out, removed, inForms);
    }

    private static boolean hiddenOc(COSBase props, PDResources resources, OptionalContentResolver resolver) {
        COSDictionary d = null;
        if (props instanceof COSName n && resources != null) {
            COSBase p = resources.getCOSObject().getCOSDictionary(COSName.PROPERTIES) == null ? null
                    : resources.getCOSObject().getCOSDictionary(COSName.PROPERTIES).getDictionaryObject(n);
            d = p instanceof COSDictionary dict ? dict : null;
        } else if (props instanceof COSDictionary dict) {
            d = dict;
        }
        return d != null && resolver.state(d).hidden();
    }

    /** Drops the groups that are off by default from /OCProperties (list, configurations, order, locks). */
    private static List<String> dropHiddenGroups(COSDictionary ocProps, OptionalContentResolver resolver) {
        List<String> names = new ArrayList<>();
        COSArray ocgs = ocProps.getCOSArray(COSName.OCGS);
        if (ocgs == null) {
            return names;
        }
        Set<COSDictionary> hidden = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < ocgs.size(); i++) {
            if (ocgs.getObject(i) instanceof COSDictionary g && !resolver.groupOn(g)) {
                hidden.add(g);
                names.add(g.getString(COSName.NAME, "(unnamed)"));
            }
        }
        if (hidden.isEmpty()) {
            return names;
        }
        prune(ocgs, hidden, 0);
        List<COSDictionary> configs = new ArrayList<>();
        if (ocProps.getCOSDictionary(COSName.D) != null) {
            configs.add(ocProps.getCOSDictionary(COSName.D));
        }
        COSArray more = ocProps.getCOSArray(COSName.getPDFName("Configs"));
        if (more != null) {
            for (int i = 0; i < more.size(); i++) {
                if (more.getObject(i) instanceof COSDictionary c) {
                    configs.add(c);
                }
            }
        }
        for (COSDictionary c : configs) {
            for (COSName key : List.of(COSName.ON, COSName.OFF, COSName.ORDER, COSName.getPDFName("Locked"),
                    COSName.getPDFName("RBGroups"))) {
                if (c.getDictionaryObject(key) instanceof COSArray a) {
                    prune(a, hidden, 0);
                }
            }
        }
        return names;
    }

    private static void prune(COSArray a, Set<COSDictionary> hidden, int depth) {
        for (int i = a.size() - 1; i >= 0; i--) {
            COSBase b = a.getObject(i);
            if (b instanceof COSDictionary d && hidden.contains(d)) {
                a.remove(i);
            } else if (b instanceof COSArray nested && depth < 16) {
                prune(nested, hidden, depth + 1);
            }
        }
    }
}
