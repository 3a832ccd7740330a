package dev.preflight.engine.barcodes;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.Profiles;
import dev.preflight.engine.testpdf.BarcodePdfs;
import dev.preflight.engine.testpdf.Pdfs;
import dev.preflight.engine.view.PixelBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Consumer;

import static dev.preflight.engine.testpdf.BarcodePdfs.MM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The barcode scan on generated PDFs: every symbology read, drawn as vectors and as images, upright, turned and at a
 * slight angle, with its data, bbox and measures; and the scan's cost: no render at all unless a barcode check is in
 * the profile, one render per page however many barcode checks there are.
 */
class BarcodeScanTests {

    static final Pdfs.Colour BLACK = Pdfs.cmyk(0, 0, 0, 1);

    @TempDir
    Path tmp;

    private BarcodeScan scan(double wMm, double hMm, Consumer<Pdfs.Page> content) throws Exception {
        var doc = Pdfs.document();
        content.accept(doc.page(wMm * MM, hMm * MM));
        Path file = doc.write(tmp.resolve("scan-" + System.nanoTime() + ".pdf"));
        return new BarcodeScanner(64L << 20, PixelBudget.defaults()).scan(file);
    }

    private BarcodeFact only(BarcodeScan scan) {
        assertThat(scan.performed()).isTrue();
        assertThat(scan.codes()).hasSize(1);
        return scan.codes().getFirst();
    }

    @Test
    void ean13DrawnAsVectorsIsReadAndMeasuredWhereItIs() throws Exception {
        double x = 0.33 * MM;
        BarcodeFact f = only(scan(100, 70, p -> BarcodePdfs.vector(p, BarcodePdfs.ean13("4006381333931"),
                20 * MM, 20 * MM, x, 22.85 * MM, BLACK, 0)));
        assertThat(f.symbology()).isEqualTo(Symbology.EAN_13);
        assertThat(f.symbologyName()).isEqualTo("EAN-13");
        assertThat(f.data()).isEqualTo("4006381333931");
        assertThat(f.gs1()).isFalse();
        assertThat(f.pageNum()).isEqualTo(1);
        assertThat(f.modules()).isEqualTo(95.0);
        assertThat(f.xDimensionMm()).isCloseTo(0.330, within(0.001));
        assertThat(f.magnificationPercent()).isCloseTo(100.0, within(0.3));
        assertThat(f.barHeightMm()).isCloseTo(22.85, within(0.05));
        assertThat(f.angleDegrees()).isCloseTo(0.0, within(0.2));
        // bars from x = 20 mm over 95 modules; guard bars reach 5 X below the data bars
        assertThat(f.bbox().x0()).isCloseTo(20 * MM, within(0.3));
        assertThat(f.bbox().x1()).isCloseTo(20 * MM + 95 * x, within(0.3));
        assertThat(f.bbox().y0()).isCloseTo(20 * MM - 5 * x, within(0.3));
        assertThat(f.bbox().y1()).isCloseTo(20 * MM + 22.85 * MM, within(0.3));
        assertThat(f.quietZones()).extracting(QuietZone::side).containsExactly("left", "right");
        assertThat(f.quietZones()).extracting(QuietZone::requiredModules).containsExactly(11.0, 7.0);
        assertThat(f.quietZones()).noneMatch(QuietZone::intruded);
        assertThat(f.barReflectance()).isLessThan(0.05);
        assertThat(f.spaceReflectance()).isGreaterThan(0.95);
        assertThat(scan(100, 70, p -> { }).codes()).isEmpty();
    }

