package dev.preflight.engine.checks;

import dev.preflight.engine.Box;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.facts.ActionFact;
import dev.preflight.engine.facts.AnnotationFact;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.DocumentInfoFact;
import dev.preflight.engine.facts.DocumentPartsFact;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.EmbeddedFileFact;
import dev.preflight.engine.facts.FontFact;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.ImagePlacement;
import dev.preflight.engine.facts.OptionalContentFact;
import dev.preflight.engine.facts.OutputIntentFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;
import dev.preflight.engine.facts.ReferenceXObjectFact;
import dev.preflight.engine.facts.RevisionsFact;
import dev.preflight.engine.facts.StorageFact;
import dev.preflight.engine.facts.TextInfo;
import dev.preflight.engine.facts.TransparencyGroupFact;

import java.util.ArrayList;
import java.util.List;

/**
 * Hand-built facts for the document-level check tests. {@link #clean()} is a sound one-page A4 PDF/X-4 file with
 * 3 mm bleed, an embedded subset font, a CMYK output intent and complete metadata; tests change single fields.
 */
final class DocFacts {

    /** 3 mm in points. */
    static final double BLEED = 3 / 25.4 * 72;
    static final double A4_W = 595.2756;
    static final double A4_H = 841.8898;

    String pdfVersion = "1.6";
    long fileSize = 100_000;
    /** Revisions in the file (1: written once) and its signatures. */
    int revisions = 1;
    final List<RevisionsFact.SignatureFact> signatures = new ArrayList<>();
    boolean encrypted;
    String encryptionFilter;
    boolean canPrint = true;
    boolean canPrintHighRes = true;
    boolean canModify = true;
    boolean repaired;
    List<String> repairNotes = new ArrayList<>();
    String infoTitle = "Brochure";
    String infoCreator = "Designer 5";
    String infoProducer = "Exporter 2";
    String infoTrapped = "False";
    String infoCreationDate = "D:20260101120000Z";
    String infoModDate = "D:20260101120000Z";
    String gtsPdfxVersion = "PDF/X-4";
    String gtsPdfxConformance;
    boolean xmpPresent = true;
    String xmpProblem;
    String xmpTitle = "Brochure";
    String xmpCreatorTool = "Designer 5";
    String xmpProducer = "Exporter 2";
    String xmpTrapped = "False";
    String xmpPdfxVersion = "PDF/X-4";
    String xmpCreateDate = "2026-01-01T12:00:00Z";
    String xmpModifyDate = "2026-01-01T12:00:00Z";
    String xmpPdfvtVersion;
    String xmpPdfvtModDate;
    boolean hasAcroForm;
    boolean hasStructTree;
    final List<Page> pages = new ArrayList<>();
    final List<FontFact> fonts = new ArrayList<>();
    final List<ImageFact> images = new ArrayList<>();
    final List<OutputIntentFact> outputIntents = new ArrayList<>();
    OptionalContentFact optionalContent = OptionalContentFact.none();
    final List<ActionFact> actions = new ArrayList<>();
    final List<EmbeddedFileFact> embeddedFiles = new ArrayList<>();
    final List<String> problems = new ArrayList<>();
    final List<ReferenceXObjectFact> referenceXObjects = new ArrayList<>();
    DocumentPartsFact documentParts = DocumentPartsFact.none();
    /** Pages with a /Thumb image, and LZW-compressed streams. */
    final List<Integer> thumbnailPages = new ArrayList<>();
    final List<StorageFact.LzwStream> lzwStreams = new ArrayList<>();

    /** The clean document described above. */
    static DocFacts clean() {
        var d = new DocFacts();
        d.pages.add(Page.a4(1));
        d.fonts.add(font("10 0 R", "ABCDEF+Helvetica", "Type1", true, 1));
        d.outputIntents.add(cmykIntent());
        return d;
    }

    DocumentFacts build() {
        var xmp = xmpPresent ? new DocumentInfoFact.XmpFact(true, xmpProblem, xmpTitle, xmpCreatorTool, xmpProducer,
                xmpTrapped, xmpPdfxVersion, null, null, xmpCreateDate, xmpModifyDate, xmpPdfvtVersion,
                xmpPdfvtModDate) : DocumentInfoFact.XmpFact.absent();
        var info = new DocumentInfoFact(pdfVersion, fileSize, encrypted, encryptionFilter, canPrint, canPrintHighRes,
                canModify, repaired, repairNotes, infoTitle, "Author", infoCreator, infoProducer, infoTrapped,
                infoCreationDate, infoModDate, gtsPdfxVersion, gtsPdfxConformance, xmp, hasAcroForm, hasStructTree);
        return new DocumentFacts(info, pages.stream().map(Page::build).toList(), fonts, images, outputIntents,
                optionalContent, actions, embeddedFiles, null, problems, List.of(), referenceXObjects, documentParts,
                null, new RevisionsFact(revisions, false, signatures), new StorageFact(thumbnailPages, lzwStreams));
    }

    Page page() {
        return pages.getFirst();
    }

    Page addPage() {
        Page p = Page.a4(pages.size() + 1);
        pages.add(p);
        return p;
    }

    static FontFact font(String id, String name, String type, boolean embedded, int page) {
        boolean subset = name.length() > 7 && name.charAt(6) == '+';
        return new FontFact(id, name, type, null, embedded ? "FontFile" : null, embedded, subset, false, 0,
                List.of(page), 20, 0, false, null);
    }

