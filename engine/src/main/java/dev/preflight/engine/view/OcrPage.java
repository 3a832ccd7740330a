package dev.preflight.engine.view;

import java.util.List;

/**
 * The words read on one page.
 *
 * @param pageNum 1-based page
 * @param dpi     resolution the page was rendered at for tesseract
 * @param words   in tesseract's reading order
 */
public record OcrPage(int pageNum, int dpi, List<OcrWord> words) {

    public OcrPage {
        words = List.copyOf(words);
    }
}
