package dev.preflight.engine.checks;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RepairDetector;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.checks.color.ColorBindingEarlyCheck;
import dev.preflight.engine.checks.color.ColorBindingIntermediateCheck;
import dev.preflight.engine.checks.color.RgbUsedCheck;
import dev.preflight.engine.checks.image.ImageResolutionLowCheck;
import dev.preflight.engine.checks.image.ImageResolutionLowOneBitCheck;
import dev.preflight.engine.checks.image.RasterizedPageCheck;
import dev.preflight.engine.checks.largeformat.LargeFormatScalingCheck;
import dev.preflight.engine.checks.lines.BlackGrayThinLineCheck;
import dev.preflight.engine.checks.lines.MultichannelThinLineCheck;
import dev.preflight.engine.checks.lines.WhiteThinLineCheck;
import dev.preflight.engine.checks.overprint.BlackLineOverprintMissingCheck;
import dev.preflight.engine.checks.overprint.BlackTextOverprintMissingCheck;
import dev.preflight.engine.checks.overprint.DeviceGrayOverprintCheck;
import dev.preflight.engine.checks.overprint.WhitePathOverprintCheck;
import dev.preflight.engine.checks.overprint.WhiteTextOverprintCheck;
import dev.preflight.engine.checks.spot.RegistrationColorCheck;
import dev.preflight.engine.checks.spot.SpotCaseVariantsCheck;
import dev.preflight.engine.checks.spot.SpotCountCheck;
import dev.preflight.engine.checks.spot.SpotIdenticalDifferentNamesCheck;
import dev.preflight.engine.checks.spot.SpotSuffixVariantsCheck;
import dev.preflight.engine.checks.text.BlackGrayTextCheck;
import dev.preflight.engine.checks.text.MultichannelSmallTextCheck;
import dev.preflight.engine.checks.text.RichBlackTextCheck;
import dev.preflight.engine.checks.text.WhiteSmallTextCheck;
import dev.preflight.engine.checks.transparency.BlendColorSpaceCheck;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FactsCollector;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The GWG 2022 content checks on small PDFs generated with PDFBox and read by the real facts collector: for every
 * requirement one file that passes and one that fails, with the finding placed where the offending mark is.
 */
class GwgContentPdfTests {

