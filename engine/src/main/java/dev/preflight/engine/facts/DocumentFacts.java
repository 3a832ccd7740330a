package dev.preflight.engine.facts;

import dev.preflight.engine.barcodes.BarcodeScan;

import java.util.List;
import java.util.Map;

/**
 * Everything the checks know about a document, built in one pass and never changed. Checks read these facts;
 * they never reopen the PDF.
 *
 * @param document       document-level facts
 * @param pages          per-page facts, in page order
 * @param fonts          every font used (keyed by {@link FontFact#objectId()})
 * @param images         every image resource used (keyed by {@link ImageFact#objectId()})
 * @param outputIntents  document and page output intents
 * @param optionalContent layers
 * @param actions        JavaScript and other actions
 * @param embeddedFiles  embedded files
 * @param ink            rendered ink per 1-based page; empty when ink was not rendered
 * @param problems       structural problems met while collecting facts (never fatal)
 * @param damagedStreams content, form and image streams the page walk touched that do not decode completely
 * @param referenceXObjects reference XObjects drawn on the pages (graphics kept in other files)
 * @param documentParts  the PDF/VT document part hierarchy
 * @param conformance    the declared PDF/A and PDF/UA flavours and validation results by veraPDF flavour id;
 *                       empty when the profile asked for none
 * @param revisions      the file's revisions (incremental updates) and digital signatures
 * @param storage        page thumbnails and LZW-compressed streams
 * @param barcodes       barcodes found on rendered pages; {@link BarcodeScan#none()} when no barcode check asked
 */
