package dev.preflight.engine.checks.barcode;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.testpdf.BarcodePdfs;
import dev.preflight.engine.testpdf.BarcodePdfs.Symbol;
import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.preflight.engine.testpdf.BarcodePdfs.EAN13_HEIGHT_MM;
import static dev.preflight.engine.testpdf.BarcodePdfs.EAN_X_MM;
import static dev.preflight.engine.testpdf.BarcodePdfs.MM;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every barcode check on generated PDFs run through the real engine with a one-check profile: codes drawn as
 * vectors and as images, at several magnifications, angles and colours, with a page that passes and a page that
 * fails for every id and a value just inside and just outside each limit. A coverage test keeps the table complete.
 */
class BarcodeCheckPdfCasesTests {

    static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);
    static final String EAN = "4006381333931";
    /** Where codes are drawn: 20 mm from the page's left and bottom edges. */
    static final double AT = 20 * MM;

    @TempDir
    Path tmp;

    /** One page and whether the check must report it. */
    record Case(String id, String label, Map<String, Object> params, Consumer<Pdfs.Page> page, boolean reported) {
    }

    static Case pass(String id, String label, Consumer<Pdfs.Page> page) {
        return new Case(id, label, Map.of(), page, false);
    }

    static Case fail(String id, String label, Consumer<Pdfs.Page> page) {
        return new Case(id, label, Map.of(), page, true);
    }

    static Case with(Case c, Map<String, Object> params) {
        return new Case(c.id(), c.label(), params, c.page(), c.reported());
    }

    /** An EAN-13 in 100 % black at a magnification (percent) and bar height (percent of nominal at it). */
    static Consumer<Pdfs.Page> ean(double magnification, double heightPercent) {
        return p -> BarcodePdfs.vector(p, BarcodePdfs.ean13(EAN), AT, AT, xPt(magnification),
                EAN13_HEIGHT_MM * MM * magnification / 100 * heightPercent / 100, BLACK, 0);
    }

    static Consumer<Pdfs.Page> eanIn(Pdfs.Colour c) {
        return p -> BarcodePdfs.vector(p, BarcodePdfs.ean13(EAN), AT, AT, xPt(100), EAN13_HEIGHT_MM * MM, c, 0);
    }

    static double xPt(double magnification) {
        return EAN_X_MM * MM * magnification / 100;
    }

    /** An EAN-13 at 100 % with a black 1 mm square whose near edge lies {@code modules} X from a side. */
    static Consumer<Pdfs.Page> eanWithMark(double modules, boolean left) {
        double x = xPt(100);
        return ean(100, 100).andThen(p -> p.fill(BLACK).rect(left ? AT - modules * x - MM : AT + 95 * x
                + modules * x, AT + 10 * MM, MM, MM));
    }

    /** A QR Code with 0.5 mm modules and a black 1 mm square {@code modules} X to its left. */
    static Consumer<Pdfs.Page> qrWithMark(double modules) {
        return p -> {
            BarcodePdfs.vector(p, BarcodePdfs.qr("https://example.org/p/1"), AT, AT, 0.5 * MM, 0, BLACK, 0);
            p.fill(BLACK).rect(AT - modules * 0.5 * MM - MM, AT + 5 * MM, MM, MM);
        };
    }

    /** A Data Matrix with 0.6 mm modules and a black 1 mm square {@code modules} X to its left. */
    static Consumer<Pdfs.Page> dataMatrixWithMark(double modules) {
        return p -> {
            BarcodePdfs.vector(p, BarcodePdfs.dataMatrix("PF-2026-0042", false), AT + 10 * MM, AT, 0.6 * MM, 0,
                    BLACK, 0);
            p.fill(BLACK).rect(AT + 10 * MM - modules * 0.6 * MM - MM, AT + 3 * MM, MM, MM);
        };
    }

    /** An EAN-13 at 100 % whose 10th and 11th digits' bars are swapped, so its check digit no longer holds. */
    static Consumer<Pdfs.Page> eanWrongCheckDigit() {
        Symbol s = BarcodePdfs.ean13(EAN);
        boolean[] m = s.modules()[0].clone();
        for (int i = 0; i < 7; i++) {
            boolean t = m[71 + i];
            m[71 + i] = m[78 + i];
            m[78 + i] = t;
        }
        Symbol broken = new Symbol(new boolean[][] {m}, true, s.guard());
        return p -> BarcodePdfs.vector(p, broken, AT, AT, xPt(100), EAN13_HEIGHT_MM * MM, BLACK, 0);
    }

    /** A QR Code with the middle third of its rows blanked: the finder patterns stay, the data is lost. */
    static Consumer<Pdfs.Page> qrDamaged() {
        Symbol s = BarcodePdfs.qr("https://example.org/products/12345/batch/67890");
        boolean[][] m = new boolean[s.rows()][];
        for (int r = 0; r < s.rows(); r++) {
            m[r] = s.modules()[r].clone();
            if (r >= 9 && r < s.rows() - 9) {
                java.util.Arrays.fill(m[r], false);
            }
        }
        return p -> BarcodePdfs.vector(p, new Symbol(m, false, null), AT, AT, 0.5 * MM, 0, BLACK, 0);
    }

    /** An EAN-13 as an 8-bit gray image of {@code ppm} pixels a module at a magnification. */
    static Consumer<Pdfs.Page> eanImage(double magnification, int ppm) {
        return p -> BarcodePdfs.image(p, BarcodePdfs.ean13(EAN), AT, AT, xPt(magnification),
                EAN13_HEIGHT_MM * MM * magnification / 100, ppm, 12, 0, 0);
    }

    /** A GS1-128 with these element strings ({@code \u00f1} for FNC1 between fields), 0.25 mm modules. */
    static Consumer<Pdfs.Page> gs1128(String elements) {
        return p -> BarcodePdfs.vector(p, BarcodePdfs.gs1128(elements), 5 * MM, AT, 0.25 * MM, 15 * MM, BLACK, 0);
    }

    /** The magnification at which {@code ppm} pixels a module are {@code ppi} pixels an inch. */
    static double magnificationFor(int ppm, double ppi) {
        return 100 * (ppm / ppi * 25.4) / EAN_X_MM;
    }

    static List<Case> cases() {
        var out = new ArrayList<Case>();
        String id = BarcodeFoundCheck.ID;
        out.add(pass(id, "rules and text only", p -> {
            p.fill(BLACK);
            for (int i = 0; i < 8; i++) {
                p.rect(AT + i * 2 * MM, AT, 0.5 * MM, 20 * MM);
            }
            p.font(Pdfs.Font.HELVETICA).text(AT, 60 * MM, 10, "4006381333931");
        }));
        out.add(fail(id, "EAN-13 vector", ean(100, 100)));
        out.add(fail(id, "EAN-13 image", eanImage(100, 8)));

        id = BarcodeUnreadableCheck.ID;
        out.add(pass(id, "readable EAN-13", ean(100, 100)));
        out.add(pass(id, "eight parallel rules", p -> {
            p.fill(BLACK);
            for (int i = 0; i < 8; i++) {
                p.rect(AT + i * MM, AT, 0.4 * MM, 20 * MM);
            }
        }));
        out.add(fail(id, "EAN-13 with a wrong check digit", eanWrongCheckDigit()));
        out.add(fail(id, "QR Code with its data blanked", qrDamaged()));

        id = BarcodeMagnificationCheck.ID;
        out.add(pass(id, "80 %", ean(80, 100)));
        out.add(pass(id, "100 %", ean(100, 100)));
        out.add(pass(id, "200 %", ean(200, 100)));
        out.add(fail(id, "79 %", ean(79, 100)));
        out.add(fail(id, "201 %", ean(201, 100)));
        out.add(pass(id, "image at 100 %", eanImage(100, 8)));
        out.add(fail(id, "image at 79 %", eanImage(79, 8)));
        out.add(pass(id, "turned 90 degrees at 80 %", p -> BarcodePdfs.vector(p, BarcodePdfs.ean13(EAN), 80 * MM,
                AT, xPt(80), EAN13_HEIGHT_MM * MM * 0.8, BLACK, 90)));
        out.add(fail(id, "turned 90 degrees at 79 %", p -> BarcodePdfs.vector(p, BarcodePdfs.ean13(EAN), 80 * MM,
                AT, xPt(79), EAN13_HEIGHT_MM * MM * 0.79, BLACK, 90)));
        out.add(pass(id, "at 4 degrees, 81 %", p -> BarcodePdfs.vector(p, BarcodePdfs.ean13(EAN), AT, AT,
                xPt(81), EAN13_HEIGHT_MM * MM * 0.81, BLACK, 4)));
        out.add(fail(id, "at 4 degrees, 78 %", p -> BarcodePdfs.vector(p, BarcodePdfs.ean13(EAN), AT, AT,
                xPt(78), EAN13_HEIGHT_MM * MM * 0.78, BLACK, 4)));

        id = BarcodeQuietZoneCheck.ID;
        out.add(pass(id, "EAN-13 left mark at 12 X", eanWithMark(12, true)));
        out.add(fail(id, "EAN-13 left mark at 10 X", eanWithMark(10, true)));
        out.add(pass(id, "EAN-13 right mark at 8 X", eanWithMark(8, false)));
        out.add(fail(id, "EAN-13 right mark at 6 X", eanWithMark(6, false)));
        out.add(pass(id, "QR Code mark at 5 X", qrWithMark(5)));
        out.add(fail(id, "QR Code mark at 3 X", qrWithMark(3)));
        out.add(pass(id, "Data Matrix mark at 2 X", dataMatrixWithMark(2)));
        out.add(fail(id, "Data Matrix mark at 0.5 X", dataMatrixWithMark(0.5)));

        id = BarcodeHeightTruncatedCheck.ID;
        out.add(pass(id, "full height", ean(100, 100)));
        out.add(pass(id, "full height at 80 %", ean(80, 100)));
        out.add(fail(id, "99 % of the height", ean(100, 99)));
        out.add(fail(id, "half height", ean(100, 50)));
        out.add(with(pass(id, "90 % allowed, 91 % high", ean(100, 91)), Map.of("min_percent", 90.0)));
        out.add(with(fail(id, "90 % allowed, 89 % high", ean(100, 89)), Map.of("min_percent", 90.0)));

        id = BarcodeColorCheck.ID;
        out.add(pass(id, "100 % black", eanIn(BLACK)));
        out.add(pass(id, "dark blue spot", eanIn(Pdfs.spot("PANTONE 282 C", 1, 1, 0.68, 0, 0.54))));
        out.add(fail(id, "rich black", eanIn(Pdfs.cmyk(0.6, 0.4, 0.4, 1))));
        out.add(fail(id, "RGB black", eanIn(Pdfs.rgb(0, 0, 0))));
        out.add(fail(id, "yellow spot", eanIn(Pdfs.spot("Yellow Spot", 1, 0, 0.05, 1, 0))));
        out.add(fail(id, "red bars", eanIn(Pdfs.spot("PANTONE Red 032 C", 1, 0, 0.9, 0.85, 0))));
        out.add(fail(id, "black on cyan, dark in red light", p -> {
            p.fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 100 * MM, 70 * MM);
            eanIn(BLACK).accept(p);
        }));

        id = BarcodeRasterLowResCheck.ID;
        out.add(pass(id, "vector bars", ean(100, 100)));
        out.add(pass(id, "image at 551 ppi", eanImage(magnificationFor(7, 551), 7)));
        out.add(fail(id, "image at 549 ppi", eanImage(magnificationFor(7, 549), 7)));
        out.add(with(pass(id, "3 pixels a module allowed, 3 given", eanImage(100, 3)),
                Map.of("min_ppi", 100.0)));
        out.add(with(fail(id, "4 pixels a module asked, 3 given", eanImage(100, 3)),
                Map.of("min_ppi", 100.0, "min_pixels_per_module", 4.0)));

        id = BarcodeNearTrimCheck.ID;
        out.add(pass(id, "8.5 mm from the trim", p -> {
            p.trimBox(AT - 8.5 * MM, 5 * MM, 95 * MM, 65 * MM);
            ean(100, 100).accept(p);
        }));
        out.add(fail(id, "7.5 mm from the trim", p -> {
            p.trimBox(AT - 7.5 * MM, 5 * MM, 95 * MM, 65 * MM);
            ean(100, 100).accept(p);
        }));

        id = BarcodeGs1SyntaxCheck.ID;
        out.add(pass(id, "GTIN and batch", gs1128("0109506000134352\u00f110ABC123")));
        out.add(pass(id, "batch of 20 characters", gs1128("0109506000134352\u00f110ABCDEFGHIJ0123456789")));
        out.add(fail(id, "batch of 21 characters", gs1128("0109506000134352\u00f110ABCDEFGHIJ01234567890")));
        out.add(fail(id, "GTIN check digit wrong", gs1128("0109506000134353\u00f110ABC123")));
        out.add(fail(id, "unknown AI (23)", gs1128("0109506000134352\u00f12312345")));
        out.add(pass(id, "plain Code 128", p -> BarcodePdfs.vector(p, BarcodePdfs.code128("ABC-123"), 15 * MM, AT,
                0.5 * MM, 15 * MM, BLACK, 0)));

        id = BarcodeDataMismatchCheck.ID;
        out.add(with(pass(id, "expected EAN-13", ean(100, 100)), Map.of("expected", List.of(EAN))));
        out.add(with(pass(id, "expected as GTIN-14", ean(100, 100)), Map.of("expected", List.of("0" + EAN))));
        out.add(pass(id, "nothing expected", ean(100, 100)));
        out.add(with(fail(id, "another GTIN expected", ean(100, 100)),
                Map.of("expected", List.of("5901234123457"))));
        out.add(with(pass(id, "GS1-128 by its GTIN", gs1128("0109506000134352\u00f110ABC123")),
                Map.of("expected", List.of("9506000134352"))));
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyBarcodeCheckPassesAndFailsOnGeneratedPdfs() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.id() + " " + c.label(), () -> {
            List<Finding> f = findings(c.id(), c.params(), List.of(c.page()));
            if (c.reported()) {
                assertThat(f).as(c.label()).isNotEmpty().allSatisfy(x -> {
                    assertThat(x.pageNum()).isEqualTo(1);
                    assertThat(x.bbox()).hasSize(4);
                });
            } else {
                assertThat(f).as(c.label()).isEmpty();
            }
        }));
    }

    @Test
    void aCodeNearAFoldInACreasingLayerIsReportedAndOneFurtherAwayIsNot() {
        for (double mm : new double[] {8.5, 7.5}) {
            var doc = Pdfs.document().processStepLayer("Crease", "Structural", "Creasing");
            var page = doc.page(100 * MM, 70 * MM);
            ean(100, 100).accept(page);
            double right = AT + 95 * xPt(100);
            page.layer("Crease", p -> p.stroke(Pdfs.spot("Crease", 1, 0, 1, 0, 0)).lineWidth(0.5)
                    .line(right + mm * MM + 0.25, 5 * MM, right + mm * MM + 0.25, 65 * MM));
            Path file = doc.write(tmp.resolve("fold-" + mm + ".pdf"));
            Profile profile = new Profile("case", "case", "", null, false,
                    List.of(new ProfileCheck(BarcodeNearTrimCheck.ID, null, new LinkedHashMap<>(), null)));
            try {
                List<Finding> f = new Engine(EngineSettings.defaults()).analyze(file,
                        new AnalysisRequest(profile, false)).findings();
                if (mm < 8) {
                    assertThat(f).singleElement().satisfies(x -> {
                        assertThat(x.details()).containsEntry("edge", "fold");
                        assertThat((Double) x.details().get("distance_mm")).isCloseTo(7.5,
                                org.assertj.core.data.Offset.offset(0.1));
                    });
                } else {
                    assertThat(f).isEmpty();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void barcodeColourSaysWhichProblemItFoundAndIgnoresPaperColouredBackgrounds() {
        // a white box behind the bars, inside the code's area: paper, not a second ink
        java.util.function.Function<Pdfs.Colour, Consumer<Pdfs.Page>> onWhite = white -> p -> {
            p.fill(white).rect(AT + 10 * xPt(100), AT + 5 * MM, 60 * xPt(100), 10 * MM);
            eanIn(BLACK).accept(p);
        };
        record Expect(String label, Consumer<Pdfs.Page> page, String reason) {
        }
        List<Expect> expected = List.of(
                new Expect("black on a white CMYK box", onWhite.apply(Pdfs.cmyk(0, 0, 0, 0)), null),
                new Expect("black on a white RGB box", onWhite.apply(Pdfs.rgb(1, 1, 1)), null),
                new Expect("black on a white gray box", onWhite.apply(Pdfs.gray(1)), null),
                new Expect("gray bars", eanIn(Pdfs.gray(0)), null),
                new Expect("black on a 0.4 % cyan box", onWhite.apply(Pdfs.cmyk(0.004, 0, 0, 0)), null),
                new Expect("black on a 1 % cyan box: two inks", onWhite.apply(Pdfs.cmyk(0.01, 0, 0, 0)),
                        "several_inks"),
                new Expect("cyan and magenta bars", eanIn(Pdfs.cmyk(1, 1, 0, 0)), "process_mix"),
                new Expect("rich black bars", eanIn(Pdfs.cmyk(0.6, 0.4, 0.4, 1)), "rich_black"),
                new Expect("RGB bars", eanIn(Pdfs.rgb(0, 0, 0.2)), "rgb"),
                new Expect("the same bars in two spot inks", eanIn(Pdfs.spot("Navy", 1, 1, 0.7, 0, 0.5))
                        .andThen(eanIn(Pdfs.spot("Deep Green", 1, 1, 0, 1, 0.5))), "several_inks"),
                new Expect("yellow spot bars", eanIn(Pdfs.spot("Yellow Spot", 1, 0, 0.05, 1, 0)), "light_bars"),
                new Expect("black on cyan", p -> {
                    p.fill(Pdfs.cmyk(1, 0, 0, 0)).rect(0, 0, 100 * MM, 70 * MM);
                    eanIn(BLACK).accept(p);
                }, "dark_background"));
        for (Expect e : expected) {
            List<Finding> f = findings(BarcodeColorCheck.ID, Map.of(), List.of(e.page()));
            if (e.reason() == null) {
                assertThat(f).as(e.label()).isEmpty();
            } else {
                assertThat(f).as(e.label()).singleElement()
                        .satisfies(x -> assertThat(x.details()).as(e.label()).containsEntry("reason", e.reason()));
            }
        }
        // the contrast finding gives the reflectances it was computed from
        Finding light = findings(BarcodeColorCheck.ID, Map.of(),
                List.of(eanIn(Pdfs.spot("Yellow Spot", 1, 0, 0.05, 1, 0)))).getFirst();
        double contrast = (Double) light.details().get("symbol_contrast_percent");
        double bars = (Double) light.details().get("bar_reflectance_percent");
        double spaces = (Double) light.details().get("space_reflectance_percent");
        assertThat(contrast).isLessThan(40).isCloseTo(spaces - bars, org.assertj.core.data.Offset.offset(0.5));
        assertThat(spaces).isGreaterThan(50);
        assertThat(light.message()).contains("too light");
    }

    @Test
    void nearTrimNamesTheNearestEdgeAndItsDistanceAndOnlyFoldingLayersAreFolds() {
        double right = AT + 95 * xPt(100);
        double top = AT + EAN13_HEIGHT_MM * MM;
        record Edge(String edge, double[] trim, double mm) {
        }
        for (Edge e : List.of(
                new Edge("right", new double[] {0, 0, right + 6 * MM, 70 * MM}, 6),
                // the guard bars reach 5 X (1.65 mm) below the others
                new Edge("bottom", new double[] {0, AT - 5 * MM, 100 * MM, 70 * MM}, 5 - 5 * EAN_X_MM),
                new Edge("top", new double[] {0, 0, 100 * MM, top + 4 * MM}, 4),
                new Edge("left", new double[] {AT - 7 * MM, 0, 100 * MM, 70 * MM}, 7))) {
            List<Finding> f = findings(BarcodeNearTrimCheck.ID, Map.of(), List.of(p -> {
                p.trimBox(e.trim()[0], e.trim()[1], e.trim()[2], e.trim()[3]);
                ean(100, 100).accept(p);
            }));
            assertThat(f).as(e.edge()).singleElement().satisfies(x -> {
                assertThat(x.details()).containsEntry("edge", e.edge()).containsEntry("min_distance_mm", 8.0);
                assertThat((Double) x.details().get("distance_mm")).as(e.edge()).isCloseTo(e.mm(),
                        org.assertj.core.data.Offset.offset(0.4));
                assertThat(x.message()).contains("from the " + e.edge() + " trim edge");
            });
        }
        // a line 5 mm from the bars in a cutting layer is no fold; in a creasing layer it is
        for (String type : List.of("Cutting", "Creasing")) {
            var doc = Pdfs.document().processStepLayer("Step", "Structural", type);
            var page = doc.page(100 * MM, 70 * MM);
            ean(100, 100).accept(page);
            page.layer("Step", p -> p.stroke(Pdfs.spot("Step", 1, 0, 1, 0, 0)).lineWidth(0.5)
                    .line(right + 5 * MM + 0.25, 5 * MM, right + 5 * MM + 0.25, 65 * MM));
            Path file = doc.write(tmp.resolve("step-" + type + ".pdf"));
            Profile profile = new Profile("case", "case", "", null, false,
                    List.of(new ProfileCheck(BarcodeNearTrimCheck.ID, null, new LinkedHashMap<>(), null)));
            try {
                List<Finding> f = new Engine(EngineSettings.defaults()).analyze(file,
                        new AnalysisRequest(profile, false)).findings();
                if (type.equals("Cutting")) {
                    assertThat(f).isEmpty();
                } else {
                    assertThat(f).singleElement().satisfies(x -> assertThat((Double) x.details().get("distance_mm"))
                            .isCloseTo(5.0, org.assertj.core.data.Offset.offset(0.1)));
                }
            } catch (Exception ex) {
                throw new IllegalStateException(ex);
            }
        }
    }

    @Test
    void everyBarcodeCheckHasAPassAndAFailPdf() {
        Set<String> all = BarcodeChecks.all().stream().map(ch -> ch.info().id())
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> passing = cases().stream().filter(c -> !c.reported()).map(Case::id).collect(Collectors.toSet());
        Set<String> failing = cases().stream().filter(Case::reported).map(Case::id).collect(Collectors.toSet());
        assertThat(passing).containsExactlyInAnyOrderElementsOf(all);
        assertThat(failing).containsExactlyInAnyOrderElementsOf(all);
    }

    List<Finding> findings(String id, Map<String, Object> params, List<Consumer<Pdfs.Page>> pages) {
        var doc = Pdfs.document();
        for (Consumer<Pdfs.Page> content : pages) {
            content.accept(doc.page(100 * MM, 70 * MM));
        }
        Path file = doc.write(tmp.resolve(id + "-" + System.nanoTime() + ".pdf"));
        Profile profile = new Profile("case", "case", "", null, false,
                List.of(new ProfileCheck(id, null, new LinkedHashMap<>(params), null)));
        try {
            return new Engine(EngineSettings.defaults()).analyze(file, new AnalysisRequest(profile, false))
                    .findings().stream().filter(f -> f.inspectionId().equals(id)).toList();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