    private static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);
    private static final Pdfs.Colour WHITE = Pdfs.cmyk(0, 0, 0, 0);
    private static final Pdfs.Colour CYAN = Pdfs.cmyk(1, 0, 0, 0);

    /** One requirement: a check, its profile parameters, a passing and a failing page. */
    record Case(String requirement, Check check, Map<String, Object> params, Consumer<Pdfs.Page> pass,
                Consumer<Pdfs.Page> fail) {
    }

    /** A cyan background behind the test marks, so that they overlap something (GWG D0031). */
    private static Pdfs.Page background(Pdfs.Page p) {
        return p.fill(CYAN).rect(50, 50, 300, 300);
    }

    /** One case per GWG content requirement; {@link ContentCheckPdfCasesTests} counts these as covered. */
    static final List<Case> CASES = List.of(
            new Case("R0007", new WhiteTextOverprintCheck(), Map.of(),
                    p -> background(p).fill(WHITE).text(100, 200, 10, "White"),
                    p -> background(p).fill(WHITE).overprint(true, true, 1).text(100, 200, 10, "White")),
            new Case("R0008", new WhitePathOverprintCheck(), Map.of(),
                    p -> background(p).fill(WHITE).rect(100, 100, 50, 50),
                    p -> background(p).fill(WHITE).overprint(true, true, 1).rect(100, 100, 50, 50)),
            new Case("R0009", new BlackTextOverprintMissingCheck(), Map.of(),
                    p -> background(p).fill(BLACK).overprint(true, true, 1).text(100, 200, 8, "Black"),
                    p -> background(p).fill(BLACK).text(100, 200, 8, "Black")),
            new Case("R0010", new BlackLineOverprintMissingCheck(), Map.of(),
                    p -> background(p).stroke(BLACK).overprint(true, true, 1).lineWidth(1).line(60, 200, 300, 200),
                    p -> background(p).stroke(BLACK).lineWidth(1).line(60, 200, 300, 200)),
            new Case("R0011", new BlackGrayTextCheck(), Map.of(),
                    p -> background(p).fill(BLACK).text(100, 200, 8, "Black"),
                    p -> background(p).fill(Pdfs.gray(0)).text(100, 200, 8, "Black")),
            new Case("R0012", new BlackGrayThinLineCheck(), Map.of(),
                    p -> background(p).stroke(BLACK).lineWidth(1).line(60, 200, 300, 200),
                    p -> background(p).stroke(Pdfs.gray(0)).lineWidth(1).line(60, 200, 300, 200)),
            new Case("R0013", new DeviceGrayOverprintCheck(), Map.of(),
                    p -> background(p).fill(Pdfs.gray(0.5)).rect(100, 100, 50, 50),
                    p -> background(p).fill(Pdfs.gray(0.5)).overprint(true, true, 1).rect(100, 100, 50, 50)),
            new Case("R0015", new RichBlackTextCheck(), Map.of(),
                    p -> p.fill(Pdfs.cmyk(0.6, 0.6, 0.6, 1)).text(100, 200, 10, "Black"),
                    p -> p.fill(Pdfs.cmyk(0.7, 0.7, 0.7, 1)).text(100, 200, 10, "Black")),
            new Case("R0016", new WhiteSmallTextCheck(), Map.of("min_size_pt", 8.0),
                    p -> background(p).fill(WHITE).text(100, 200, 8, "White"),
                    p -> background(p).fill(WHITE).text(100, 200, 7.5, "White")),
            new Case("R0017", new MultichannelSmallTextCheck(), Map.of("min_size_pt", 8.0),
                    p -> p.fill(Pdfs.cmyk(0.5, 0.5, 0, 0)).text(100, 200, 8, "Blue"),
                    p -> p.fill(Pdfs.cmyk(0.5, 0.5, 0, 0)).text(100, 200, 7.5, "Blue")),
            new Case("R0018", new WhiteThinLineCheck(), Map.of("min_width_pt", 0.25),
                    p -> background(p).stroke(WHITE).lineWidth(0.25).line(60, 200, 300, 200),
                    p -> background(p).stroke(WHITE).lineWidth(0.2).line(60, 200, 300, 200)),
            new Case("R0019", new MultichannelThinLineCheck(), Map.of("min_width_pt", 0.25),
                    p -> p.stroke(Pdfs.cmyk(0.5, 0.5, 0, 0)).lineWidth(0.25).line(60, 200, 300, 200),
                    p -> p.stroke(Pdfs.cmyk(0.5, 0.5, 0, 0)).lineWidth(0.2).line(60, 200, 300, 200)),
            new Case("R0020", new SpotCountCheck(), Map.of("max_spots", 1),
                    p -> p.fill(Pdfs.spot("PANTONE 185 C", 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50)
                            .fill(Pdfs.spot("Black", 1, 0, 0, 0, 1)).rect(200, 100, 50, 50),
                    p -> p.fill(Pdfs.spot("PANTONE 185 C", 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50)
                            .fill(Pdfs.spot("PANTONE 300 C", 1, 1, 0.4, 0, 0)).rect(200, 100, 50, 50)),
            new Case("R0021", new SpotSuffixVariantsCheck(), Map.of(),
                    p -> p.fill(Pdfs.spot("PANTONE 185 C", 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50)
                            .fill(Pdfs.spot("PANTONE 186 C", 1, 0, 1, 0.7, 0.1)).rect(200, 100, 50, 50),
                    p -> p.fill(Pdfs.spot("PANTONE 185 C", 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50)
                            .fill(Pdfs.spot("PANTONE 185 U", 1, 0, 0.9, 0.7, 0)).rect(200, 100, 50, 50)),
            new Case("R0022", new SpotCaseVariantsCheck(), Map.of(),
                    p -> p.fill(Pdfs.spot("PANTONE 185 C", 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50),
                    p -> p.fill(Pdfs.spot("PANTONE 185 C", 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50)
                            .fill(Pdfs.spot("Pantone 185 C", 1, 0, 1, 0.8, 0)).rect(200, 100, 50, 50)),
            new Case("R0023", new SpotIdenticalDifferentNamesCheck(), Map.of(),
                    p -> p.fill(Pdfs.spot("Red", 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50)
                            .fill(Pdfs.spot("Blue", 1, 1, 0.4, 0, 0)).rect(200, 100, 50, 50),
                    p -> p.fill(Pdfs.spot("Red", 1, 0, 1, 0.8, 0)).rect(100, 100, 50, 50)
                            .fill(Pdfs.spot("Brand Red", 1, 0, 1, 0.8, 0)).rect(200, 100, 50, 50)),
            new Case("R0024", new RegistrationColorCheck(), Map.of(),
                    p -> p.stroke(BLACK).lineWidth(0.5).line(60, 200, 300, 200),
                    p -> p.stroke(Pdfs.spot("All", 1, 1, 1, 1, 1)).lineWidth(0.5).line(60, 200, 300, 200)),
            new Case("R0027", new ColorBindingEarlyCheck(), Map.of(),
                    p -> p.fill(BLACK).rect(100, 100, 50, 50),
                    p -> p.fill(Pdfs.iccRgb(1, 0, 0)).rect(100, 100, 50, 50)),
            new Case("R0028", new ColorBindingIntermediateCheck(), Map.of(),
                    p -> p.image(Pdfs.image(64, 64).iccRgb(), 100, 100, 20, 20),
                    p -> p.fill(Pdfs.rgb(1, 0, 0)).rect(100, 100, 50, 50)),
            new Case("R0031", new ImageResolutionLowCheck(), Map.of(),
                    p -> p.image(Pdfs.image(100, 100).cmyk(), 100, 100, 30, 30),
                    p -> p.image(Pdfs.image(100, 100).cmyk(), 100, 100, 72, 72)),
            new Case("R0032", new ImageResolutionLowOneBitCheck(), Map.of(),
                    p -> p.image(Pdfs.image(400, 400).bitonal(), 100, 100, 36, 36),
                    p -> p.image(Pdfs.image(400, 400).bitonal(), 100, 100, 72, 72)),
            new Case("R0033", new RasterizedPageCheck(), Map.of(),
                    p -> p.image(Pdfs.image(400, 400).cmyk(), 0, 0, 400, 400)
                            .fill(BLACK).text(100, 200, 10, "Vector text"),
                    p -> p.image(Pdfs.image(400, 400).cmyk(), 0, 0, 400, 400)),
            new Case("R0037", new LargeFormatScalingCheck(), Map.of(),
                    p -> p.fill(BLACK).rect(100, 100, 50, 50),
                    p -> p.userUnit(10).fill(BLACK).rect(100, 100, 50, 50)));

    @TestFactory
    Stream<DynamicTest> everyGwgContentRequirementPassesAndFailsOnRealPdfs() {
        return CASES.stream().map(c -> DynamicTest.dynamicTest(c.requirement() + " " + c.check().info().id(), () -> {
            assertThat(run(c, c.pass())).as("passing file").isEmpty();
            List<Finding> f = run(c, c.fail());
            assertThat(f).as("failing file").isNotEmpty();
            assertThat(f.get(0).pageNum()).isEqualTo(1);
            assertThat(f.get(0).inspectionId()).isEqualTo(c.check().info().id());
        }));
    }

    @Test
    void whiteTextOverNothingIsSkipped() {
        var c = new Case("R0007", new WhiteTextOverprintCheck(), Map.of(), p -> { },
                p -> p.fill(WHITE).overprint(true, true, 1).text(400, 500, 10, "Alone"));
        assertThat(run(c, c.fail())).isEmpty();
    }

    @Test
    void blackTextKnockingOutOfWhiteIsNotReported() {
        var c = new Case("R0009", new BlackTextOverprintMissingCheck(), Map.of(), p -> { },
                p -> p.fill(WHITE).rect(50, 50, 300, 300).fill(BLACK).text(100, 200, 8, "On white"));
        assertThat(run(c, c.fail())).isEmpty();
        var overCyan = new Case("R0009", new BlackTextOverprintMissingCheck(), Map.of(), p -> { },
                p -> background(p).fill(BLACK).text(100, 200, 8, "On cyan"));
        assertThat(run(overCyan, overCyan.fail())).singleElement().satisfies(f -> {
            assertThat(f.bbox().get(0)).isGreaterThanOrEqualTo(99.0);
            assertThat(f.bbox().get(1)).isGreaterThanOrEqualTo(195.0);
            assertThat((Double) f.details().get("font_size")).isEqualTo(8.0);
        });
    }

    @Test
    void lowResolutionImageIsLocatedAndMeasured() {
        var c = CASES.stream().filter(x -> x.requirement().equals("R0031")).findFirst().orElseThrow();
        Finding f = run(c, c.fail()).get(0);
        assertThat(f.bbox()).hasSize(4);
        assertThat(f.bbox().get(0)).isCloseTo(100.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(f.bbox().get(2)).isCloseTo(172.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat((Double) f.details().get("effective_ppi")).isCloseTo(100.0,
                org.assertj.core.data.Offset.offset(0.01));
        assertThat(f.severity().wire()).isEqualTo("error");
    }

    @Test
    void rgbIsFoundOnRealPdfs() {
        var c = new Case("", new RgbUsedCheck(), Map.of(), p -> p.fill(BLACK).rect(100, 100, 50, 50),
                p -> p.image(Pdfs.image(32, 32).rgb(), 100, 100, 20, 20));
        assertThat(run(c, c.pass())).isEmpty();
        assertThat(run(c, c.fail())).singleElement().satisfies(f -> assertThat(f.objectType()).isEqualTo("image"));
    }

    @Test
    void blendColourSpaceOfPageGroup() {
        var c = new Case("R0030", new BlendColorSpaceCheck(), Map.of(),
                p -> p.transparencyGroup("DeviceCMYK").fill(BLACK).alpha(0.5, 0.5).rect(100, 100, 50, 50),
                p -> p.transparencyGroup("DeviceRGB").fill(BLACK).alpha(0.5, 0.5).rect(100, 100, 50, 50));
        assertThat(run(c, c.pass())).isEmpty();
        assertThat(run(c, c.fail())).isNotEmpty();
    }

    private static List<Finding> run(Case c, Consumer<Pdfs.Page> content) {
        var doc = Pdfs.document();
        Pdfs.Page page = doc.page(400, 400);
        content.accept(page);
        byte[] pdf = page.done().bytes();
        return ContentFacts.run(c.check(), facts(pdf), c.params());
    }

    private static DocumentFacts facts(byte[] pdf) {
        try {
            Path f = Files.createTempFile("gwg-content", ".pdf");
            try {
                Files.write(f, pdf);
                try (PDDocument doc = PdfOpener.open(f, 64L << 20)) {
                    return FactsCollector.collect(doc, pdf.length, RepairDetector.problems(f),
                            EngineSettings.defaults());
                }
            } finally {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (UnreadablePdfException e) {
            throw new IllegalStateException(e);
        }
    }
}
