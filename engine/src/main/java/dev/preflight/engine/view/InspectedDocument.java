package dev.preflight.engine.view;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RepairDetector;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.FactsCollector;
import dev.preflight.engine.facts.ImageFact;
import dev.preflight.engine.facts.PageFacts;
import dev.preflight.engine.facts.PaintedElement;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the viewer keeps of one document from a single facts pass: its inspection (info, fonts with glyph problems,
 * layers) and its images with every placement.
 *
 * @param inspection the document's info, fonts and layers
 * @param images     every image resource, in the order the facts met them
 * @param placements every placement of an image (or image mask) on a page, in page and painting order
 */
public record InspectedDocument(DocumentInspection inspection, List<ImageInfo> images,
                                List<PlacedImage> placements) {

    public InspectedDocument {
        images = List.copyOf(images);
        placements = List.copyOf(placements);
    }

    /**
     * Opens a PDF and inspects it. Unlike {@link DocumentInspection#inspect}, a structure the facts pass trips over
     * is not worded here: its {@link RuntimeException} or {@link StackOverflowError} reaches the caller as thrown.
     *
     * @throws UnreadablePdfException when the file is not a PDF, needs a password or cannot be parsed
     * @throws IOException            when its size cannot be read or it cannot be closed
     */
    public static InspectedDocument read(Path pdf, EngineSettings settings) throws UnreadablePdfException,
            IOException {
        try (PDDocument doc = PdfOpener.open(pdf, settings.maxMainMemoryBytes())) {
            DocumentFacts facts = FactsCollector.collect(doc, Files.size(pdf), RepairDetector.problems(pdf), settings);
            return new InspectedDocument(DocumentInspection.of(facts, doc), images(facts), placements(facts));
        }
    }

    private static List<ImageInfo> images(DocumentFacts facts) {
        var out = new ArrayList<ImageInfo>(facts.images().size());
        for (ImageFact i : facts.images()) {
            out.add(new ImageInfo(i.objectId(), i.width(), i.height(), i.bitsPerComponent(),
                    i.color() == null ? null : i.color().space(), i.color() == null ? null : i.color().iccSpace(),
                    i.filters(), i.imageMask(), i.hasSoftMask()));
        }
        return out;
    }

    private static List<PlacedImage> placements(DocumentFacts facts) {
        var out = new ArrayList<PlacedImage>();
        for (PageFacts page : facts.pages()) {
            for (PaintedElement e : page.elements()) {
                if ((e.kind() == ElementKind.IMAGE || e.kind() == ElementKind.IMAGE_MASK) && e.image() != null) {
                    out.add(new PlacedImage(e.image().imageObjectId(), page.pageNum(), e.bbox(), e.image().ppiX(),
                            e.image().ppiY(), e.image().effectivePpi()));
                }
            }
        }
        return out;
    }
}