    @Test
    void everySymbologyIsReadAsVectorsAndAsImages() throws Exception {
        record Code(BarcodePdfs.Symbol symbol, Symbology symbology, String data, double moduleMm, double heightMm) {
        }
        List<Code> codes = List.of(
                new Code(BarcodePdfs.ean8("96385074"), Symbology.EAN_8, "96385074", 0.33, 18.23),
                new Code(BarcodePdfs.upcA("036000291452"), Symbology.UPC_A, "036000291452", 0.33, 22.85),
                new Code(BarcodePdfs.upcE("01234565"), Symbology.UPC_E, "01234565", 0.33, 22.85),
                new Code(BarcodePdfs.itf("15400141288763"), Symbology.ITF_14, "15400141288763", 0.5, 20),
                new Code(BarcodePdfs.code39("PREFLIGHT-39"), Symbology.CODE_39, "PREFLIGHT-39", 0.3, 12),
                new Code(BarcodePdfs.code128("Lot A-17/b"), Symbology.CODE_128, "Lot A-17/b", 0.3, 12),
                new Code(BarcodePdfs.qr("https://example.org/p/1"), Symbology.QR_CODE, "https://example.org/p/1",
                        0.5, 0),
                new Code(BarcodePdfs.dataMatrix("PF-2026-0042", false), Symbology.DATA_MATRIX, "PF-2026-0042",
                        0.6, 0));
        for (Code c : codes) {
            BarcodeFact v = only(scan(120, 70, p -> BarcodePdfs.vector(p, c.symbol(), 15 * MM, 20 * MM,
                    c.moduleMm() * MM, c.heightMm() * MM, BLACK, 0)));
            assertThat(v.symbology()).as(c.data()).isEqualTo(c.symbology());
            assertThat(v.data()).isEqualTo(c.data());
            BarcodeFact i = only(scan(120, 70, p -> BarcodePdfs.image(p, c.symbol(), 15 * MM, 20 * MM,
                    c.moduleMm() * MM, c.heightMm() * MM, 6, 12, 0, 0)));
            assertThat(i.symbology()).as(c.data() + " as an image").isEqualTo(c.symbology());
            assertThat(i.data()).isEqualTo(c.data());
        }
    }

    @Test
    void codesTurnedAQuarterAndSlightlyAreReadAlongTheirBars() throws Exception {
        var ean = BarcodePdfs.ean13("4006381333931");
        BarcodeFact turned = only(scan(100, 70, p -> BarcodePdfs.vector(p, ean, 80 * MM, 15 * MM, 0.33 * MM,
                22.85 * MM, BLACK, 90)));
        assertThat(turned.angleDegrees()).isCloseTo(90.0, within(0.2));
        assertThat(turned.xDimensionMm()).isCloseTo(0.330, within(0.001));
        assertThat(turned.barHeightMm()).isCloseTo(22.85, within(0.05));
        BarcodeFact slight = only(scan(100, 70, p -> BarcodePdfs.vector(p, ean, 20 * MM, 15 * MM, 0.33 * MM,
                22.85 * MM, BLACK, 4)));
        assertThat(slight.angleDegrees()).isCloseTo(4.0, within(0.3));
        assertThat(slight.xDimensionMm()).isCloseTo(0.330, within(0.002));
        BarcodeFact image = only(scan(100, 70, p -> BarcodePdfs.image(p, ean, 80 * MM, 15 * MM, 0.33 * MM,
                22.85 * MM, 8, 12, 0, 90)));
        assertThat(image.angleDegrees()).isCloseTo(90.0, within(0.2));
        assertThat(image.data()).isEqualTo("4006381333931");
    }

    @Test
    void dataMatrixModulesAndQuietZonesAreMeasured() throws Exception {
        BarcodeFact dm = only(scan(100, 70, p -> BarcodePdfs.vector(p, BarcodePdfs.dataMatrix("PF-2026-0042",
                false), 30 * MM, 20 * MM, 0.6 * MM, 0, BLACK, 0)));
        assertThat(dm.xDimensionMm()).isCloseTo(0.6, within(0.03));
        assertThat(dm.quietZones()).extracting(QuietZone::side).containsExactly("left", "right", "top", "bottom");
        assertThat(dm.quietZones()).noneMatch(QuietZone::intruded);
    }