    static OutputIntentFact cmykIntent() {
        return new OutputIntentFact("GTS_PDFX", "FOGRA39", "Coated FOGRA39", "http://www.color.org", null, "CMYK",
                "Coated FOGRA39 (ISO 12647-2:2004)", null, 0, "30 0 R");
    }

    static OutputIntentFact intent(String subtype, String identifier, String registry, String profileSpace) {
        return new OutputIntentFact(subtype, identifier, null, registry, null, profileSpace, null, null, 0, "31 0 R");
    }

    static OptionalContentFact.Group layer(String name, boolean on) {
        return new OptionalContentFact.Group(0, name, "40 0 R", on, null, false, null, null);
    }

    static OptionalContentFact.Group step(String name, String group, String type) {
        return new OptionalContentFact.Group(0, name, "41 0 R", true, null, true, group, type);
    }

    static AnnotationFact annotation(int page, String subtype, Box rect, boolean print) {
        return new AnnotationFact(page, "50 0 R", subtype, rect, print, false, true, null);
    }

    static PaintedElement element(ElementKind kind, Box box, PaintColor fill) {
        return new PaintedElement(kind, box, box, fill, null, false, false, 0, "Normal", 1, 1, false, 0, false,
                null, null, null, false, true, false, null, "page", null);
    }

    /** A visible fill or stroke painted in {@code colour}, overprinting or not, in front of others or not, on a layer. */
    static PaintedElement paint(ElementKind kind, Box box, PaintColor colour, boolean overprint, boolean overlapping,
                                String layer) {
        boolean stroke = kind == ElementKind.STROKE;
        return new PaintedElement(kind, box, box, stroke ? null : colour, stroke ? colour : null, overprint, overprint,
                1, "Normal", 1, 1, false, stroke ? 0.5 : 0, false, null, null, layer, false, true, overlapping, null,
                "page", null);
    }

    static PaintedElement text(Box box, String fontId, int renderMode) {
        return new PaintedElement(ElementKind.TEXT, box, box, PaintColor.device("DeviceCMYK", 0, 0, 0, 1), null,
                false, false, 0, "Normal", 1, 1, false, 0, false,
                new TextInfo(fontId, "Font", 10, renderMode, 5, "Hello"), null, null, false, true, false, null,
                "page", null);
    }

    static PaintedElement withAlpha(PaintedElement e, double alpha) {
        return new PaintedElement(e.kind(), e.bbox(), e.visibleBox(), e.fill(), e.stroke(), false, false, 0,
                "Normal", alpha, 1, false, 0, false, e.text(), e.image(), e.ocgName(), e.hiddenByOc(), e.visible(),
                false, null, e.context(), e.objectId());
    }

    static PaintedElement inHiddenLayer(PaintedElement e, String layer) {
        return new PaintedElement(e.kind(), e.bbox(), e.visibleBox(), e.fill(), e.stroke(), false, false, 0,
                "Normal", 1, 1, false, 0, false, e.text(), e.image(), layer, true, false, false, "hidden_oc",
                e.context(), e.objectId());
    }

    static PaintedElement image(Box box, String imageId) {
        return new PaintedElement(ElementKind.IMAGE, box, box, null, null, false, false, 0, "Normal", 1, 1, false, 0,
                false, null, new ImagePlacement(imageId, 300, 300, box.width(), box.height()), null, false, true,
                false, null, "page", imageId);
    }

    static ImageFact imageFact(String id, PaintColor color, boolean softMask) {
        return new ImageFact(id, 100, 100, 8, color, List.of("FlateDecode"), false, softMask, false, false, false,
                null, false, false, List.of(1));
    }

    /** One page's boxes and contents. */
    static final class Page {
        final int num;
        Box media;
        Box crop;
        Box trim;
        Box bleed;
        Box art;
        int rotation;
        double userUnit = 1.0;
        final List<PaintedElement> elements = new ArrayList<>();
        final List<AnnotationFact> annotations = new ArrayList<>();
        final List<TransparencyGroupFact> groups = new ArrayList<>();
        boolean hasOutputIntent;
        final List<String> contentProblems = new ArrayList<>();

        private Page(int num) {
            this.num = num;
        }

        /** A4 trim, 3 mm bleed, MediaBox = CropBox = BleedBox. */
        static Page a4(int num) {
            var p = new Page(num);
            p.media = new Box(0, 0, A4_W + 2 * BLEED, A4_H + 2 * BLEED);
            p.crop = p.media;
            p.bleed = p.media;
            p.trim = new Box(BLEED, BLEED, BLEED + A4_W, BLEED + A4_H);
            return p;
        }

        /** Sets MediaBox, CropBox and BleedBox to the trim grown by the given bleed on every side. */
        Page bleed(double points) {
            media = new Box(trim.x0() - points, trim.y0() - points, trim.x1() + points, trim.y1() + points);
            crop = media;
            bleed = media;
            return this;
        }

        PageFacts build() {
            Box visible = media.intersection(crop) == null ? media : media.intersection(crop);
            return new PageFacts(new PageGeometry(num, media, visible, trim, bleed, art, rotation, userUnit),
                    elements, annotations, groups, hasOutputIntent, contentProblems, false);
        }
    }
}
