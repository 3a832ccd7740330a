package dev.preflight.engine.convert;

import dev.preflight.engine.ConversionResult;
import dev.preflight.engine.InputType;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.InkAnalyzer;
import dev.preflight.engine.render.InkOptions;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class InputConverterTests {

    @TempDir
    Path dir;

    private InputConverter converter(Duration timeout) {
        return new InputConverter(new Ghostscript("gs"), timeout);
    }

    private ConversionResult convert(Path input) throws UnreadablePdfException {
        return converter(Duration.ofSeconds(60)).convertIfNeeded(input, dir.resolve("scratch"));
    }

    private static PDRectangle onlyPage(Path pdf) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertThat(doc.getNumberOfPages()).isEqualTo(1);
            return doc.getPage(0).getMediaBox();
        }
    }

    private static PDImageXObject firstImage(PDDocument doc) throws Exception {
        var resources = doc.getPage(0).getResources();
        COSName name = resources.getXObjectNames().iterator().next();
        return (PDImageXObject) resources.getXObject(name);
    }

    @Test
    void pdfPassesUnchanged() throws Exception {
        Path pdf = dir.resolve("in.pdf");
        try (var doc = new PDDocument()) {
            doc.addPage(new org.apache.pdfbox.pdmodel.PDPage());
            doc.save(pdf.toFile());
        }

        ConversionResult r = convert(pdf);

        assertThat(r.pdf()).isEqualTo(pdf);
        assertThat(r.type()).isEqualTo(InputType.PDF);
        assertThat(r.converted()).isFalse();
        assertThat(r.message()).isNull();
    }

    @Test
    void jpegBecomesOnePageAtItsDeclaredResolution() throws Exception {
        Path jpeg = ConvertibleFiles.jpeg(dir.resolve("photo.jpg"), 300, 150, 150);

        ConversionResult r = convert(jpeg);

        assertThat(r.type()).isEqualTo(InputType.JPEG);
        assertThat(r.converted()).isTrue();
        assertThat(r.message()).isEqualTo("Converted from JPEG to PDF before analysis");
        assertThat(r.pdf().getParent()).isEqualTo(dir.resolve("scratch"));
        PDRectangle box = onlyPage(r.pdf());
        // 300 x 150 pixels at 150 dpi: 2 x 1 inches
        assertThat(box.getWidth()).isCloseTo(144f, within(0.01f));
        assertThat(box.getHeight()).isCloseTo(72f, within(0.01f));
        try (PDDocument doc = Loader.loadPDF(r.pdf().toFile())) {
            assertThat(firstImage(doc).getCOSObject().getItem(COSName.FILTER)).isEqualTo(COSName.DCT_DECODE);
        }
    }

    @Test
    @Tag("ghostscript")
    void cmykJpegKeepsItsCmykDataAndInks() throws Exception {
        Path jpeg = ConvertibleFiles.cmykJpeg(dir.resolve("cmyk.jpg"), dir);

        ConversionResult r = convert(jpeg);

        try (PDDocument doc = Loader.loadPDF(r.pdf().toFile())) {
            PDImageXObject image = firstImage(doc);
            assertThat(image.getCOSObject().getItem(COSName.FILTER)).isEqualTo(COSName.DCT_DECODE);
            assertThat(image.getColorSpace().getName()).isEqualTo("DeviceCMYK");
        }
        InkFacts ink = new InkAnalyzer().analyze(r.pdf(), new InkOptions(72, 15, 300, 300, "gs",
                Duration.ofSeconds(60), dir.resolve("ink"), 1, 0)).get(1);
        // left half cyan, right half black, through lossy JPEG: a few percent of ringing at the edge
        assertThat(ink.coveragePercent().get("Cyan")).isCloseTo(50, within(3.0));
        assertThat(ink.coveragePercent().get("Black")).isCloseTo(50, within(3.0));
        assertThat(ink.coveragePercent().get("Magenta")).isLessThan(3.0);
    }

    @Test
    @Tag("ghostscript")
    void cmykTiffStaysCmykWithoutLoss() throws Exception {
        Path tiff = ConvertibleFiles.cmykTiff(dir.resolve("cmyk.tif"), dir);

        ConversionResult r = convert(tiff);

        try (PDDocument doc = Loader.loadPDF(r.pdf().toFile())) {
            // Ghostscript embeds its CMYK profile in the TIFF, so the image keeps it as a 4-component ICCBased space
            assertThat(firstImage(doc).getColorSpace().getNumberOfComponents()).isEqualTo(4);
        }
        InkFacts ink = new InkAnalyzer().analyze(r.pdf(), new InkOptions(72, 15, 300, 300, "gs",
                Duration.ofSeconds(60), dir.resolve("ink"), 1, 0)).get(1);
        // lossless and pixel for pixel at 72 dpi: exactly half cyan, half black
        assertThat(ink.coveragePercent().get("Cyan")).isCloseTo(50, within(0.01));
        assertThat(ink.coveragePercent().get("Black")).isCloseTo(50, within(0.01));
        assertThat(ink.coveragePercent().get("Magenta")).isZero();
    }

    @Test
    void pngUsesItsPhysResolution() throws Exception {
        Path png = ConvertibleFiles.raster(dir.resolve("in.png"), "png", 300,
                List.of(ConvertibleFiles.rgb(600, 300)));

        ConversionResult r = convert(png);

        assertThat(r.type()).isEqualTo(InputType.PNG);
        assertThat(r.message()).isEqualTo("Converted from PNG to PDF before analysis");
        PDRectangle box = onlyPage(r.pdf());
        assertThat(box.getWidth()).isCloseTo(144f, within(0.05f));
        assertThat(box.getHeight()).isCloseTo(72f, within(0.05f));
    }

    @Test
    void pngWithoutResolutionIsTakenAt72Dpi() throws Exception {
        Path png = ConvertibleFiles.raster(dir.resolve("plain.png"), "png", 0, List.of(ConvertibleFiles.rgb(200, 100)));

        PDRectangle box = onlyPage(convert(png).pdf());

        assertThat(box.getWidth()).isCloseTo(200f, within(0.01f));
        assertThat(box.getHeight()).isCloseTo(100f, within(0.01f));
    }

    @Test
    void everyTiffFrameBecomesAPage() throws Exception {
        Path tiff = ConvertibleFiles.raster(dir.resolve("scan.tif"), "tiff", 200,
                List.of(ConvertibleFiles.rgb(400, 200), ConvertibleFiles.rgb(200, 400), ConvertibleFiles.rgb(100, 100)));

        ConversionResult r = convert(tiff);

        assertThat(r.type()).isEqualTo(InputType.TIFF);
        assertThat(r.message()).isEqualTo("Converted from TIFF to PDF before analysis (3 pages)");
        try (PDDocument doc = Loader.loadPDF(r.pdf().toFile())) {
            assertThat(doc.getNumberOfPages()).isEqualTo(3);
            assertThat(doc.getPage(1).getMediaBox().getWidth()).isCloseTo(72f, within(0.05f));
            assertThat(doc.getPage(1).getMediaBox().getHeight()).isCloseTo(144f, within(0.05f));
        }
    }

    @Test
    @Tag("ghostscript")
    void postScriptGoesThroughGhostscript() throws Exception {
        Path ps = Files.writeString(dir.resolve("job.ps"), ConvertibleFiles.halfCyanHalfBlack(200, 100));

        ConversionResult r = convert(ps);

        assertThat(r.type()).isEqualTo(InputType.POSTSCRIPT);
        assertThat(r.message()).isEqualTo("Converted from PostScript to PDF before analysis");
        PDRectangle box = onlyPage(r.pdf());
        assertThat(box.getWidth()).isCloseTo(200f, within(0.5f));
        assertThat(box.getHeight()).isCloseTo(100f, within(0.5f));
    }

    @Test
    @Tag("ghostscript")
    void epsIsCroppedToItsBoundingBox() throws Exception {
        Path eps = Files.writeString(dir.resolve("logo.eps"), ConvertibleFiles.eps(120, 40));

        ConversionResult r = convert(eps);

        assertThat(r.type()).isEqualTo(InputType.EPS);
        PDRectangle box = onlyPage(r.pdf());
        assertThat(box.getWidth()).isCloseTo(120f, within(0.5f));
        assertThat(box.getHeight()).isCloseTo(40f, within(0.5f));
    }

    @Test
    @Tag("ghostscript")
    void dosEpsBinaryHeaderIsUnwrapped() throws Exception {
        Path eps = ConvertibleFiles.dosEps(dir.resolve("dos.eps"), ConvertibleFiles.eps(90, 30));

        ConversionResult r = convert(eps);

        assertThat(r.type()).isEqualTo(InputType.EPS);
        PDRectangle box = onlyPage(r.pdf());
        assertThat(box.getWidth()).isCloseTo(90f, within(0.5f));
        try (Stream<Path> left = Files.list(dir.resolve("scratch"))) {
            assertThat(left).containsExactly(r.pdf());
        }
    }

    @Test
    @Tag("ghostscript")
    void postScriptThatLoopsForeverIsStoppedAndLeavesNothingBehind() throws Exception {
        Path ps = Files.writeString(dir.resolve("forever.ps"), "%!PS\n{ 1 pop } loop\nshowpage\n");

        long start = System.nanoTime();
        assertThatThrownBy(() -> converter(Duration.ofSeconds(2)).convertIfNeeded(ps, dir.resolve("scratch")))
                .isInstanceOf(UnreadablePdfException.class)
                .satisfies(e -> assertThat(((UnreadablePdfException) e).reason()).isEqualTo("timeout"))
                .hasMessageContaining("took longer than 2 s");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        String path = ps.toAbsolutePath().toString();
        assertThat(ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().map(c -> c.contains(path)).orElse(false))).isEmpty();
        try (Stream<Path> left = Files.list(dir.resolve("scratch"))) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    @Tag("ghostscript")
    void brokenPostScriptGivesGhostscriptsReason() throws Exception {
        Path ps = Files.writeString(dir.resolve("bad.ps"), "%!PS\nnosuchoperator\nshowpage\n");

        assertThatThrownBy(() -> convert(ps))
                .isInstanceOf(UnreadablePdfException.class)
                .satisfies(e -> assertThat(((UnreadablePdfException) e).reason()).isEqualTo("damaged"))
                .hasMessageContaining("could not be converted")
                .hasMessageContaining("undefined");
    }

    @Test
    void unknownTypeIsNotPdf() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "just some words", StandardCharsets.US_ASCII);

        assertThatThrownBy(() -> convert(text))
                .isInstanceOf(UnreadablePdfException.class)
                .satisfies(e -> assertThat(((UnreadablePdfException) e).reason()).isEqualTo("not_pdf"))
                .hasMessageContaining("not a PDF");
    }

    @Test
    void emptyFileIsNotPdf() throws Exception {
        Path empty = Files.write(dir.resolve("empty.pdf"), new byte[0]);

        assertThatThrownBy(() -> convert(empty)).isInstanceOf(UnreadablePdfException.class).hasMessageContaining("empty");
    }

    @Test
    void truncatedPngIsAReadableFailure() throws Exception {
        Path png = ConvertibleFiles.raster(dir.resolve("whole.png"), "png", 0, List.of(ConvertibleFiles.rgb(200, 100)));
        byte[] bytes = Files.readAllBytes(png);
        Path cut = Files.write(dir.resolve("cut.png"), java.util.Arrays.copyOf(bytes, 60));

        assertThatThrownBy(() -> convert(cut))
                .isInstanceOf(UnreadablePdfException.class)
                .hasMessageContaining("PNG file could not be read");
        try (Stream<Path> left = Files.list(dir.resolve("scratch"))) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void sniffsByMagicBytesNotByName() throws Exception {
        Path jpegNamedPdf = ConvertibleFiles.jpeg(dir.resolve("really-a-jpeg.pdf"), 10, 10, 72);
        Path eps = Files.writeString(dir.resolve("x.ps"), ConvertibleFiles.eps(10, 10));
        Path ps = Files.writeString(dir.resolve("y.eps"), "%!PS\nshowpage\n");
        Path tiffBigEndian = Files.write(dir.resolve("mm.tif"), new byte[] {'M', 'M', 0, 42, 0, 0, 0, 8});

        assertThat(InputConverter.sniff(jpegNamedPdf)).isEqualTo(InputType.JPEG);
        assertThat(InputConverter.sniff(eps)).isEqualTo(InputType.EPS);
        assertThat(InputConverter.sniff(ps)).isEqualTo(InputType.POSTSCRIPT);
        assertThat(InputConverter.sniff(tiffBigEndian)).isEqualTo(InputType.TIFF);
    }

    @Test
    void oversizedImageIsRefusedBeforeDecoding() throws Exception {
        // a PNG header claiming 20000 x 20000 pixels with no data behind it
        var header = java.nio.ByteBuffer.allocate(33);
        header.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        header.putInt(13).put("IHDR".getBytes(StandardCharsets.US_ASCII)).putInt(20000).putInt(20000)
                .put(new byte[] {8, 2, 0, 0, 0});
        var crc = new java.util.zip.CRC32();
        crc.update(header.array(), 12, 17);
        header.putInt((int) crc.getValue());
        Path png = Files.write(dir.resolve("huge.png"), header.array());

        assertThatThrownBy(() -> convert(png))
                .isInstanceOf(UnreadablePdfException.class)
                .satisfies(e -> assertThat(((UnreadablePdfException) e).reason()).isEqualTo("too_complex"))
                .hasMessageContaining("20000 x 20000");
    }
}