    @Test
    void gs1CodesAreToldFromPlainOnes() throws Exception {
        BarcodeFact gs1 = only(scan(120, 70, p -> BarcodePdfs.vector(p, BarcodePdfs.gs1128(
                "0109506000134352\u00f110ABC"), 10 * MM, 20 * MM, 0.3 * MM, 12 * MM, BLACK, 0)));
        assertThat(gs1.symbologyName()).isEqualTo("GS1-128");
        assertThat(gs1.gs1()).isTrue();
        assertThat(Gs1ElementStrings.read(gs1.data()).hri()).isEqualTo("(01)09506000134352(10)ABC");
        BarcodeFact qr = only(scan(100, 70, p -> BarcodePdfs.vector(p, BarcodePdfs.gs1Qr(
                "0109506000134352\u001d10ABC"), 20 * MM, 20 * MM, 0.5 * MM, 0, BLACK, 0)));
        assertThat(qr.symbologyName()).isEqualTo("GS1 QR Code");
        assertThat(Gs1ElementStrings.read(qr.data()).value("10")).isEqualTo("ABC");
    }

    @Test
    void noPageIsRenderedUnlessABarcodeCheckIsInTheProfile() throws Exception {
        var doc = Pdfs.document();
        BarcodePdfs.vector(doc.page(100 * MM, 70 * MM), BarcodePdfs.ean13("4006381333931"), 20 * MM, 20 * MM,
                0.33 * MM, 22.85 * MM, BLACK, 0);
        doc.page(100 * MM, 70 * MM);
        Path file = doc.write(tmp.resolve("two-pages.pdf"));
        var engine = new Engine(EngineSettings.defaults());
        Profile serviceDefault = Profiles.builtin("service-default");
        assertThat(serviceDefault.checks()).extracting(ProfileCheck::checkId)
                .noneMatch(id -> id.startsWith("BARCODE_"));

        long before = BarcodeScanner.pagesRendered();
        engine.analyze(file, new AnalysisRequest(serviceDefault, false));
        assertThat(BarcodeScanner.pagesRendered()).as("pages rendered under service-default").isEqualTo(before);

        Profile three = new Profile("three", "three", "", null, false, List.of(
                new ProfileCheck("BARCODE_FOUND", null, new LinkedHashMap<>(), null),
                new ProfileCheck("BARCODE_MAGNIFICATION", null, new LinkedHashMap<>(), null),
                new ProfileCheck("BARCODE_QUIET_ZONE", null, new LinkedHashMap<>(), null)));
        List<Finding> found = engine.analyze(file, new AnalysisRequest(three, false)).findings();
        assertThat(BarcodeScanner.pagesRendered() - before).as("one render per page for three checks")
                .isEqualTo(2);
        assertThat(found).extracting(Finding::inspectionId).containsExactly("BARCODE_FOUND");
        assertThat(found.getFirst().details()).containsEntry("symbology", "EAN-13")
                .containsEntry("data", "4006381333931");
    }

    @Test
    void aPageTooLargeToRenderIsNotedAndNotRendered() throws Exception {
        var doc = Pdfs.document();
        doc.page(14400, 14400);
        Path file = doc.write(tmp.resolve("huge.pdf"));
        Profile found = new Profile("found", "found", "", null, false,
                List.of(new ProfileCheck("BARCODE_FOUND", null, new LinkedHashMap<>(), null)));
        long before = BarcodeScanner.pagesRendered();
        List<Finding> f = new Engine(EngineSettings.defaults()).analyze(file, new AnalysisRequest(found, false))
                .findings();
        assertThat(BarcodeScanner.pagesRendered()).isEqualTo(before);
        assertThat(f).singleElement().satisfies(n -> {
            assertThat(n.inspectionId()).isEqualTo("BARCODE_FOUND");
            assertThat(n.severity().wire()).isEqualTo("info");
            assertThat(n.pageNum()).isEqualTo(1);
            assertThat(n.details()).containsEntry("reason",
                    "the page is too large to render at 150 dpi within the pixel budget");
        });
    }
}
