package dev.preflight.engine.fixups;

import dev.preflight.engine.Profile;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.SeparationRenderer;
import dev.preflight.engine.testpdf.Pdfs;
import dev.preflight.engine.view.SeparationPage;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.graphics.color.PDSeparation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.preflight.engine.fixups.FixupChecks.ids;
import static dev.preflight.engine.fixups.FixupChecks.paints;
import static dev.preflight.engine.fixups.FixupChecks.profileOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SpotToProcessFixupTests {

    private static final String PANTONE = "PANTONE 185 C";
    private static final double[] PANTONE_CMYK = {0, 0.91, 0.76, 0};
    private final Fixups fixups = new Fixups(FixupSettings.defaults());

    @TempDir
    Path dir;

    /**
     * A PANTONE fill (tint 1) and stroke (tint 0.5), a PANTONE fill in a form and in an annotation's appearance, a
     * kept Varnish fill, and a cyan square that no fixup should touch.
     */
    private Path flyer() throws Exception {
        return Pdfs.document().page(600, 800)
                .fill(Pdfs.spot(PANTONE, 1, 0, 0.91, 0.76, 0)).rect(50, 550, 200, 200)
                .stroke(Pdfs.spot(PANTONE, 0.5, 0, 0.91, 0.76, 0)).lineWidth(20).line(50, 450, 250, 450)
                .fill(Pdfs.spot("Varnish", 1, 0.05, 0, 0, 0)).rect(350, 550, 200, 200)
                .fill(Pdfs.cmyk(0.5, 0, 0, 0)).rect(350, 300, 200, 100)
                .form(600, 800, f -> f.fill(Pdfs.spot(PANTONE, 0.25, 0, 0.91, 0.76, 0)).rect(50, 100, 100, 100))
                .annotation("Square", 200, 100, 100, 100, true, false, Pdfs.spot(PANTONE, 1, 0, 0.91, 0.76, 0))
                .done().write(dir.resolve("in.pdf"));
    }

    @Test
    void convertsEveryUnkeptSpotThroughItsTintTransformAndKeepsTheVarnish() throws Exception {
        Path in = flyer();
        Profile onlyVarnish = profileOf(Map.of(
                "SPOT_NOT_ALLOWED", Map.of("allowed_names", List.of("varnish"), "ignore_case", true),
                "SPOT_COUNT_MAX", Map.of("max_spots", 1)));
        assertThat(ids(in, onlyVarnish)).containsExactlyInAnyOrder("SPOT_NOT_ALLOWED", "SPOT_COUNT_MAX");

        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SPOT_TO_PROCESS",
                Map.of("keep_names", List.of("VARNISH"))))).applied().get(0);
        assertThat(a.fixupId()).isEqualTo("SPOT_TO_PROCESS");
        assertThat(a.pages()).containsExactly(1);
        // page: fill cs+scn, stroke CS+SCN; form: cs+scn; annotation: cs+scn
        assertThat(a.objectsChanged()).isEqualTo(8);
        assertThat(a.notes()).containsExactly("converted to process: PANTONE 185 C",
                "kept as spot colours: Varnish");
        assertThat(ids(out, onlyVarnish)).isEmpty();
        FixupChecks.noNewErrors(in, out, "gwg2022-sheetcmyk-cmyk");
        FixupChecks.noNewErrors(in, out, "packaging");

        List<ContentRewriter.Paint> p = paints(out);
        // PANTONE rect, PANTONE line, Varnish rect, cyan rect, the form's rect
        assertThat(p).hasSize(5);
        assertCmyk(p.get(0).fill().space(), p.get(0).fill().values(), PANTONE_CMYK, 1);
        assertCmyk(p.get(1).stroke().space(), p.get(1).stroke().values(), PANTONE_CMYK, 0.5);
        assertThat(p.get(2).fill().space()).isEqualTo("Separation");
        assertThat(p.get(2).fill().colorants()).containsExactly("Varnish");
        assertThat(p.get(2).fill().values()).containsExactly(1.0);
        assertCmyk(p.get(3).fill().space(), p.get(3).fill().values(), new double[] {0.5, 0, 0, 0}, 1);
        assertCmyk(p.get(4).fill().space(), p.get(4).fill().values(), PANTONE_CMYK, 0.25);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            var ap = doc.getPage(0).getAnnotations().get(0).getNormalAppearanceStream();
            String content = new String(ap.getContents().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
            assertThat(content).contains("/DeviceCMYK cs").doesNotContain("/CS");
            PDResources res = doc.getPage(0).getResources();
            boolean varnish = false;
            for (COSName n : res.getColorSpaceNames()) {
                if (res.getColorSpace(n) instanceof PDSeparation s && s.getColorantName().equals("Varnish")) {
                    varnish = true;
                }
            }
            assertThat(varnish).isTrue();
            assertThat(separationNames(res)).as("the converted spot's entry is gone, the kept one stays")
                    .containsExactly("Varnish");
            for (COSName n : res.getXObjectNames()) {
                if (res.getXObject(n) instanceof org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject f
                        && f.getResources() != null) {
                    assertThat(separationNames(f.getResources())).doesNotContain(PANTONE);
                }
            }
        }

        // Ghostscript's separations: the PANTONE ink moved to magenta and yellow, the varnish stayed on its plate
        SeparationPage before = separations(in);
        SeparationPage after = separations(out);
        assertThat(before.channel(PANTONE)).isNotNull();
        assertThat(before.channel(PANTONE).ink(150, 800 - 650)).isEqualTo(255);
        assertThat(before.channel("Magenta").ink(150, 800 - 650)).isZero();
        // nothing paints the PANTONE ink any more, so Ghostscript makes no plate for it
        assertThat(after.channel(PANTONE)).isNull();
        assertThat(after.channel("Magenta").ink(150, 800 - 650)).isCloseTo(ink(0.91), within(3));
        assertThat(after.channel("Yellow").ink(150, 800 - 650)).isCloseTo(ink(0.76), within(3));
        assertThat(after.channel("Cyan").ink(150, 800 - 650)).isZero();
        assertThat(after.channel("Magenta").ink(150, 800 - 450)).isCloseTo(ink(0.455), within(3));
        assertThat(after.channel("Magenta").ink(100, 800 - 150)).isCloseTo(ink(0.2275), within(3));
        assertThat(after.channel("Magenta").ink(250, 800 - 150)).isCloseTo(ink(0.91), within(3));
        assertThat(after.channel("Varnish").ink(450, 800 - 650)).isEqualTo(255);
        assertThat(after.channel("Cyan").ink(450, 800 - 350)).isEqualTo(before.channel("Cyan").ink(450, 800 - 350));

        // every pixel of the page renders as before, within rounding inside the converted objects
        BufferedImage x = FixupChecks.render(in, 0, 72);
        BufferedImage y = FixupChecks.render(out, 0, 72);
        int differ = 0;
        for (int row = 0; row < x.getHeight(); row++) {
            for (int col = 0; col < x.getWidth(); col++) {
                int u = x.getRGB(col, row);
                int v = y.getRGB(col, row);
                for (int shift = 0; shift <= 16; shift += 8) {
                    assertThat(Math.abs((u >> shift & 0xff) - (v >> shift & 0xff))).as("pixel %d,%d", col, row)
                            .isLessThanOrEqualTo(2);
                }
                if (u != v) {
                    differ++;
                }
            }
        }
        assertThat(differ).isLessThan(x.getWidth() * x.getHeight() / 10);
    }

    /** PANTONE 185 C's tint transform: a Type 2 function from no ink to 0/91/76/0. */
    private static org.apache.pdfbox.cos.COSDictionary pantoneTint() {
        var fn = new org.apache.pdfbox.cos.COSDictionary();
        fn.setInt(COSName.FUNCTION_TYPE, 2);
        fn.setItem(COSName.DOMAIN, floats(0, 1));
        fn.setItem(COSName.C0, floats(0, 0, 0, 0));
        fn.setItem(COSName.C1, floats(0, 0.91f, 0.76f, 0));
        fn.setInt(COSName.N, 1);
        return fn;
    }

    private static List<String> separationNames(PDResources res) throws java.io.IOException {
        List<String> names = new ArrayList<>();
        for (COSName n : res.getColorSpaceNames()) {
            if (res.getColorSpace(n) instanceof PDSeparation s) {
                names.add(s.getColorantName());
            }
        }
        return names;
    }

    @Test
    void aConvertedSpotAnInlineImageStillNamesKeepsItsColourSpaceEntry() throws Exception {
        Path in = dir.resolve("inline.pdf");
        try (PDDocument doc = new PDDocument()) {
            var page = new org.apache.pdfbox.pdmodel.PDPage(new org.apache.pdfbox.pdmodel.common.PDRectangle(200, 200));
            doc.addPage(page);
            var sep = new PDSeparation();
            sep.setColorantName(PANTONE);
            sep.setAlternateColorSpace(org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK.INSTANCE);
            sep.setTintTransform(new org.apache.pdfbox.pdmodel.common.function.PDFunctionType2(pantoneTint()));
            PDResources res = new PDResources();
            COSName name = res.add(sep);
            page.setResources(res);
            String content = "/" + name.getName() + " cs 1 scn 10 10 50 50 re f\n"
                    + "q 40 0 0 40 100 100 cm BI /W 2 /H 1 /BPC 8 /CS /" + name.getName() + " ID \u00ff\u0080 EI Q\n";
            var stream = new org.apache.pdfbox.pdmodel.common.PDStream(doc);
            try (var o = stream.createOutputStream()) {
                o.write(content.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            }
            page.setContents(stream);
            doc.save(in.toFile());
        }
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SPOT_TO_PROCESS", Map.of())))
                .applied().get(0);
        assertThat(a.notes()).contains("converted to process: PANTONE 185 C");
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            assertThat(separationNames(doc.getPage(0).getResources()))
                    .as("the inline image still selects the spot by this name").containsExactly(PANTONE);
        }
        // and it still renders: the inline image finds its colour space
        assertThat(FixupChecks.render(out, 0, 72).getWidth()).isEqualTo(200);
    }

    @Test
    void convertsOnlyTheNamedSpotsCaseInsensitively() throws Exception {
        Path in = Pdfs.document().page(600, 800)
                .fill(Pdfs.spot(PANTONE, 0.5, 0, 0.91, 0.76, 0)).rect(50, 550, 200, 200)
                .fill(Pdfs.spot("PANTONE 300 C", 1, 1, 0.44, 0, 0)).rect(350, 550, 200, 200)
                .fill(Pdfs.deviceN(List.of(PANTONE, "Cyan"), new double[] {1, 0.5},
                        new double[][] {PANTONE_CMYK, {1, 0, 0, 0}})).rect(50, 100, 200, 200)
                .done().write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SPOT_TO_PROCESS",
                Map.of("spot_names", List.of("pantone 185 c"))))).applied().get(0);
        assertThat(a.notes()).containsExactly("converted to process: PANTONE 185 C");
        List<ContentRewriter.Paint> p = paints(out);
        assertThat(p).hasSize(3);
        // a tint of 0.5 converts to the transform's value at 0.5
        assertCmyk(p.get(0).fill().space(), p.get(0).fill().values(), PANTONE_CMYK, 0.5);
        assertThat(p.get(1).fill().space()).isEqualTo("Separation");
        assertThat(p.get(1).fill().colorants()).containsExactly("PANTONE 300 C");
        // the DeviceN's only spot is converted: PANTONE at 1 plus cyan at 0.5, summed by its transform
        assertCmyk(p.get(2).fill().space(), p.get(2).fill().values(), new double[] {0.5, 0.91, 0.76, 0}, 1);
        Profile two = profileOf(Map.of("SPOT_COUNT_MAX", Map.of("max_spots", 1)));
        assertThat(ids(in, two)).contains("SPOT_COUNT_MAX");
        assertThat(ids(out, two)).doesNotContain("SPOT_COUNT_MAX");
    }

    @Test
    void imageSamplesGoThroughTheTintTransformAndProcessColourStaysAsItWas() throws Exception {
        byte[] samples = new byte[16];
        for (int i = 0; i < 16; i++) {
            samples[i] = (byte) (i * 17);
        }
        Path in = Pdfs.document().page(600, 800)
                .fill(Pdfs.cmyk(0, 1, 0, 0)).rect(50, 550, 200, 200)
                .image(Pdfs.image(4, 4).separation(Pdfs.spot(PANTONE, 1, 0, 0.91, 0.76, 0)).samples(samples),
                        50, 50, 100, 100)
                .done().write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SPOT_TO_PROCESS", Map.of()))).applied()
                .get(0);
        assertThat(a.pages()).containsExactly(1);
        assertThat(a.objectsChanged()).isEqualTo(1);
        assertThat(a.notes()).containsExactly("converted to process: PANTONE 185 C");
        assertCmyk(paints(out).get(0).fill().space(), paints(out).get(0).fill().values(), new double[] {0, 1, 0, 0},
                1);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            var res = doc.getPage(0).getResources();
            var img = (org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject) res.getXObject(
                    res.getXObjectNames().iterator().next());
            assertThat(img.getColorSpace().getName()).isEqualTo("DeviceCMYK");
            assertThat(img.getBitsPerComponent()).isEqualTo(8);
            var raster = img.getRawRaster();
            int[] px = new int[4];
            for (int i = 0; i < 16; i++) {
                raster.getPixel(i % 4, i / 4, px);
                double tint = i * 17 / 255.0;
                assertThat(px[0]).isZero();
                assertThat(px[1]).as("magenta of sample %d", i).isCloseTo((int) Math.round(tint * 0.91 * 255),
                        within(1));
                assertThat(px[2]).as("yellow of sample %d", i).isCloseTo((int) Math.round(tint * 0.76 * 255),
                        within(1));
                assertThat(px[3]).isZero();
            }
        }
        Profile none = profileOf(Map.of("SPOT_COUNT_MAX", Map.of("max_spots", 0)));
        assertThat(ids(in, none)).contains("SPOT_COUNT_MAX");
        assertThat(ids(out, none)).doesNotContain("SPOT_COUNT_MAX");
    }

    @Test
    void anAxialShadingInAConvertedSpotGetsItsFunctionComposedWithTheTintTransform() throws Exception {
        Path in = Pdfs.document().page(600, 800)
                .fill(Pdfs.spot(PANTONE, 1, 0, 0.91, 0.76, 0)).rect(50, 550, 200, 200)
                .done().write(dir.resolve("in.pdf"));
        // an axial shading in the same Separation, painted with sh
        try (PDDocument doc = Loader.loadPDF(in.toFile())) {
            PDResources res = doc.getPage(0).getResources();
            COSName csName = res.getColorSpaceNames().iterator().next();
            var dict = new org.apache.pdfbox.cos.COSDictionary();
            dict.setInt(COSName.SHADING_TYPE, 2);
            dict.setItem(COSName.COLORSPACE, res.getCOSObject().getCOSDictionary(COSName.COLORSPACE)
                    .getDictionaryObject(csName));
            dict.setItem(COSName.COORDS, floats(50, 0, 250, 0));
            var fn = new org.apache.pdfbox.cos.COSDictionary();
            fn.setInt(COSName.FUNCTION_TYPE, 2);
            fn.setItem(COSName.DOMAIN, floats(0, 1));
            fn.setItem(COSName.C0, floats(0));
            fn.setItem(COSName.C1, floats(1));
            fn.setInt(COSName.N, 1);
            dict.setItem(COSName.FUNCTION, fn);
            COSName sh = res.add(org.apache.pdfbox.pdmodel.graphics.shading.PDShading.create(dict));
            var page = doc.getPage(0);
            var extra = new org.apache.pdfbox.pdmodel.PDPageContentStream(doc, page,
                    org.apache.pdfbox.pdmodel.PDPageContentStream.AppendMode.APPEND, false);
            extra.saveGraphicsState();
            extra.addRect(50, 50, 200, 200);
            extra.clip();
            extra.shadingFill((org.apache.pdfbox.pdmodel.graphics.shading.PDShading) res.getShading(sh));
            extra.restoreGraphicsState();
            // the same ramp again as a shading pattern filling a rectangle on the right
            var copy = new org.apache.pdfbox.cos.COSDictionary();
            copy.addAll(dict);
            var patternShading = org.apache.pdfbox.pdmodel.graphics.shading.PDShading.create(copy);
            patternShading.getCOSObject().setItem(COSName.COORDS, floats(350, 0, 550, 0));
            var pattern = new org.apache.pdfbox.pdmodel.graphics.pattern.PDShadingPattern();
            pattern.setShading(patternShading);
            COSName pat = res.add(pattern);
            extra.close();
            var cos = page.getCOSObject();
            var stream = new org.apache.pdfbox.pdmodel.common.PDStream(doc);
            try (var o = stream.createOutputStream()) {
                o.write(("/Pattern cs /" + pat.getName() + " scn 350 50 200 200 re f").getBytes(
                        java.nio.charset.StandardCharsets.US_ASCII));
            }
            var contents = new org.apache.pdfbox.cos.COSArray();
            page.getContentStreams().forEachRemaining(c -> contents.add(c.getCOSObject()));
            contents.add(stream.getCOSObject());
            cos.setItem(COSName.CONTENTS, contents);
            doc.save(dir.resolve("shaded.pdf").toFile());
        }
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(dir.resolve("shaded.pdf"), out,
                List.of(new FixupRequest("SPOT_TO_PROCESS", Map.of()))).applied().get(0);
        // the fill's cs and scn, the shading, and the shading pattern's shading
        assertThat(a.objectsChanged()).isEqualTo(4);
        assertThat(a.notes()).containsExactly("converted to process: PANTONE 185 C");
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            PDResources res = doc.getPage(0).getResources();
            var sh = (org.apache.pdfbox.pdmodel.graphics.shading.PDShadingType2) res.getShading(
                    res.getShadingNames().iterator().next());
            assertThat(sh.getColorSpace().getName()).isEqualTo("DeviceCMYK");
            for (float t : new float[] {0, 0.25f, 0.5f, 1}) {
                float[] v = sh.evalFunction(t);
                List<Double> values = new ArrayList<>();
                for (float f : v) {
                    values.add((double) f);
                }
                assertCmyk("DeviceCMYK", values, PANTONE_CMYK, t);
            }
        }
        SeparationPage after = separations(out);
        assertThat(after.channel(PANTONE)).isNull();
        // the axial runs from x 50 (tint 0) to 250 (tint 1): at x 150 half the ink
        assertThat(after.channel("Magenta").ink(150, 800 - 150)).isCloseTo(ink(0.455), within(4));
        assertThat(after.channel("Yellow").ink(150, 800 - 150)).isCloseTo(ink(0.38), within(4));
        assertThat(after.channel("Magenta").ink(150, 800 - 650)).isCloseTo(ink(0.91), within(3));
        assertThat(after.channel("Magenta").ink(450, 800 - 150)).isCloseTo(ink(0.455), within(4));
        assertThat(after.channel("Magenta").ink(540, 800 - 150)).isCloseTo(ink(0.91 * 0.95), within(4));
    }

    @Test
    void aColouredTilingPatternsCellIsRewrittenLikeAForm() throws Exception {
        var sep = new org.apache.pdfbox.cos.COSArray();
        sep.add(COSName.SEPARATION);
        sep.add(COSName.getPDFName(PANTONE));
        sep.add(COSName.DEVICECMYK);
        sep.add(pantoneTint());
        var cell = new org.apache.pdfbox.cos.COSStream();
        try (var o = cell.createOutputStream()) {
            o.write("/S0 cs 0.5 scn 0 0 10 10 re f".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        cell.setInt(COSName.PATTERN_TYPE, 1);
        cell.setInt(COSName.PAINT_TYPE, 1);
        cell.setInt(COSName.TILING_TYPE, 1);
        cell.setItem(COSName.BBOX, floats(0, 0, 10, 10));
        cell.setInt(COSName.X_STEP, 10);
        cell.setInt(COSName.Y_STEP, 10);
        var cellRes = new org.apache.pdfbox.cos.COSDictionary();
        var cellCs = new org.apache.pdfbox.cos.COSDictionary();
        cellCs.setItem(COSName.getPDFName("S0"), sep);
        cellRes.setItem(COSName.COLORSPACE, cellCs);
        cell.setItem(COSName.RESOURCES, cellRes);
        Pdfs.Page page = Pdfs.document().page(600, 800);
        COSName p = page.resource(COSName.PATTERN, cell, "P");
        Path in = page.raw("/Pattern cs /" + p.getName() + " scn 50 50 200 200 re f").done()
                .write(dir.resolve("in.pdf"));
        Path out = dir.resolve("out.pdf");
        AppliedFixup a = fixups.apply(in, out, List.of(new FixupRequest("SPOT_TO_PROCESS", Map.of()))).applied()
                .get(0);
        assertThat(a.objectsChanged()).isEqualTo(2);
        assertThat(a.notes()).containsExactly("converted to process: PANTONE 185 C");
        SeparationPage after = separations(out);
        assertThat(separations(in).channel(PANTONE)).isNotNull();
        assertThat(after.channel(PANTONE)).isNull();
        assertThat(after.channel("Magenta").ink(150, 800 - 150)).isCloseTo(ink(0.455), within(3));
        assertThat(after.channel("Yellow").ink(150, 800 - 150)).isCloseTo(ink(0.38), within(3));
    }

    @Test
    void damagedAndEncryptedFilesFailWithAReason() throws Exception {
        Path junk = Files.writeString(dir.resolve("junk.pdf"), "%PDF-1.7\nnot really");
        assertThatThrownBy(() -> fixups.apply(junk, dir.resolve("o1.pdf"),
                List.of(new FixupRequest("SPOT_TO_PROCESS", Map.of())))).isInstanceOf(FixupException.class)
                .hasMessageContaining("damaged");
        Path enc = Pdfs.document().encrypt("owner", "", true, true).page(600, 800)
                .fill(Pdfs.spot(PANTONE, 1, 0, 0.91, 0.76, 0)).rect(1, 1, 5, 5).done().write(dir.resolve("enc.pdf"));
        assertThatThrownBy(() -> fixups.apply(enc, dir.resolve("o2.pdf"),
                List.of(new FixupRequest("SPOT_TO_PROCESS", Map.of())))).isInstanceOf(FixupException.class)
                .hasMessageContaining("encrypted");
        assertThat(dir.resolve("o1.pdf")).doesNotExist();
        assertThat(dir.resolve("o2.pdf")).doesNotExist();
    }

    private static org.apache.pdfbox.cos.COSArray floats(float... values) {
        var a = new org.apache.pdfbox.cos.COSArray();
        for (float v : values) {
            a.add(new org.apache.pdfbox.cos.COSFloat(v));
        }
        return a;
    }

    private static int ink(double fraction) {
        return (int) Math.round(fraction * 255);
    }

    private SeparationPage separations(Path pdf) throws Exception {
        return new SeparationRenderer(new Ghostscript("gs"), dir.resolve("scratch"), Duration.ofSeconds(60))
                .render(pdf, 1, 72);
    }

    /** DeviceCMYK values equal to the full-tint CMYK times the tint, within 1 %. */
    private static void assertCmyk(String space, List<Double> values, double[] full, double tint) {
        assertThat(space).isEqualTo("DeviceCMYK");
        List<Double> expected = new ArrayList<>();
        for (double f : full) {
            expected.add(f * tint);
        }
        assertThat(values).hasSize(4);
        for (int i = 0; i < 4; i++) {
            assertThat(values.get(i)).as("component %d", i).isCloseTo(expected.get(i), within(0.01));
        }
    }
}
