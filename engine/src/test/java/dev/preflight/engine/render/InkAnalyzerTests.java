package dev.preflight.engine.render;

import dev.preflight.engine.Box;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.InkFacts;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Real Ghostscript renders of PDFs built here. At 72 dpi one pixel is one point and every rectangle sits on whole
 * points, so Ghostscript's fill rule paints exactly the rectangle's pixels; coverage tolerances only absorb
 * floating point, and positions are checked to one pixel (1 pt).
 */
@Tag("ghostscript")
class InkAnalyzerTests {

    private static final int DPI = 72;
    /** round(15 / 25.4 * 72) */
    private static final int WINDOW_PX = 43;
    private static final double PIXEL_PT = 72.0 / DPI;

    @TempDir
    Path dir;

    private InkOptions options() {
        return new InkOptions(DPI, 15, 300, 300, "gs", Duration.ofSeconds(60), dir.resolve("scratch"), 1, 0);
    }

    private InkFacts analyzeOnePage(InkPdfs pdf) throws Exception {
        Path file = pdf.write(Files.createTempFile(dir, "in", ".pdf"));
        Map<Integer, InkFacts> ink = new InkAnalyzer().analyze(file, options());
        assertThat(ink).containsOnlyKeys(1);
        return ink.get(1);
    }

    @Test
    void blackSquareGivesItsAreaAsCoverageAndFullBlackTac() throws Exception {
        InkFacts f = analyzeOnePage(InkPdfs.create().page(300, 200).cmyk(50, 50, 100, 100, 0, 0, 0, 1));

        assertThat(f.dpi()).isEqualTo(DPI);
        assertThat(f.coveragePercent()).containsOnlyKeys("Cyan", "Magenta", "Yellow", "Black");
        assertThat(f.coveragePercent().get("Black")).isCloseTo(100.0 * 100 * 100 / (300 * 200), within(0.01));
        assertThat(f.coveragePercent().get("Cyan")).isZero();
        assertThat(f.maxTacAll()).isCloseTo(100, within(0.01));
        assertThat(f.maxTacCmyk()).isCloseTo(100, within(0.01));
        assertThat(f.maxPixelTac()).isCloseTo(100, within(0.01));
        assertThat(f.maxBlackWindow()).isCloseTo(100, within(0.01));
        // K replaced by equal C, M and Y: three solid inks
        assertThat(f.maxCmyAfterKConversion()).isCloseTo(300, within(0.01));
        assertThat(f.neutralGreyAreaPct()).isCloseTo(100.0 * 100 * 100 / (300 * 200), within(0.01));
        assertThat(f.areaOverLimitAllPct()).isZero();
        assertThat(f.empty()).isFalse();
        assertThat(f.windowMm()).isEqualTo(15);
        assertThat(new Box(50, 50, 150, 150).contains(f.worstWindowAll())).isTrue();
        assertThat(f.worstWindowAll().width()).isCloseTo(WINDOW_PX * PIXEL_PT, within(1e-9));
    }

    @Test
    void fourColourSquareLargerThanWindowReaches400WithWorstWindowInside() throws Exception {
        InkFacts f = analyzeOnePage(InkPdfs.create().page(400, 300).cmyk(100, 50, 120, 120, 1, 1, 1, 1));

        assertThat(f.maxTacCmyk()).isCloseTo(400, within(0.01));
        assertThat(f.maxTacAll()).isCloseTo(400, within(0.01));
        Box square = new Box(100, 50, 220, 170);
        assertThat(square.contains(f.worstWindowCmyk())).isTrue();
        // ties resolve to the first window in reading order: the square's top-left corner
        Box expected = new Box(100, 170 - WINDOW_PX * PIXEL_PT, 100 + WINDOW_PX * PIXEL_PT, 170);
        assertThat(f.worstWindowCmyk().sameAs(expected, PIXEL_PT)).as("%s", f.worstWindowCmyk()).isTrue();
        // windows centred on the square's inner pixels are all above 300 %
        assertThat(f.areaOverLimitCmykPct()).isGreaterThan(100.0 * (120 - WINDOW_PX) * (120 - WINDOW_PX)
                / (400 * 300)).isLessThan(100.0 * 120 * 120 / (400 * 300));
        assertThat(f.neutralGreyAreaPct()).isCloseTo(100.0 * 120 * 120 / (400 * 300), within(0.01));
    }

