package dev.preflight.engine.facts;

import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static dev.preflight.engine.facts.FactsFixture.elements;
import static dev.preflight.engine.facts.FactsFixture.facts;
import static dev.preflight.engine.facts.FactsFixture.only;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PaintedElementFactsTests {

    private static double sansWidth(String s, double size) throws IOException {
        try (PDDocument d = new PDDocument()) {
            PDType0Font f = PDType0Font.load(d, PDDocument.class.getResourceAsStream(
                    "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf"));
            return f.getStringWidth(s) / 1000 * size;
        }
    }

    @Test
    void textRecordsFontSizeBoxColourOverprintAndGlyphs() throws IOException {
        byte[] pdf = Pdfs.document().page(595, 842)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).overprint(true, false, 1)
                .font(Pdfs.Font.EMBEDDED_SANS).text(72, 700, 8, "Hello")
                .done().bytes();
        DocumentFacts f = facts(pdf);
        PaintedElement t = only(f, e -> e.kind() == ElementKind.TEXT);
        assertThat(t.text().fontSize()).isEqualTo(8.0);
        assertThat(t.text().glyphCount()).isEqualTo(5);
        assertThat(t.text().text()).isEqualTo("Hello");
        assertThat(t.text().renderMode()).isZero();
        assertThat(t.bbox().x0()).isCloseTo(72, within(0.01));
        assertThat(t.bbox().x1()).isCloseTo(72 + sansWidth("Hello", 8), within(0.05));
        // LiberationSans ascent 0.905 em, descent -0.212 em
        assertThat(t.bbox().y0()).isCloseTo(700 - 0.212 * 8, within(0.1));
        assertThat(t.bbox().y1()).isCloseTo(700 + 0.905 * 8, within(0.1));
        assertThat(t.fill().space()).isEqualTo("DeviceCMYK");
        assertThat(t.fill().values()).containsExactly(0.0, 0.0, 0.0, 1.0);
        assertThat(t.stroke()).isNull();
        assertThat(t.overprintFill()).isTrue();
        assertThat(t.overprintStroke()).isFalse();
        assertThat(t.overprintMode()).isEqualTo(1);
        assertThat(t.visible()).isTrue();
        assertThat(t.context()).isEqualTo("page");

        FontFact font = f.font(t.text().fontObjectId());
        assertThat(font.type()).isEqualTo("Type0");
        assertThat(font.descendantType()).isEqualTo("CIDFontType2");
        assertThat(font.fontFileType()).isEqualTo("FontFile2");
        assertThat(font.embedded()).isTrue();
        assertThat(font.subset()).isTrue();
        assertThat(font.standard14()).isFalse();
        // PDFBox's subsetter writes no OS/2 table, so the embedding bits are unknown
        assertThat(font.fsType()).isNull();
        assertThat(font.pages()).containsExactly(1);
        assertThat(font.glyphsUsed()).isEqualTo(5);
        assertThat(font.glyphsMissing()).isZero();
        assertThat(font.damaged()).isFalse();
    }

    @Test
    void effectiveFontSizeMultipliesTfTextMatrixAndCtm() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .transform(1.5, 0, 0, 1.5, 0, 0)
                .textMatrix(2, 0, 0, 2, 10, 10, 5, "Big")
                .done().bytes();
        PaintedElement t = only(facts(pdf), e -> e.kind() == ElementKind.TEXT);
        assertThat(t.text().fontSize()).isCloseTo(15.0, within(0.001));
        assertThat(t.bbox().x0()).isCloseTo(15, within(0.01));
    }

    @Test
    void standardFontIsNotEmbedded() {
        byte[] pdf = Pdfs.document().page(200, 200).font(Pdfs.Font.COURIER).text(10, 10, 12, "abc").done().bytes();
        DocumentFacts f = facts(pdf);
        FontFact font = f.fonts().get(0);
        assertThat(font.name()).isEqualTo("Courier");
        assertThat(font.type()).isEqualTo("Type1");
        assertThat(font.embedded()).isFalse();
        assertThat(font.standard14()).isTrue();
        assertThat(font.fontFileType()).isNull();
        assertThat(font.glyphsUsed()).isEqualTo(3);
    }

    @Test
    void simpleTrueTypeFontRecordsFontFile2() {
        byte[] pdf = Pdfs.document().page(200, 200).font(Pdfs.Font.EMBEDDED_TRUETYPE).text(10, 10, 12, "abc")
                .done().bytes();
        FontFact font = facts(pdf).fonts().get(0);
        assertThat(font.type()).isEqualTo("TrueType");
        assertThat(font.fontFileType()).isEqualTo("FontFile2");
        assertThat(font.embedded()).isTrue();
        assertThat(font.subset()).isFalse();
        assertThat(font.fsType()).isZero(); // LiberationSans: installable embedding
    }

    @Test
    void invisibleTextIsRecordedButNotVisible() {
        byte[] pdf = Pdfs.document().page(200, 200).textRenderMode(3).text(10, 10, 12, "ocr").done().bytes();
        PaintedElement t = only(facts(pdf), e -> e.kind() == ElementKind.TEXT);
        assertThat(t.text().renderMode()).isEqualTo(3);
        assertThat(t.visible()).isFalse();
        assertThat(t.notVisibleReason()).isEqualTo("invisible");
    }

    @Test
    void strokeWidthUsesTheSmallerCtmScaleAndBoxIncludesHalfWidth() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .transform(2, 0, 0, 0.5, 0, 0).stroke(Pdfs.gray(0)).lineWidth(1).line(10, 100, 110, 100)
                .done().bytes();
        PaintedElement s = only(facts(pdf), e -> e.kind() == ElementKind.STROKE);
        assertThat(s.lineWidth()).isCloseTo(0.5, within(1e-6));
        assertThat(s.stroke().space()).isEqualTo("DeviceGray");
        assertThat(s.fill()).isNull();
        assertThat(s.bbox().x0()).isCloseTo(20 - 1, within(1e-6));
        assertThat(s.bbox().x1()).isCloseTo(220 + 1, within(1e-6));
        assertThat(s.bbox().y0()).isCloseTo(50 - 1, within(1e-6));
    }

    @Test
    void lineWidthFromExtGStateCounts() {
        byte[] pdf = Pdfs.document().page(200, 200).lineWidthGs(0.2).line(10, 10, 100, 10).done().bytes();
        assertThat(only(facts(pdf), e -> e.kind() == ElementKind.STROKE).lineWidth()).isCloseTo(0.2, within(1e-6));
    }

    @Test
    void thinFilledRectangleCountsAsALine() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).rect(100, 100, 200, 1.5).rect(100, 300, 200, 10)
                .raw("100 500 m 300 500.5 l 300 501.5 l 100 501 l h f")
                .done().bytes();
        List<PaintedElement> els = elements(facts(pdf), 1);
        assertThat(els).hasSize(3);
        assertThat(els.get(0).lineLikeFill()).isTrue();
        assertThat(els.get(0).lineWidth()).isCloseTo(1.5, within(1e-6));
        assertThat(els.get(1).lineLikeFill()).isFalse();
        assertThat(els.get(1).lineWidth()).isZero();
        assertThat(els.get(2).lineLikeFill()).isTrue();
        assertThat(els.get(2).lineWidth()).isCloseTo(1.0, within(0.01));
    }

    @Test
    void imagePlacementGivesEffectivePpiAndImageFacts() {
        var doc = Pdfs.document();
        doc.page(595, 842)
                .image(Pdfs.image(300, 200).rgb(), 100, 100, 72, 48)
                .image(Pdfs.image(100, 100).cmyk(), 300, 100, 144, 72);
        DocumentFacts f = facts(doc.bytes());
        List<PaintedElement> imgs = elements(f, 1);
        PaintedElement rgb = imgs.get(0);
        assertThat(rgb.kind()).isEqualTo(ElementKind.IMAGE);
        assertThat(rgb.image().ppiX()).isCloseTo(300, within(0.01));
        assertThat(rgb.image().ppiY()).isCloseTo(300, within(0.01));
        assertThat(rgb.image().placedWidthPt()).isCloseTo(72, within(0.01));
        assertThat(rgb.bbox().sameAs(new dev.preflight.engine.Box(100, 100, 172, 148), 0.01)).isTrue();
        assertThat(rgb.fill().isRgb()).isTrue();
        PaintedElement cmyk = imgs.get(1);
        assertThat(cmyk.image().ppiX()).isCloseTo(50, within(0.01));
        assertThat(cmyk.image().ppiY()).isCloseTo(100, within(0.01));
        assertThat(cmyk.image().effectivePpi()).isCloseTo(50, within(0.01));

        ImageFact fact = f.image(rgb.image().imageObjectId());
        assertThat(fact.objectId()).matches("\\d+ 0 R");
        assertThat(fact.width()).isEqualTo(300);
        assertThat(fact.height()).isEqualTo(200);
        assertThat(fact.bitsPerComponent()).isEqualTo(8);
        assertThat(fact.color().space()).isEqualTo("DeviceRGB");
        assertThat(fact.filters()).containsExactly("FlateDecode");
        assertThat(fact.pages()).containsExactly(1);
        assertThat(fact.upsampleFactor()).isEqualTo(1);
        assertThat(f.image(cmyk.image().imageObjectId()).color().isCmyk()).isTrue();
    }

    @Test
    void upsampledImagesAreDetected() {
        var doc = Pdfs.document();
        doc.page(595, 842)
                .image(Pdfs.image(240, 120).rgb().upsampled(3), 0, 0, 100, 50)
                .image(Pdfs.image(64, 64).gray().upsampled(2), 0, 100, 100, 100)
                .image(Pdfs.image(64, 64).bitonal().upsampled(4), 0, 300, 100, 100);
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.images()).extracting(ImageFact::upsampleFactor).containsExactly(3, 2, 4);
    }

    /** w x h RGB samples, each source pixel repeated factor x factor times. */
    private static byte[] replicated(int w, int h, int factor, long seed) {
        var r = new java.util.Random(seed);
        byte[] src = new byte[((w + factor - 1) / factor) * ((h + factor - 1) / factor) * 3];
        r.nextBytes(src);
        int sw = (w + factor - 1) / factor;
        byte[] out = new byte[w * h * 3];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                System.arraycopy(src, ((y / factor) * sw + x / factor) * 3, out, (y * w + x) * 3, 3);
            }
        }
        return out;
    }

    @Test
    void upsampledFlateImagesAreMeasuredWithAndWithoutAPredictor() {
        // plain zlib data: the estimate reads what the stream check inflated; with a PNG predictor PDFBox decodes it
        int w = 60;
        int h = 45;
        byte[] rows = replicated(w, h, 3, 2);
        var png = new java.io.ByteArrayOutputStream();
        for (int y = 0; y < h; y++) {
            png.write(0); // PNG filter type None for every row
            png.write(rows, y * w * 3, w * 3);
        }
        var deflater = new java.util.zip.Deflater();
        deflater.setInput(png.toByteArray());
        deflater.finish();
        var packed = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        while (!deflater.finished()) {
            packed.write(buf, 0, deflater.deflate(buf));
        }
        deflater.end();
        var parms = new org.apache.pdfbox.cos.COSDictionary();
        parms.setInt(org.apache.pdfbox.cos.COSName.PREDICTOR, 15);
        parms.setInt(org.apache.pdfbox.cos.COSName.COLORS, 3);
        parms.setInt(org.apache.pdfbox.cos.COSName.COLUMNS, w);
        var doc = Pdfs.document();
        var page = doc.page(595, 842);
        Pdfs.rawImage(page, org.apache.pdfbox.cos.COSName.DEVICERGB, 8, w, h, rows, null, java.util.Map.of(),
                0, 0, 100, 100);
        Pdfs.rawImage(page, org.apache.pdfbox.cos.COSName.DEVICERGB, 8, w, h, packed.toByteArray(), "FlateDecode",
                java.util.Map.of("DecodeParms", parms), 0, 200, 100, 100);
        Pdfs.rawImage(page, org.apache.pdfbox.cos.COSName.DEVICERGB, 8, w, h, replicated(w, h, 1, 3), null,
                java.util.Map.of(), 0, 400, 100, 100);
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.images()).extracting(ImageFact::upsampleFactor).containsExactly(3, 3, 1);
        assertThat(f.damagedStreams()).isEmpty();
    }

    @Test
    void jpegSoftMaskStencilAndInlineImages() {
        var doc = Pdfs.document();
        doc.page(595, 842)
                .image(Pdfs.image(50, 50).rgb().jpeg(), 0, 0, 50, 50)
                .image(Pdfs.image(40, 40).gray().softMask(), 100, 0, 40, 40)
                .fill(Pdfs.spot("Varnish", 1, 0, 0, 0, 0.1)).image(Pdfs.image(16, 16).stencil(), 200, 0, 16, 16)
                .inlineImage(Pdfs.image(8, 4).gray(), 300, 0, 8, 4);
        DocumentFacts f = facts(doc.bytes());
        List<PaintedElement> els = elements(f, 1);
        assertThat(els).extracting(PaintedElement::kind).containsExactly(ElementKind.IMAGE, ElementKind.IMAGE,
                ElementKind.IMAGE_MASK, ElementKind.IMAGE);
        assertThat(f.image(els.get(0).image().imageObjectId()).jpeg()).isTrue();
        ImageFact masked = f.image(els.get(1).image().imageObjectId());
        assertThat(masked.hasSoftMask()).isTrue();
        assertThat(f.images()).filteredOn(ImageFact::usedAsSoftMask).hasSize(1);
        assertThat(els.get(2).fill().colorants()).containsExactly("Varnish");
        ImageFact stencil = f.image(els.get(2).image().imageObjectId());
        assertThat(stencil.imageMask()).isTrue();
        assertThat(stencil.oneBit()).isTrue();
        assertThat(stencil.color()).isNull();
        assertThat(els.get(3).image().imageObjectId()).isEqualTo("inline:p1:1");
        assertThat(els.get(3).image().ppiX()).isCloseTo(72, within(0.01));
        assertThat(els.get(3).objectId()).isNull();
        assertThat(f.image("inline:p1:1").filters()).containsExactly("ASCIIHexDecode");
    }

    @Test
    void spotColoursWithIdenticalTintTransformsShareATintKey() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .fill(Pdfs.spot("PANTONE 485 C", 0.8, 0, 0.95, 1, 0)).rect(0, 0, 10, 10)
                .fill(Pdfs.spot("Pantone 485 C", 0.5, 0, 0.95, 1, 0)).rect(20, 0, 10, 10)
                .fill(Pdfs.spot("Gold", 1, 0, 0.2, 0.8, 0.1)).rect(40, 0, 10, 10)
                .fill(Pdfs.deviceN(List.of("Cyan", "Orange"), new double[] {0.3, 0.7},
                        new double[][] {{1, 0, 0, 0}, {0, 0.6, 1, 0}})).rect(60, 0, 10, 10)
                .done().bytes();
        List<PaintedElement> els = elements(facts(pdf), 1);
        PaintColor a = els.get(0).fill();
        PaintColor b = els.get(1).fill();
        PaintColor c = els.get(2).fill();
        PaintColor n = els.get(3).fill();
        assertThat(a.space()).isEqualTo("Separation");
        assertThat(a.colorants()).containsExactly("PANTONE 485 C");
        assertThat(a.alternate()).isEqualTo("DeviceCMYK");
        assertThat(a.values()).containsExactly(0.8);
        assertThat(a.tintKey()).isNotNull().isEqualTo(b.tintKey()).isNotEqualTo(c.tintKey());
        assertThat(n.space()).isEqualTo("DeviceN");
        assertThat(n.colorants()).containsExactly("Cyan", "Orange");
        assertThat(n.values()).containsExactly(0.3, 0.7);
        assertThat(n.isSpot()).isTrue();
    }

    @Test
    void iccAndLabColourSpacesAreResolved() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .fill(Pdfs.iccRgb(1, 0, 0)).rect(0, 0, 10, 10)
                .fill(Pdfs.iccCmyk(0, 1, 0, 0)).rect(20, 0, 10, 10)
                .fill(Pdfs.iccGray(0.5)).rect(40, 0, 10, 10)
                .fill(Pdfs.lab(50, 10, 10)).rect(60, 0, 10, 10)
                .done().bytes();
        List<PaintedElement> els = elements(facts(pdf), 1);
        assertThat(els.get(0).fill().iccSpace()).isEqualTo("RGB");
        assertThat(els.get(0).fill().isRgb()).isTrue();
        assertThat(els.get(1).fill().iccSpace()).isEqualTo("CMYK");
        assertThat(els.get(1).fill().isCmyk()).isTrue();
        assertThat(els.get(2).fill().iccSpace()).isEqualTo("GRAY");
        assertThat(els.get(3).fill().space()).isEqualTo("Lab");
    }

    @Test
    void formXObjectContentIsTransformedAndRecordsItsContextAndGroup() {
        byte[] pdf = Pdfs.document().page(595, 842)
                .transform(1, 0, 0, 1, 100, 200)
                .transparencyGroup(50, 50, "DeviceCMYK", true, false, g -> g.fill(Pdfs.rgb(0, 1, 0)).rect(0, 0, 10, 10))
                .done().bytes();
        DocumentFacts f = facts(pdf);
        PaintedElement e = only(f, x -> x.kind() == ElementKind.FILL);
        assertThat(e.context()).matches("form:\\d+ 0 R");
        assertThat(e.bbox().sameAs(new dev.preflight.engine.Box(100, 200, 110, 210), 1e-6)).isTrue();
        assertThat(f.pages().get(0).groups()).singleElement().satisfies(g -> {
            assertThat(g.where()).isEqualTo("form");
            assertThat(g.colorSpace()).isEqualTo("DeviceCMYK");
            assertThat(g.isolated()).isTrue();
            assertThat(g.knockout()).isFalse();
        });
    }

    @Test
    void transparencyStateAndSoftMasksAreRecorded() {
        byte[] pdf = Pdfs.document().page(200, 200).transparencyGroup("DeviceRGB")
                .save().alpha(0.5, 0.25).blend("Multiply").rect(0, 0, 10, 10).restore()
                .save().softMask(200, 200).rect(20, 0, 10, 10).restore()
                .rect(40, 0, 10, 10)
                .done().bytes();
        DocumentFacts f = facts(pdf);
        List<PaintedElement> els = elements(f, 1);
        assertThat(els.get(0).fillAlpha()).isCloseTo(0.5, within(1e-6));
        assertThat(els.get(0).strokeAlpha()).isCloseTo(0.25, within(1e-6));
        assertThat(els.get(0).blendMode()).isEqualTo("Multiply");
        assertThat(els.get(0).opaqueNormal()).isFalse();
        assertThat(els.get(1).softMask()).isTrue();
        assertThat(els.get(2).opaqueNormal()).isTrue();
        assertThat(els.get(2).blendMode()).isEqualTo("Normal");
        assertThat(f.pages().get(0).groups()).extracting(TransparencyGroupFact::where)
                .containsExactlyInAnyOrder("page", "softmask");
        assertThat(f.pages().get(0).groups()).filteredOn(g -> g.where().equals("softmask")).singleElement()
                .satisfies(g -> {
                    assertThat(g.luminosity()).isTrue();
                    assertThat(g.colorSpace()).isEqualTo("DeviceGray");
                });
    }

    @Test
    void shadingsRecordTheirColourSpaceOverTheClip() {
        byte[] pdf = Pdfs.document().page(200, 200)
                .save().clipRect(10, 10, 50, 20)
                .axialShading(10, 0, 60, 0, Pdfs.cmyk(0, 0, 0, 0), Pdfs.cmyk(1, 0, 0, 0)).restore()
                .done().bytes();
        PaintedElement sh = only(facts(pdf), e -> e.kind() == ElementKind.SHADING);
        assertThat(sh.fill().space()).isEqualTo("DeviceCMYK");
        assertThat(sh.visibleBox().sameAs(new dev.preflight.engine.Box(10, 10, 60, 30), 1e-6)).isTrue();
    }

    @Test
    void shadingsSharingAColourSpaceEachGetItsDescriptionOnEveryPage() {
        // the walk describes a shading colour space object once per document (the builder writes one ICC RGB
        // array for all three RGB shadings): sharing must not mix the descriptions up
        byte[] pdf = Pdfs.document()
                .page(200, 200)
                .axialShading(0, 0, 10, 0, Pdfs.iccRgb(0, 0, 0), Pdfs.iccRgb(1, 0, 0))
                .axialShading(0, 0, 10, 0, Pdfs.cmyk(0, 0, 0, 0), Pdfs.cmyk(1, 0, 0, 0))
                .axialShading(0, 0, 10, 0, Pdfs.iccRgb(0, 1, 0), Pdfs.iccRgb(0, 0, 1))
                .done()
                .page(200, 200)
                .axialShading(0, 0, 10, 0, Pdfs.iccCmyk(0, 0, 0, 0), Pdfs.iccCmyk(1, 0, 0, 0))
                .axialShading(0, 0, 10, 0, Pdfs.iccRgb(0, 0, 0), Pdfs.iccRgb(1, 1, 1))
                .done().bytes();
        DocumentFacts f = facts(pdf);
        var spaces = f.pages().stream().flatMap(p -> p.elements().stream())
                .filter(e -> e.kind() == ElementKind.SHADING)
                .map(e -> e.fill().space() + (e.fill().iccSpace() == null ? "" : "(" + e.fill().iccSpace() + ")"))
                .toList();
        assertThat(spaces).containsExactly("ICCBased(RGB)", "DeviceCMYK", "ICCBased(RGB)", "ICCBased(CMYK)",
                "ICCBased(RGB)");
    }

    @Test
    void everyElementGetsTheColourSetLastEvenWhenColoursAlternate() {
        // colours are remembered per PDColor object: alternating fills and strokes must not borrow each other's
        byte[] pdf = Pdfs.document().page(200, 200)
                .fill(Pdfs.rgb(1, 0, 0)).rect(0, 0, 10, 10)
                .fill(Pdfs.rgb(0, 1, 0)).rect(20, 0, 10, 10)
                .fill(Pdfs.rgb(1, 0, 0)).rect(40, 0, 10, 10)
                .stroke(Pdfs.rgb(0, 0, 1)).line(0, 50, 100, 50)
                .fill(Pdfs.cmyk(0, 0, 0, 1)).rect(60, 0, 10, 10)
                .line(0, 60, 100, 60)
                .rect(80, 0, 10, 10)
                .done().bytes();
        var painted = elements(facts(pdf), 1).stream()
                .map(e -> e.kind() + " " + (e.fill() != null ? e.fill().space() + e.fill().values()
                        : e.stroke().space() + e.stroke().values())).toList();
        assertThat(painted).containsExactly(
                "FILL DeviceRGB[1.0, 0.0, 0.0]", "FILL DeviceRGB[0.0, 1.0, 0.0]", "FILL DeviceRGB[1.0, 0.0, 0.0]",
                "STROKE DeviceRGB[0.0, 0.0, 1.0]", "FILL DeviceCMYK[0.0, 0.0, 0.0, 1.0]",
                "STROKE DeviceRGB[0.0, 0.0, 1.0]", "FILL DeviceCMYK[0.0, 0.0, 0.0, 1.0]");
    }

    @Test
    void textOfTwoFontsWithDifferentEncodingsIsReadWithEachFont() {
        // the same byte means "A" in one font and "B" in the other (a /Differences encoding)
        var doc = Pdfs.document();
        var page = doc.page(200, 200).font(Pdfs.Font.HELVETICA).text(10, 10, 12, "A");
        var diff = new org.apache.pdfbox.cos.COSDictionary();
        diff.setItem(org.apache.pdfbox.cos.COSName.TYPE, org.apache.pdfbox.cos.COSName.FONT);
        diff.setItem(org.apache.pdfbox.cos.COSName.SUBTYPE, org.apache.pdfbox.cos.COSName.TYPE1);
        diff.setName(org.apache.pdfbox.cos.COSName.BASE_FONT, "Helvetica");
        var enc = new org.apache.pdfbox.cos.COSDictionary();
        var differences = new org.apache.pdfbox.cos.COSArray();
        differences.add(org.apache.pdfbox.cos.COSInteger.get(65));
        differences.add(org.apache.pdfbox.cos.COSName.getPDFName("B"));
        enc.setItem(org.apache.pdfbox.cos.COSName.DIFFERENCES, differences);
        diff.setItem(org.apache.pdfbox.cos.COSName.ENCODING, enc);
        var other = page.resource(org.apache.pdfbox.cos.COSName.FONT, diff, "D");
        byte[] pdf = page.raw("BT /" + other.getName() + " 12 Tf 10 30 Td (AA) Tj ET")
                .text(10, 50, 12, "A")
                .raw("BT /" + other.getName() + " 12 Tf 10 70 Td (A) Tj ET")
                .done().bytes();
        var texts = elements(facts(pdf), 1).stream().filter(e -> e.kind() == ElementKind.TEXT)
                .map(e -> e.text().text()).toList();
        assertThat(texts).containsExactly("A", "BB", "A", "B");
    }

    @Test
    void overprintFromOpAloneAppliesToFillsToo() {
        var gs = new org.apache.pdfbox.cos.COSDictionary();
        gs.setBoolean(org.apache.pdfbox.cos.COSName.OP, true);
        byte[] pdf = Pdfs.document().page(200, 200).extGState(gs).rect(0, 0, 10, 10).done().bytes();
        PaintedElement e = only(facts(pdf), x -> x.kind() == ElementKind.FILL);
        assertThat(e.overprintFill()).isTrue();
        assertThat(e.overprintStroke()).isTrue();
    }
}
