package dev.preflight.viewer;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.preflight.analysis.PageBoxes.Box;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/**
 * Response bodies of the viewer routes (spec: Page, Other viewer records, Viewer config, Verdict). Coordinates are
 * PDF points; every field says its origin.
 */
final class ViewerResponses {

    private ViewerResponses() {
    }

    @Schema(name = "PageList", description = "The pages of a job (spec: Page wrapper)")
    record PageList(@Schema(format = "uuid") String jobId, @Schema(minimum = "0") int pageCount, List<Page> pages) {
    }

    @Schema(name = "Page", description = "One page's boxes in PDF points, origin lower-left of the page's user space")
    record Page(@Schema(minimum = "1") int pageNum,
                @Schema(description = "displayed width: the CropBox turned by /Rotate") double widthPts,
                @Schema(description = "displayed height: the CropBox turned by /Rotate") double heightPts,
                Box mediaBox,
                @Schema(description = "the CropBox clipped to the MediaBox") Box cropBox,
                @Schema(description = "the TrimBox; the CropBox when the page declares none (as PDF readers take it)")
                Box trimBox,
                @Schema(description = "the BleedBox as declared; null when the page declares none") @Nullable Box bleedBox,
                @Schema(description = "/Rotate: 0, 90, 180 or 270") int rotation) {
    }

    @Schema(name = "ChannelList", description = "The job's separations: process inks first, then every spot ink")
    record ChannelList(@Schema(format = "uuid") String jobId, List<Channel> channels) {
    }

    @Schema(name = "Channel", description = "One separation (ink) of the job")
    record Channel(@Schema(description = "the ink's exact name as the PDF spells it (Cyan, Magenta, Yellow, Black, or"
                           + " a spot colour's name with its spaces and non-ASCII letters)") String name,
                   @Schema(allowableValues = {"process", "spot"}) String type) {
    }

    @Schema(name = "TacRunList", description = "Regions of a page whose total ink is above a limit (see docs/viewer.md)")
    record TacRunList(@Schema(format = "uuid") String jobId, @Schema(minimum = "1") int pageNum,
                      @Schema(description = "resolution of the separation render measured (lower than asked when the"
                              + " page would exceed 16 megapixels)") int dpi,
                      @Schema(description = "percent") double tacLimit,
                      @Schema(description = "how many runs the page has; runs[] holds at most the 200 largest",
                              minimum = "0") long totalRuns,
                      List<TacRun> runs) {
    }

    @Schema(name = "TacRun", description = "A maximal 8-connected region of pixels whose total ink is strictly above the"
            + " limit: its bounding box in points with the origin at the top-left corner of the displayed page, y"
            + " downwards; runs are sorted by pixel count, largest first")
    record TacRun(double x0, double y0, double x1, double y1,
                  @Schema(description = "mean total ink over the run's pixels, percent") double meanTac,
                  @Schema(description = "the limit asked for, percent") double limit,
                  @Schema(description = "always true: every pixel of a run is above the limit") boolean exceeds) {
    }

    @Schema(name = "ColorSample", description = "The colour picker's reading of one pixel")
    record ColorSample(@Schema(description = "points, origin lower-left") double x,
                       @Schema(description = "points, origin lower-left") double y,
                       @ArraySchema(minItems = 3, maxItems = 3, arraySchema = @Schema(description = "red, green,"
                               + " blue (0-255) of the tile's pixel at that dpi"))
                       List<Integer> rgb,
                       @Schema(description = "#rrggbb", pattern = "^#[0-9a-f]{6}$") String hex,
                       @Schema(description = "total ink of the same pixel in the separation render, percent") double tac) {
    }

    @Schema(name = "DensitometerReading", description = "Mean ink of a 3 x 3 pixel patch centred on a point, per"
            + " channel, from the page's stored separation render")
    record DensitometerReading(@Schema(description = "points, origin lower-left") double x,
                               @Schema(description = "points, origin lower-left") double y,
                               @Schema(description = "resolution of the separation render read") int dpi,
                               List<ChannelReading> channels,
                               @Schema(description = "sum of the channels, percent") double tac,
                               @Schema(description = "percent") double tacLimit,
                               @Schema(description = "tac is strictly above tac_limit") boolean limitExceeded) {
    }

    @Schema(name = "ChannelReading")
    record ChannelReading(String name, @Schema(description = "ink, 0 to 100 percent, one decimal") double percent) {
    }

