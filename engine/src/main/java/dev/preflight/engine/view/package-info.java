/**
 * What the viewer shows of one page: RGB tiles (PDFBox) with layer toggles and regions under a pixel budget, soft
 * proofs ({@link dev.preflight.engine.view.SoftProof}: the page as the press prints it, through Ghostscript),
 * separations ({@link dev.preflight.engine.view.Separations}) cached as files, the document-wide ink pass
 * ({@link dev.preflight.engine.view.DocumentInk}), TAC heatmaps and runs, densitometer and colour-picker readings,
 * page comparison, text regions ({@link dev.preflight.engine.view.TextRecognition}) and the document's info, fonts,
 * layers and images ({@link dev.preflight.engine.view.InspectedDocument}). An API package of the engine: the
 * server's {@code viewer} module calls it and nothing deeper.
 */
package dev.preflight.engine.view;
