package dev.preflight.engine.view;

import dev.preflight.engine.ocr.Tesseract;

/**
 * The viewer's OCR entry point: reads the words on a rendered page with the {@code tesseract} program, word boxes
 * in PDF points (see {@link Tesseract} for how a run is bounded).
 */
public final class TextRecognition {

    private final Tesseract tesseract;

    public TextRecognition(OcrOptions options) {
        this.tesseract = new Tesseract(options);
    }

    /**
     * Renders a page with the document's tile renderer and reads its words.
     *
     * @throws OcrException        when tesseract is missing, fails or times out
     * @throws PageRenderException when the page cannot be rendered
     */
    public OcrPage recognize(TileRenderer tiles, int pageNum) throws OcrException, PageRenderException {
        return tesseract.recognize(tiles, pageNum);
    }
}
