/**
 * What the viewer shows of one page: RGB tiles (PDFBox) with layer toggles and regions under a pixel budget,
 * separations cached as files, TAC heatmaps and runs, densitometer and colour-picker readings, page comparison,
 * and the document's info, fonts and layers. Plain library code: the server's {@code viewer} module calls it.
 */
package dev.preflight.engine.view;