    @Test
    void squareSmallerThanWindowIsAveragedBelowItsPeak() throws Exception {
        InkFacts f = analyzeOnePage(InkPdfs.create().page(300, 200).cmyk(100, 80, 20, 20, 1, 1, 1, 1));

        assertThat(f.maxPixelTac()).isCloseTo(400, within(0.01));
        double expected = 400.0 * 20 * 20 / (WINDOW_PX * WINDOW_PX);
        assertThat(f.maxTacAll()).isCloseTo(expected, within(0.01)).isLessThan(f.maxPixelTac());
        assertThat(f.worstWindowAll().contains(new Box(100, 80, 120, 100))).isTrue();
        assertThat(f.areaOverLimitAllPct()).isZero();
    }

    @Test
    void spotColourIsNamedAndCountsInAllSeparationsButNotInCmyk() throws Exception {
        String name = "Gold Ink/Ä (1)%";
        Path pdf = InkPdfs.create().page(300, 200)
                .cmyk(40, 40, 100, 100, 1, 0, 0, 0)
                .spot(name, 40, 40, 100, 100, 1)
                .write(dir.resolve("spot.pdf"));
        var analyzer = new InkAnalyzer();
        InkFacts f = analyzer.analyze(pdf, options()).get(1);

        assertThat(analyzer.separations()).containsExactly("Cyan", "Magenta", "Yellow", "Black", name);
        assertThat(f.coveragePercent()).containsKey(name);
        assertThat(f.coveragePercent().get(name)).isCloseTo(100.0 * 100 * 100 / (300 * 200), within(0.01));
        // the spot knocks out the cyan below it (no overprint), so each pixel carries one ink
        assertThat(f.maxTacAll()).isCloseTo(100, within(0.01));
        assertThat(f.maxTacCmyk()).isCloseTo(0, within(0.01));
        assertThat(f.neutralGreyAreaPct()).isZero();
    }

    @Test
    void spotOverprintingProcessAddsToAllSeparationsOnly() throws Exception {
        // a Separation overprints everything but its own plate, regardless of OPM
        Path both = InkPdfs.create().page(300, 200).cmyk(40, 40, 100, 100, 1, 1, 0, 0)
                .spot("PANTONE 871 C", 40, 40, 100, 100, 1).write(dir.resolve("spot-knockout.pdf"));
        Path overprinting = withSpotOverprint(both, dir.resolve("spot-overprint.pdf"));
        InkFacts f = new InkAnalyzer().analyze(overprinting, options()).get(1);

        assertThat(f.maxTacAll()).isCloseTo(300, within(0.01));
        assertThat(f.maxTacCmyk()).isCloseTo(200, within(0.01));
    }

    @Test
    void overprintingBlackKeepsTheCyanBelow() throws Exception {
        InkFacts knockout = analyzeOnePage(InkPdfs.create().page(300, 200)
                .cmyk(40, 40, 120, 120, 1, 0, 0, 0).cmyk(40, 40, 120, 120, 0, 0, 0, 1));
        InkFacts overprint = analyzeOnePage(InkPdfs.create().page(300, 200)
                .cmyk(40, 40, 120, 120, 1, 0, 0, 0).cmykOverprint(40, 40, 120, 120, 0, 0, 0, 1));

        assertThat(knockout.maxTacCmyk()).isCloseTo(100, within(0.01));
        assertThat(knockout.coveragePercent().get("Cyan")).isZero();
        assertThat(overprint.maxTacCmyk()).isCloseTo(200, within(0.01));
        assertThat(overprint.coveragePercent().get("Cyan")).isCloseTo(overprint.coveragePercent().get("Black"),
                within(0.01)).isGreaterThan(0);
    }