public record DocumentFacts(DocumentInfoFact document, List<PageFacts> pages, List<FontFact> fonts,
                            List<ImageFact> images, List<OutputIntentFact> outputIntents,
                            OptionalContentFact optionalContent, List<ActionFact> actions,
                            List<EmbeddedFileFact> embeddedFiles, Map<Integer, InkFacts> ink,
                            List<String> problems, List<DamagedStreamFact> damagedStreams,
                            List<ReferenceXObjectFact> referenceXObjects, DocumentPartsFact documentParts,
                            ConformanceFacts conformance, RevisionsFact revisions, StorageFact storage,
                            BarcodeScan barcodes) {

    /** Facts without thumbnails, stream filters or a barcode scan read. */
    public DocumentFacts(DocumentInfoFact document, List<PageFacts> pages, List<FontFact> fonts,
                         List<ImageFact> images, List<OutputIntentFact> outputIntents,
                         OptionalContentFact optionalContent, List<ActionFact> actions,
                         List<EmbeddedFileFact> embeddedFiles, Map<Integer, InkFacts> ink, List<String> problems,
                         List<DamagedStreamFact> damagedStreams, List<ReferenceXObjectFact> referenceXObjects,
                         DocumentPartsFact documentParts, ConformanceFacts conformance, RevisionsFact revisions) {
        this(document, pages, fonts, images, outputIntents, optionalContent, actions, embeddedFiles, ink, problems,
                damagedStreams, referenceXObjects, documentParts, conformance, revisions, StorageFact.none(),
                BarcodeScan.none());
    }

    /** Facts as the one pass collects them, before any barcode scan. */
    public DocumentFacts(DocumentInfoFact document, List<PageFacts> pages, List<FontFact> fonts,
                         List<ImageFact> images, List<OutputIntentFact> outputIntents,
                         OptionalContentFact optionalContent, List<ActionFact> actions,
                         List<EmbeddedFileFact> embeddedFiles, Map<Integer, InkFacts> ink, List<String> problems,
                         List<DamagedStreamFact> damagedStreams, List<ReferenceXObjectFact> referenceXObjects,
                         DocumentPartsFact documentParts, ConformanceFacts conformance, RevisionsFact revisions,
                         StorageFact storage) {
        this(document, pages, fonts, images, outputIntents, optionalContent, actions, embeddedFiles, ink, problems,
                damagedStreams, referenceXObjects, documentParts, conformance, revisions, storage, BarcodeScan.none());
    }

    /** Facts without revisions or signatures read. */
    public DocumentFacts(DocumentInfoFact document, List<PageFacts> pages, List<FontFact> fonts,
                         List<ImageFact> images, List<OutputIntentFact> outputIntents,
                         OptionalContentFact optionalContent, List<ActionFact> actions,
                         List<EmbeddedFileFact> embeddedFiles, Map<Integer, InkFacts> ink, List<String> problems,
                         List<DamagedStreamFact> damagedStreams, List<ReferenceXObjectFact> referenceXObjects,
                         DocumentPartsFact documentParts, ConformanceFacts conformance) {
        this(document, pages, fonts, images, outputIntents, optionalContent, actions, embeddedFiles, ink, problems,
                damagedStreams, referenceXObjects, documentParts, conformance, RevisionsFact.unknown());
    }

    /** Facts without conformance results. */
    public DocumentFacts(DocumentInfoFact document, List<PageFacts> pages, List<FontFact> fonts,
                         List<ImageFact> images, List<OutputIntentFact> outputIntents,
                         OptionalContentFact optionalContent, List<ActionFact> actions,
                         List<EmbeddedFileFact> embeddedFiles, Map<Integer, InkFacts> ink, List<String> problems,
                         List<DamagedStreamFact> damagedStreams, List<ReferenceXObjectFact> referenceXObjects,
                         DocumentPartsFact documentParts) {
        this(document, pages, fonts, images, outputIntents, optionalContent, actions, embeddedFiles, ink, problems,
                damagedStreams, referenceXObjects, documentParts, ConformanceFacts.none());
    }

    /** Facts without reference XObjects or document parts. */
    public DocumentFacts(DocumentInfoFact document, List<PageFacts> pages, List<FontFact> fonts,
                         List<ImageFact> images, List<OutputIntentFact> outputIntents,
                         OptionalContentFact optionalContent, List<ActionFact> actions,
                         List<EmbeddedFileFact> embeddedFiles, Map<Integer, InkFacts> ink, List<String> problems,
                         List<DamagedStreamFact> damagedStreams) {
        this(document, pages, fonts, images, outputIntents, optionalContent, actions, embeddedFiles, ink, problems,
                damagedStreams, List.of(), DocumentPartsFact.none());
    }

    /** Facts without stream decode results (hand-built facts in tests). */
    public DocumentFacts(DocumentInfoFact document, List<PageFacts> pages, List<FontFact> fonts,
                         List<ImageFact> images, List<OutputIntentFact> outputIntents,
                         OptionalContentFact optionalContent, List<ActionFact> actions,
                         List<EmbeddedFileFact> embeddedFiles, Map<Integer, InkFacts> ink, List<String> problems) {
        this(document, pages, fonts, images, outputIntents, optionalContent, actions, embeddedFiles, ink, problems,
                List.of());
    }

    public DocumentFacts {
        pages = pages == null ? List.of() : List.copyOf(pages);
        fonts = fonts == null ? List.of() : List.copyOf(fonts);
        images = images == null ? List.of() : List.copyOf(images);
        outputIntents = outputIntents == null ? List.of() : List.copyOf(outputIntents);
        optionalContent = optionalContent == null ? OptionalContentFact.none() : optionalContent;
        actions = actions == null ? List.of() : List.copyOf(actions);
        embeddedFiles = embeddedFiles == null ? List.of() : List.copyOf(embeddedFiles);
        ink = ink == null ? Map.of() : Map.copyOf(ink);
        problems = problems == null ? List.of() : List.copyOf(problems);
        damagedStreams = damagedStreams == null ? List.of() : List.copyOf(damagedStreams);
        referenceXObjects = referenceXObjects == null ? List.of() : List.copyOf(referenceXObjects);
        documentParts = documentParts == null ? DocumentPartsFact.none() : documentParts;
        conformance = conformance == null ? ConformanceFacts.none() : conformance;
        revisions = revisions == null ? RevisionsFact.unknown() : revisions;
        storage = storage == null ? StorageFact.none() : storage;
        barcodes = barcodes == null ? BarcodeScan.none() : barcodes;
    }

    public int pageCount() {
        return pages.size();
    }

    public FontFact font(String objectId) {
        return fonts.stream().filter(f -> f.objectId().equals(objectId)).findFirst().orElse(null);
    }

    public ImageFact image(String objectId) {
        return images.stream().filter(i -> i.objectId().equals(objectId)).findFirst().orElse(null);
    }

    /** A copy with rendered ink attached. */
    public DocumentFacts withInk(Map<Integer, InkFacts> newInk) {
        return new DocumentFacts(document, pages, fonts, images, outputIntents, optionalContent, actions,
                embeddedFiles, newInk, problems, damagedStreams, referenceXObjects, documentParts, conformance, revisions,
                storage, barcodes);
    }

    /** A copy with conformance validation results attached. */
    public DocumentFacts withConformance(ConformanceFacts results) {
        return new DocumentFacts(document, pages, fonts, images, outputIntents, optionalContent, actions,
                embeddedFiles, ink, problems, damagedStreams, referenceXObjects, documentParts, results, revisions,
                storage, barcodes);
    }

    /** A copy with the barcodes found on the rendered pages attached. */
    public DocumentFacts withBarcodes(BarcodeScan scan) {
        return new DocumentFacts(document, pages, fonts, images, outputIntents, optionalContent, actions,
                embeddedFiles, ink, problems, damagedStreams, referenceXObjects, documentParts, conformance, revisions,
                storage, scan);
    }
}
