package dev.preflight.engine.view;

import dev.preflight.engine.Box;

/**
 * One word tesseract read.
 *
 * @param text       the word
 * @param confidence tesseract's confidence, 0 to 100
 * @param bbox       where it is: PDF points, origin lower-left (the page's user space, like findings' bbox)
 * @param block      tesseract's block number on the page (words of one block belong together)
 * @param paragraph  paragraph number within the block
 * @param line       line number within the paragraph
 */
public record OcrWord(String text, double confidence, Box bbox, int block, int paragraph, int line) {
}