    @Test
    void emptyPageIsEmpty() throws Exception {
        InkFacts f = analyzeOnePage(InkPdfs.create().page(200, 200));

        assertThat(f.empty()).isTrue();
        assertThat(f.maxTacAll()).isZero();
        assertThat(f.maxPixelTac()).isZero();
        assertThat(f.coveragePercent().values()).containsOnly(0.0);
        assertThat(f.neutralGreyAreaPct()).isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 90, 180, 270})
    void worstWindowMapsBackToUserSpaceOnRotatedPages(int rotation) throws Exception {
        // a page size that is not a whole number of pixels, so the renderer's leftover fraction is exercised
        InkFacts f = analyzeOnePage(InkPdfs.create().page(400.5f, 300.5f).rotate(rotation)
                .cmyk(250, 60, 100, 80, 1, 1, 1, 1).cmyk(20, 200, 30, 30, 0, 0, 0, 1));

        Box square = new Box(250, 60, 350, 140);
        Box w = f.worstWindowCmyk();
        assertThat(f.maxTacCmyk()).isCloseTo(400, within(0.01));
        assertThat(new Box(square.x0() - PIXEL_PT, square.y0() - PIXEL_PT, square.x1() + PIXEL_PT,
                square.y1() + PIXEL_PT).contains(w)).as("%s inside %s", w, square).isTrue();
        double side = WINDOW_PX * PIXEL_PT;
        assertThat(w.width()).isCloseTo(side, within(1e-6));
        assertThat(w.height()).isCloseTo(side, within(1e-6));
        // the first window in reading order sits at the square's displayed top-left corner
        Box expected = switch (rotation) {
            case 90 -> new Box(250, 60, 250 + side, 60 + side);
            case 180 -> new Box(350 - side, 60, 350, 60 + side);
            case 270 -> new Box(350 - side, 140 - side, 350, 140);
            default -> new Box(250, 140 - side, 250 + side, 140);
        };
        assertThat(w.sameAs(expected, PIXEL_PT)).as("%s near %s", w, expected).isTrue();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 90, 180, 270})
    void croppedPagesAreMeasuredOverTheCropBoxAndMapBackToUserSpace(int rotation) throws Exception {
        // ink outside the CropBox is not on the page as printed, so it must not count
        InkFacts f = analyzeOnePage(InkPdfs.create().page(500, 400).crop(60.5f, 40, 420, 330.5f).rotate(rotation)
                .cmyk(0, 0, 60, 400, 1, 1, 1, 1).cmyk(200, 100, 100, 100, 0, 0, 0, 1));

        // the raster rounds the half-point CropBox edges up to whole pixels (360 x 291), and where the square's edges
        // fall on half pixels Ghostscript paints every pixel they touch: at most 101 x 101 instead of 100 x 100
        double exact = 100.0 * 100 * 100 / (360 * 291);
        assertThat(f.coveragePercent().get("Black")).isBetween(exact - 1e-9, 100.0 * 101 * 101 / (360 * 291) + 1e-9);
        assertThat(f.coveragePercent().get("Cyan")).isZero();
        assertThat(f.maxTacAll()).isCloseTo(100, within(0.01));
        Box square = new Box(200, 100, 300, 200);
        Box w = f.worstWindowAll();
        assertThat(new Box(square.x0() - PIXEL_PT, square.y0() - PIXEL_PT, square.x1() + PIXEL_PT,
                square.y1() + PIXEL_PT).contains(w)).as("%s inside %s", w, square).isTrue();
    }

    @Test
    void measuresEveryPageAcrossGhostscriptRunsOrOnlyThoseAskedForAndLeavesNoFilesBehind() throws Exception {
        // odd pages carry a spot ink (tiffsep, in more than one run), even pages only black (one CMYK stream)
        int count = 2 * InkAnalyzer.PAGES_PER_RUN + 3;
        var pdf = InkPdfs.create();
        for (int i = 1; i <= count; i++) {
            pdf.page(100, 100).cmyk(0, 0, stripe(i), 100, 0, 0, 0, 1);
            if (i % 2 == 1) {
                pdf.spot("Lack " + (i % 3), 99, 99, 1, 1, 1);
            }
        }
        Path file = pdf.write(dir.resolve("many.pdf"));
        var analyzer = new InkAnalyzer();
        Map<Integer, InkFacts> all = analyzer.analyze(file, options());
        Map<Integer, InkFacts> some = new InkAnalyzer().analyze(file, options().withPages(3, 10));

        assertThat(all).hasSize(count);
        for (int i = 1; i <= count; i++) {
            // on a 100 pt square page the stripe's width in points is its coverage in percent
            assertThat(all.get(i).coveragePercent().get("Black")).as("page %d", i).isCloseTo(stripe(i), within(0.01));
            assertThat(all.get(i).coveragePercent()).as("page %d", i).hasSize(i % 2 == 1 ? 5 : 4);
        }
        assertThat(analyzer.separations()).containsExactly("Cyan", "Magenta", "Yellow", "Black", "Lack 0", "Lack 1",
                "Lack 2");
        assertThat(some).containsOnlyKeys(3, 4, 5, 6, 7, 8, 9, 10);
        assertThat(some.get(9)).isEqualTo(all.get(9));
        assertThat(some.get(10)).isEqualTo(all.get(10));
        assertNoScratchFiles();
        // the CMYK run started on the whole document before its spot pages were known was stopped, not left behind
        assertThat(GhostscriptProcesses.runningOn(file)).isEmpty();
    }

    @Test
    void aPageRangeOfAProcessOnlyDocumentIsMeasuredFromTheRunStartedBeforeThePagesWereKnown() throws Exception {
        var pdf = InkPdfs.create();
        for (int i = 1; i <= 4; i++) {
            pdf.page(100, 100).cmyk(0, 0, stripe(i), 100, 0, 1, 0, 0);
        }
        Path file = pdf.write(dir.resolve("four.pdf"));

        Map<Integer, InkFacts> middle = new InkAnalyzer().analyze(file, options().withPages(2, 3));
        Map<Integer, InkFacts> tail = new InkAnalyzer().analyze(file, options().withPages(3, 99));

        assertThat(middle).containsOnlyKeys(2, 3);
        assertThat(tail).containsOnlyKeys(3, 4);
        assertThat(middle.get(2).coveragePercent().get("Magenta")).isCloseTo(stripe(2), within(0.01));
        assertThat(tail.get(4).coveragePercent().get("Magenta")).isCloseTo(stripe(4), within(0.01));
        assertThat(tail.get(3)).isEqualTo(middle.get(3));
        assertThat(GhostscriptProcesses.runningOn(file)).isEmpty();
    }

    /** The scratch directory holds nothing: absent (only CMYK streams ran) or emptied. */
    private void assertNoScratchFiles() throws IOException {
        Path scratch = dir.resolve("scratch");
        if (Files.exists(scratch)) {
            try (Stream<Path> left = Files.list(scratch)) {
                assertThat(left).isEmpty();
            }
        }
    }

    /** A black stripe width that differs from page to page. */
    private static int stripe(int page) {
        return 1 + (page * 7) % 97;
    }

    @Test
    void notAPdfGivesAReadableReason() throws IOException {
        Path file = Files.writeString(dir.resolve("x.pdf"), "hello, I am a text file", StandardCharsets.US_ASCII);

        assertThatThrownBy(() -> new InkAnalyzer().analyze(file, options()))
                .isInstanceOf(UnreadablePdfException.class)
                .satisfies(e -> assertThat(((UnreadablePdfException) e).reason()).isEqualTo("not_pdf"))
                .hasMessageContaining("not a PDF");
    }

    @Test
    void damagedPdfGivesAReadableReason() throws IOException {
        Path file = Files.writeString(dir.resolve("broken.pdf"), "%PDF-1.7\n1 0 obj << /Type /Cat",
                StandardCharsets.US_ASCII);

        assertThatThrownBy(() -> new InkAnalyzer().analyze(file, options()))
                .isInstanceOf(UnreadablePdfException.class)
                .satisfies(e -> assertThat(((UnreadablePdfException) e).reason()).isEqualTo("damaged"))
                .hasMessageContaining("damaged");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void slowRenderIsStoppedAtTheTimeoutAndCleansUp(boolean spots) throws Exception {
        // sixty pages of 16 megapixels each: seconds of work for either device even on a fast machine, where
        // Ghostscript outruns the meter and a page is always waiting (the deadline must still stop the run)
        var big = InkPdfs.create();
        for (int i = 0; i < 60; i++) {
            big.page(2000, 2000).cmyk(0, 0, 2000, 2000, 1, 0, 0, 0);
            if (spots) {
                big.spot("Slow Ink", 0, 0, 1000, 1000, 0.5f);
            }
        }
        Path pdf = big.write(dir.resolve("big.pdf"));
        var opts = options().withDpi(600);
        var timed = new InkOptions(opts.dpi(), 15, 300, 300, "gs", Duration.ofMillis(300), opts.scratchDir(), 1, 0);

        long start = System.nanoTime();
        assertThatThrownBy(() -> new InkAnalyzer().analyze(pdf, timed))
                .isInstanceOf(RenderException.class)
                .satisfies(e -> assertThat(((RenderException) e).timedOut()).isTrue())
                // on a loaded machine the page scan may use up the budget before the render or a run begins
                .hasMessageMatching(".*(did not finish|ran out of time before).*");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
        assertThat(GhostscriptProcesses.runningOn(pdf)).isEmpty();
        assertNoScratchFiles();
    }

    @Test
    void missingGhostscriptIsAReadableFailure() throws Exception {
        Path pdf = InkPdfs.create().page(100, 100).write(dir.resolve("p.pdf"));
        var opts = new InkOptions(DPI, 15, 300, 300, dir.resolve("no-such-gs").toString(), Duration.ofSeconds(5),
                dir.resolve("scratch"), 1, 0);

        assertThatThrownBy(() -> new InkAnalyzer().analyze(pdf, opts))
                .isInstanceOf(RenderException.class)
                .hasMessageContaining("could not be started");
    }

    /** Sets /OP and /op on the page's content so the spot fill overprints the process inks below it. */
    private static Path withSpotOverprint(Path pdf, Path out) throws IOException {
        try (var doc = org.apache.pdfbox.Loader.loadPDF(pdf.toFile())) {
            var page = doc.getPage(0);
            var gs = new org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState();
            gs.setNonStrokingOverprintControl(true);
            gs.setStrokingOverprintControl(true);
            var name = page.getResources().add(gs);
            byte[] content;
            try (var in = page.getContents()) {
                content = in.readAllBytes();
            }
            String text = new String(content, StandardCharsets.ISO_8859_1);
            // the second save-state block paints the spot: give it the overprint state first
            int second = text.indexOf("q", text.indexOf("Q"));
            String patched = text.substring(0, second + 1) + "\n/" + name.getName() + " gs\n"
                    + text.substring(second + 1);
            var stream = new org.apache.pdfbox.pdmodel.common.PDStream(doc);
            try (var os = stream.createOutputStream()) {
                os.write(patched.getBytes(StandardCharsets.ISO_8859_1));
            }
            page.setContents(stream);
            doc.save(out.toFile());
        }
        return out;
    }
}