    @Schema(name = "TileWarming", description = "The background pre-render of a job's tiles after it completed")
    record TileWarming(@Schema(format = "uuid") String jobId,
                       @Schema(allowableValues = {"in_progress", "complete", "failed"}) String status,
                       @Schema(minimum = "0") int rendered, @Schema(minimum = "0") int total,
                       @Schema(description = "resolution the tiles are rendered at (the config's default_dpi)") int dpi,
                       @Schema(minimum = "0", maximum = "100") int percent,
                       @Schema(description = "null until a worker picks the task up") @Nullable Instant startedAt,
                       @Nullable Instant completedAt,
                       @Schema(description = "why pages could not be rendered (status failed)") @Nullable String error) {
    }

    @Schema(name = "LayerList", description = "The job's layers (optional-content groups), extracted at ingest")
    record LayerList(@Schema(format = "uuid") String jobId, List<Layer> layers) {
    }

    @Schema(name = "Layer", description = "One optional-content group")
    record Layer(@Schema(description = "/Name as written in the PDF") String name,
                 @Schema(description = "0-based index in /OCProperties /OCGs, used by ocg_on and ocg_off",
                         minimum = "0") int ocgIndex,
                 @Schema(description = "on in the document's default configuration") boolean defaultOn) {
    }

    @Schema(name = "ViewerCapabilities", description = "What the viewer can show for the job. Fillable: separations,"
            + " tac, fonts, images, text_regions (POST .../capabilities/{capability}); the others are set by the"
            + " ingest or by the service")
    record Capabilities(@Schema(description = "the job's channel list (separations route)") boolean separations,
                        @Schema(description = "the job's TAC summary (tac route)") boolean tac,
                        @Schema(description = "the font list") boolean fonts,
                        @Schema(description = "the image list") boolean images,
                        @Schema(description = "OCR word boxes of every page") boolean textRegions,
                        @Schema(description = "the layer list (extracted at ingest)") boolean layers,
                        @Schema(description = "TAC runs; follows tac") boolean tacRuns,
                        @Schema(description = "every tile pre-rendered at default_dpi") boolean tilesWarmed,
                        @Schema(description = "AI explanations of findings can be asked for") boolean aiExplain,
                        @Schema(description = "an EPM verdict was computed at ingest") boolean epmVerdict) {
    }

    @Schema(name = "ViewerConfig", description = "How a client should present the viewer for a job (spec: Viewer config)")
    record ViewerConfig(boolean enableSeparations, boolean enableTacHeatmap, boolean enableAnnotations,
                        boolean enableMeasurement, boolean enableComparison, boolean enableLayers,
                        boolean enableFindingsPanel, boolean enablePageThumbnails, boolean enableZoom,
                        boolean enableDownload, boolean enableHtmlReportLink,
                        @Schema(allowableValues = {"auto", "manual", "off"}, description = "auto uses summary.passed;"
                                + " manual needs a reviewer action; off hides the verdict panel") String verdictMode,
                        @Schema(description = "percent") int defaultZoom,
                        @Schema(minimum = "36", maximum = "600") int defaultDpi,
                        @Schema(description = "percent", minimum = "100", maximum = "500") double defaultTacLimit,
                        @Nullable String viewerLogoUrl, @Nullable String viewerAccentColor,
                        @Schema(allowableValues = {"top", "bottom", "left", "right"}) String toolbarPosition,
                        boolean darkMode,
                        @Nullable String brandName, @Nullable String brandLogoUrl, @Nullable String brandPrimaryColor,
                        @Nullable String brandAccentColor, @Nullable String tenantName, @Nullable String supportEmail,
                        @Schema(description = "true when all tenant and service chrome is stripped") boolean anonymous,
                        @Schema(allowableValues = {"engine", "external", "minimal"}) String preflightSource,
                        Capabilities capabilities,
                        @Schema(description = "plan gate: false on the Viewer tier") boolean capabilityFillinEnabled,
                        @Schema(description = "plan gate: false on the Viewer tier") boolean annotationsEnabled,
                        @Schema(description = "plan gate; empty = report downloads disabled")
                        List<String> allowedReportFormats,
                        @Schema(description = "where the \"Simulate overprint\" switch starts: true shows tiles and"
                                + " thumbnails as soft proofs (overprint, spot inks and the output condition"
                                + " simulated, the tile route's proof=on), false the plain screen render (proof=off)")
                        boolean simulateOverprint) {
    }

    @Schema(name = "CapabilityFill", description = "The answer to a capability fill request")
    record CapabilityFill(@Schema(format = "uuid") String jobId, String capability,
                          @Schema(allowableValues = {"queued", "already_filled"}) String status,
                          @Schema(format = "uuid", description = "the queued task; absent when already_filled")
                          @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String taskId) {
    }

    @Schema(name = "Verdict", description = "The job's verdict: the reviewer's when one was recorded, else the automatic"
            + " one from summary.passed")
    record Verdict(@Schema(allowableValues = {"pass", "fail"}) String verdict,
                   @Schema(description = "the engine's own summary verdict (summary.passed)") boolean autoPassed,
                   @Schema(description = "who recorded the verdict (api_key:<key id>, or self-hosted in auth mode"
                           + " none); null while the verdict is automatic") @Nullable String verdictBy,
                   @Schema(description = "null while the verdict is automatic") @Nullable Instant verdictAt,
                   @Nullable String notes) {
    }

