package dev.preflight.viewer;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Viewer settings ({@code preflight.viewer.*}).
 *
 * @param renderThreads        PDFBox and Ghostscript renders running at once on this node (0: one per core)
 * @param renderQueue          renders waiting for a thread; past it a request answers 503
 * @param renderTimeout        deadline of one render; a page that takes longer answers 422
 * @param documentWait         how long a request waits for a document-wide computation (font list, separations,
 *                             TAC summary) before answering 409 "still being computed"
 * @param documentTimeout      bound of one document-wide computation (the ink pass's Ghostscript runs)
 * @param maxPixels            the most pixels one tile, channel or heatmap render may allocate (60 megapixels)
 * @param maxMainMemoryMb      PDFBox main-memory budget per open document; the rest spills to scratch files
 * @param openDocuments        documents kept open for bursts of tile requests
 * @param tileMaxAge           {@code Cache-Control: private, max-age} of rendered images
 * @param separationCacheMb    decoded separation renders kept in memory for heatmaps, runs and channel plates
 * @param warmTiles            pre-render a job's tiles after it completes (tile warming)
 * @param warmMaxPages         pages pre-rendered after a job completes (0: every page)
 * @param compareMaxMegapixels pixels a comparison may render in total, over both jobs and every page
 * @param ghostscript          Ghostscript executable
 * @param inkDpi               resolution of the document-wide ink pass (separation names and TAC summary)
 * @param ocr                  the OCR of the text_regions capability
 * @param defaults             the viewer config's tenant-independent fields
 */
@ConfigurationProperties("preflight.viewer")
record ViewerProperties(int renderThreads, int renderQueue, Duration renderTimeout, Duration documentWait,
                        Duration documentTimeout, long maxPixels, int maxMainMemoryMb, int openDocuments, Duration tileMaxAge,
                        int separationCacheMb, Boolean warmTiles, int warmMaxPages, long compareMaxMegapixels, String ghostscript,
                        int inkDpi, Ocr ocr, Defaults defaults) {

    ViewerProperties {
        renderThreads = renderThreads > 0 ? renderThreads : Math.max(1, Runtime.getRuntime().availableProcessors());
        renderQueue = renderQueue > 0 ? renderQueue : 64;
        renderTimeout = renderTimeout == null ? Duration.ofSeconds(60) : renderTimeout;
        documentWait = documentWait == null ? Duration.ofSeconds(30) : documentWait;
        documentTimeout = documentTimeout == null ? Duration.ofMinutes(10) : documentTimeout;
        maxPixels = maxPixels > 0 ? maxPixels : 60_000_000L;
        maxMainMemoryMb = maxMainMemoryMb > 0 ? maxMainMemoryMb : 64;
        openDocuments = openDocuments > 0 ? openDocuments : 8;
        tileMaxAge = tileMaxAge == null ? Duration.ofDays(1) : tileMaxAge;
        separationCacheMb = separationCacheMb > 0 ? separationCacheMb : 64;
        warmTiles = warmTiles == null || warmTiles;
        warmMaxPages = Math.max(0, warmMaxPages);
        compareMaxMegapixels = compareMaxMegapixels > 0 ? compareMaxMegapixels : 400;
        ghostscript = ghostscript == null || ghostscript.isBlank() ? "gs" : ghostscript;
        inkDpi = inkDpi > 0 ? inkDpi : 72;
        ocr = ocr == null ? new Ocr(null, null, 0, null) : ocr;
        defaults = defaults == null ? Defaults.standard() : defaults;
    }

    /**
     * OCR with the tesseract CLI.
     *
     * @param executable  tesseract's path or name on the PATH
     * @param language    tesseract language list, e.g. {@code eng}
     * @param dpi         page render resolution for tesseract
     * @param pageTimeout bound on one page
     */
    record Ocr(String executable, String language, int dpi, Duration pageTimeout) {

        Ocr {
            executable = executable == null || executable.isBlank() ? "tesseract" : executable;
            language = language == null || language.isBlank() ? "eng" : language;
            dpi = dpi > 0 ? dpi : 300;
            pageTimeout = pageTimeout == null ? Duration.ofMinutes(2) : pageTimeout;
        }
    }

    /**
     * The viewer config's defaults (spec: Viewer config); a deployment may change them.
     *
     * @param verdictMode       auto, manual or off
     * @param toolbarPosition   top, bottom, left or right
     * @param simulateOverprint the web app's "Simulate overprint" switch starts on (tiles are soft proofs)
     */
    record Defaults(Boolean enableSeparations, Boolean enableTacHeatmap, Boolean enableAnnotations,
                    Boolean enableMeasurement, Boolean enableComparison, Boolean enableLayers,
                    Boolean enableFindingsPanel, Boolean enablePageThumbnails, Boolean enableZoom,
                    Boolean enableDownload, Boolean enableHtmlReportLink, String verdictMode, Integer defaultZoom,
                    Integer defaultDpi, Double defaultTacLimit, String viewerLogoUrl, String viewerAccentColor,
                    String toolbarPosition, Boolean darkMode, Boolean simulateOverprint) {

        Defaults {
            simulateOverprint = on(simulateOverprint);
            enableSeparations = on(enableSeparations);
            enableTacHeatmap = on(enableTacHeatmap);
            enableAnnotations = on(enableAnnotations);
            enableMeasurement = on(enableMeasurement);
            enableComparison = on(enableComparison);
            enableLayers = on(enableLayers);
            enableFindingsPanel = on(enableFindingsPanel);
            enablePageThumbnails = on(enablePageThumbnails);
            enableZoom = on(enableZoom);
            enableDownload = on(enableDownload);
            enableHtmlReportLink = on(enableHtmlReportLink);
            verdictMode = blank(verdictMode) ? "auto" : verdictMode.trim();
            if (!java.util.List.of("auto", "manual", "off").contains(verdictMode)) {
                throw new IllegalArgumentException("preflight.viewer.defaults.verdict-mode must be auto, manual or off");
            }
            defaultZoom = defaultZoom == null ? 100 : defaultZoom;
            defaultDpi = defaultDpi == null ? 150 : defaultDpi;
            if (defaultDpi < ViewerLimits.MIN_DPI || defaultDpi > ViewerLimits.MAX_DPI) {
                throw new IllegalArgumentException("preflight.viewer.defaults.default-dpi must be within 36..600");
            }
            defaultTacLimit = defaultTacLimit == null ? 300.0 : defaultTacLimit;
            if (defaultTacLimit < ViewerLimits.MIN_TAC || defaultTacLimit > ViewerLimits.MAX_TAC) {
                throw new IllegalArgumentException("preflight.viewer.defaults.default-tac-limit must be within 100..500");
            }
            viewerLogoUrl = blank(viewerLogoUrl) ? null : viewerLogoUrl.trim();
            viewerAccentColor = blank(viewerAccentColor) ? null : viewerAccentColor.trim();
            toolbarPosition = blank(toolbarPosition) ? "top" : toolbarPosition.trim();
            if (!java.util.List.of("top", "bottom", "left", "right").contains(toolbarPosition)) {
                throw new IllegalArgumentException("preflight.viewer.defaults.toolbar-position must be top, bottom,"
                        + " left or right");
            }
            darkMode = darkMode != null && darkMode;
        }

        static Defaults standard() {
            return new Defaults(null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                    null, null, null, null, null, null);
        }

        private static Boolean on(Boolean b) {
            return b == null || b;
        }

        private static boolean blank(String s) {
            return s == null || s.isBlank();
        }
    }
}