    @Schema(name = "Comparison", description = "Two jobs compared page by page (see docs/viewer.md)")
    record Comparison(@Schema(format = "uuid") String comparisonId, @Schema(minimum = "0") int pageCountA,
                      @Schema(minimum = "0") int pageCountB,
                      @Schema(description = "one entry per page of the longer job; a page only one job has is"
                              + " compared with a blank page") List<PageComparison> pages) {
    }

    @Schema(name = "PageComparison")
    record PageComparison(@Schema(minimum = "1") int pageNum,
                          @Schema(description = "mean SSIM of the luminance, 11 x 11 Gaussian window (sigma 1.5),"
                                  + " K1 0.01, K2 0.03, L 255; 1 for identical renders") double ssimScore,
                          @Schema(minimum = "0", description = "pixels the diff picture colours") long diffPixelCount,
                          @Schema(minimum = "0", description = "pixels of the comparison canvas") long totalPixels) {
    }

    @Schema(name = "DocumentInfo", description = "What the file says about itself")
    record DocumentInfo(@Schema(format = "uuid") String jobId,
                        @Schema(description = "e.g. 1.6") @Nullable String pdfVersion,
                        @Schema(description = "Info /Title, else XMP dc:title") @Nullable String title,
                        @Schema(description = "Info /Author") @Nullable String author,
                        @Schema(description = "Info /Creator, else XMP xmp:CreatorTool") @Nullable String creator,
                        @Schema(description = "Info /Producer, else XMP pdf:Producer") @Nullable String producer,
                        @Schema(description = "Info /CreationDate as written (PDF date), else XMP xmp:CreateDate")
                        @Nullable String creationDate,
                        @Schema(description = "Info /ModDate as written, else XMP xmp:ModifyDate")
                        @Nullable String modificationDate,
                        @Schema(description = "True, False or Unknown") @Nullable String trapped,
                        @Schema(minimum = "0") int pageCount,
                        @Schema(description = "the PDF/X claim, null when none") @Nullable Pdfx pdfx,
                        @Schema(description = "the PDF/A claim, null when none") @Nullable Pdfa pdfa,
                        List<OutputIntent> outputIntents,
                        @Schema(description = "has an /Encrypt dictionary (it opened without a password)")
                        boolean encrypted,
                        @Schema(minimum = "0") int layerCount,
                        @Schema(description = "bytes of the PDF viewed (for image and PostScript uploads, the PDF made"
                                + " from them)", minimum = "0") long fileSize,
                        @Schema(description = "has a structure tree") boolean tagged,
                        @Schema(description = "its cross-reference data was broken and had to be rebuilt")
                        boolean repaired) {
    }

    @Schema(name = "PdfxClaim")
    record Pdfx(@Schema(description = "GTS_PDFXVersion, e.g. PDF/X-4") @Nullable String version,
                @Schema(description = "GTS_PDFXConformance (PDF/X-1a and X-3 of 2001 and 2002)")
                @Nullable String conformance) {
    }

    @Schema(name = "PdfaClaim")
    record Pdfa(@Schema(description = "pdfaid:part, 1 to 4") String part,
                @Schema(description = "pdfaid:conformance: A, B, U, E or F") @Nullable String conformance,
                @Schema(description = "e.g. PDF/A-2b") String label) {
    }

    @Schema(name = "OutputIntent")
    record OutputIntent(@Schema(description = "/S: GTS_PDFX, GTS_PDFA1, ISO_PDFE1, ...") @Nullable String subtype,
                        @Schema(description = "e.g. FOGRA39") @Nullable String outputConditionIdentifier,
                        @Nullable String outputCondition, @Nullable String registryName, @Nullable String info,
                        @Schema(description = "colour space of the embedded profile: GRAY, RGB, CMYK, LAB or CLRn;"
                                + " null when no profile is embedded") @Nullable String profileColorSpace,
                        @Schema(description = "the profile's description tag") @Nullable String profileDescription,
                        @Schema(description = "0 for the document's intent, else the page carrying it (PDF 2.0)",
                                minimum = "0") int pageNum) {
    }

    @Schema(name = "FontList", description = "Every font that shows glyphs, in the order met")
    record FontList(@Schema(format = "uuid") String jobId, List<Font> fonts) {
    }

    @Schema(name = "Font")
    record Font(@Schema(description = "/BaseFont as written, subset tag included") @Nullable String name,
                @Schema(description = "the name without its subset tag") @Nullable String baseName,
                @Schema(description = "Type0, Type1, MMType1, TrueType or Type3") @Nullable String type,
                @Schema(description = "for Type0: CIDFontType0 or CIDFontType2") @Nullable String descendantType,
                @Schema(description = "how the program is embedded: FontFile, FontFile2, FontFile3/Type1C,"
                        + " FontFile3/CIDFontType0C or FontFile3/OpenType; null when not embedded")
                @Nullable String fontFileType,
                boolean embedded,
                @Schema(description = "the name carries a subset tag (ABCDEF+)") boolean subset,
                @Schema(description = "one of the 14 standard fonts by name") boolean standard14,
                @Schema(description = "1-based pages on which it shows glyphs") List<Integer> pages,
                @Schema(minimum = "0") int glyphsUsed,
                @Schema(description = "empty when none") List<GlyphProblem> problems,
                @Schema(description = "the font dictionary (\"12 0 R\"), or res:<page>:<name> for a direct one")
                @Nullable String objectId) {
    }

    @Schema(name = "GlyphProblem")
    record GlyphProblem(@Schema(allowableValues = {"missing_glyphs", "font_unreadable", "widths_missing",
                                "widths_count_mismatch", "widths_mismatch"}) String kind,
                        @Schema(description = "glyphs or codes affected; 1 when the font as a whole", minimum = "1")
                        int count,
                        String message) {
    }

    @Schema(name = "ImageList", description = "Every image of the document and where it is placed")
    record ImageList(@Schema(format = "uuid") String jobId, List<Image> images) {
    }

    @Schema(name = "Image")
    record Image(@Schema(description = "object reference, or inline:p<page>:<n> for an inline image") String objectId,
                 @Schema(description = "pixels", minimum = "0") int width,
                 @Schema(description = "pixels", minimum = "0") int height,
                 int bitsPerComponent,
                 @Schema(description = "family of the samples' colour space (DeviceCMYK, ICCBased, Indexed, ...);"
                         + " null for an image mask") @Nullable String colorSpace,
                 @Schema(description = "for ICCBased: GRAY, RGB, CMYK or LAB from the profile")
                 @Nullable String iccColorSpace,
                 @Schema(description = "stream filters in order (DCTDecode, JPXDecode, FlateDecode, ...)")
                 List<String> filters,
                 boolean imageMask, boolean softMask,
                 @Schema(description = "every placement on a page, in page order") List<ImagePlacement> placements) {
    }

    @Schema(name = "ImagePlacement")
    record ImagePlacement(@Schema(minimum = "1") int pageNum,
                          @Schema(description = "where the image is painted, points, origin lower-left") Box bbox,
                          @Schema(description = "effective horizontal resolution, pixels per inch") double ppiX,
                          @Schema(description = "effective vertical resolution, pixels per inch") double ppiY,
                          @Schema(description = "the smaller of the two") double effectivePpi) {
    }

    @Schema(name = "TacSummary", description = "Ink per page from the document-wide ink pass (Ghostscript separations)")
    record TacSummary(@Schema(format = "uuid") String jobId,
                      @Schema(description = "resolution of the ink pass") int dpi,
                      @Schema(description = "side of the averaging square of max_tac, millimetres") double windowMm,
                      @Schema(description = "the limit area_over_limit_pct is measured against, percent")
                      double tacLimit,
                      List<PageTac> pages) {
    }

    @Schema(name = "PageTac")
    record PageTac(@Schema(minimum = "1") int pageNum,
                   @Schema(description = "highest average total ink within any square of window_mm, percent")
                   double maxTac,
                   @Schema(description = "where that square is, points, origin lower-left; null on a page without ink")
                   @Nullable Box maxTacArea,
                   @Schema(description = "highest single-pixel total ink, percent") double maxPixelTac,
                   @Schema(description = "share of the page whose windowed total ink is above tac_limit, percent")
                   double areaOverLimitPct,
                   @Schema(description = "average coverage of each separation over the page") List<ChannelReading> coverage) {
    }

    @Schema(name = "TextRegions", description = "The words OCR read on a page (text_regions capability)")
    record TextRegions(@Schema(format = "uuid") String jobId, @Schema(minimum = "1") int pageNum,
                       @Schema(description = "resolution the page was rendered at for OCR") int dpi,
                       @Schema(description = "in tesseract's reading order") List<Word> words) {
    }

    @Schema(name = "OcrWord")
    record Word(String text,
                @Schema(description = "tesseract's confidence, 0 to 100") double confidence,
                @Schema(description = "points, origin lower-left") Box bbox,
                @Schema(description = "tesseract's block number on the page") int block,
                @Schema(description = "paragraph within the block") int paragraph,
                @Schema(description = "line within the paragraph") int line) {
    }
}
