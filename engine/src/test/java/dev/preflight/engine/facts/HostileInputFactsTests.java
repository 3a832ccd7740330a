package dev.preflight.engine.facts;

import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static dev.preflight.engine.facts.FactsFixture.elements;
import static dev.preflight.engine.facts.FactsFixture.facts;
import static dev.preflight.engine.facts.FactsFixture.only;
import static org.assertj.core.api.Assertions.assertThat;

class HostileInputFactsTests {

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static COSArray ints(int... v) {
        COSArray a = new COSArray();
        for (int i : v) {
            a.add(COSInteger.get(i));
        }
        return a;
    }

    private static COSStream form(Pdfs.Doc doc, String content) {
        COSStream s = doc.stream(ascii(content), false);
        s.setItem(COSName.TYPE, COSName.XOBJECT);
        s.setItem(COSName.SUBTYPE, COSName.FORM);
        s.setItem(COSName.BBOX, ints(0, 0, 100, 100));
        return s;
    }

    @Test
    void badOperatorsAndMissingResourcesBecomeContentProblems() {
        byte[] pdf = Pdfs.document().page(200, 200).rawContent(ascii(
                "q q Q Q Q Q /Nope Do /F9 12 Tf BT (x) Tj ET /GSx gs /OC /Missing BDC EMC EMC "
                        + "1 2 re f /Sh9 sh 0 0 10 10 re f (unterminated"))
                .done().bytes();
        DocumentFacts f = facts(pdf);
        var problems = f.pages().get(0).contentProblems();
        assertThat(problems).anyMatch(p -> p.contains("/Nope"));
        assertThat(problems).anyMatch(p -> p.contains("/F9"));
        assertThat(problems).anyMatch(p -> p.contains("/GSx"));
        assertThat(problems).anyMatch(p -> p.contains("/Missing"));
        assertThat(problems).anyMatch(p -> p.contains("/Sh9"));
        assertThat(elements(f, 1)).anyMatch(e -> e.kind() == ElementKind.FILL);
    }

    @Test
    void aFormThatDrawsItselfIsSkippedWithAProblem() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        COSStream self = form(doc, "0 0 10 10 re f /X Do");
        COSDictionary xo = new COSDictionary();
        xo.setItem(COSName.getPDFName("X"), self);
        COSDictionary res = new COSDictionary();
        res.setItem(COSName.XOBJECT, xo);
        self.setItem(COSName.RESOURCES, res);
        COSName n = page.resource(COSName.XOBJECT, self, "Fm");
        page.rawContent(ascii("/" + n.getName() + " Do"));
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.pages().get(0).contentProblems()).anyMatch(p -> p.contains("cycle"));
        assertThat(elements(f, 1)).hasSize(1);
    }

    @Test
    @Timeout(30)
    void deeplyNestedFormsStopAtTheDepthLimit() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        COSStream inner = form(doc, "0 0 1 1 re f");
        for (int i = 0; i < 200; i++) {
            COSStream outer = form(doc, "/X Do");
            COSDictionary xo = new COSDictionary();
            xo.setItem(COSName.getPDFName("X"), inner);
            COSDictionary res = new COSDictionary();
            res.setItem(COSName.XOBJECT, xo);
            outer.setItem(COSName.RESOURCES, res);
            inner = outer;
        }
        COSName n = page.resource(COSName.XOBJECT, inner, "Fm");
        page.rawContent(ascii("/" + n.getName() + " Do"));
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.pages().get(0).contentProblems()).anyMatch(p -> p.contains("deeper than"));
        assertThat(elements(f, 1)).isEmpty();
    }

    @Test
    void type3GlyphsArePaintedAndMissingGlyphsCounted() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        COSStream proc = doc.stream(ascii("1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f"), false);
        COSDictionary procs = new COSDictionary();
        procs.setItem(COSName.getPDFName("a"), proc);
        COSDictionary enc = new COSDictionary();
        enc.setItem(COSName.TYPE, COSName.ENCODING);
        COSArray diff = new COSArray();
        diff.add(COSInteger.get(32));
        diff.add(COSName.getPDFName("space"));
        diff.add(COSInteger.get(97));
        diff.add(COSName.getPDFName("a"));
        diff.add(COSName.getPDFName("b"));
        enc.setItem(COSName.DIFFERENCES, diff);
        COSDictionary t3 = new COSDictionary();
        t3.setItem(COSName.TYPE, COSName.FONT);
        t3.setItem(COSName.SUBTYPE, COSName.TYPE3);
        t3.setItem(COSName.FONT_BBOX, ints(0, 0, 1000, 1000));
        COSArray fm = new COSArray();
        for (float v : new float[] {0.001f, 0, 0, 0.001f, 0, 0}) {
            fm.add(new org.apache.pdfbox.cos.COSFloat(v));
        }
        t3.setItem(COSName.FONT_MATRIX, fm);
        t3.setItem(COSName.CHAR_PROCS, procs);
        t3.setItem(COSName.ENCODING, enc);
        t3.setInt(COSName.FIRST_CHAR, 97);
        t3.setInt(COSName.LAST_CHAR, 98);
        t3.setItem(COSName.WIDTHS, ints(1000, 1000));
        t3.setItem(COSName.RESOURCES, new COSDictionary());
        COSName fn = page.resource(COSName.FONT, t3, "T");
        page.rawContent(ascii("0 0 1 rg BT /" + fn.getName() + " 10 Tf 20 20 Td (a b) Tj ET"));
        DocumentFacts f = facts(doc.bytes());
        PaintedElement text = only(f, e -> e.kind() == ElementKind.TEXT);
        assertThat(text.text().glyphCount()).isEqualTo(3);
        assertThat(text.bbox().sameAs(new dev.preflight.engine.Box(20, 20, 40, 30), 1e-3)).isTrue();
        PaintedElement glyph = only(f, e -> e.kind() == ElementKind.FILL);
        assertThat(glyph.context()).startsWith("type3:");
        assertThat(glyph.bbox().sameAs(new dev.preflight.engine.Box(20, 20, 30, 30), 1e-3)).isTrue();
        assertThat(glyph.fill().space()).isEqualTo("DeviceRGB");
        FontFact font = f.fonts().get(0);
        assertThat(font.type()).isEqualTo("Type3");
        assertThat(font.embedded()).isTrue();
        assertThat(font.glyphsUsed()).isEqualTo(3);
        // 'b' has no glyph procedure; the space has none either, but a missing space draws nothing anyway
        assertThat(font.glyphsMissing()).isEqualTo(1);
    }

    @Test
    void tilingPatternContentIsRecordedOverTheFilledArea() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        COSStream pat = doc.stream(ascii("1 0 0 rg 0 0 5 5 re f"), false);
        pat.setItem(COSName.TYPE, COSName.PATTERN);
        pat.setInt(COSName.PATTERN_TYPE, 1);
        pat.setInt(COSName.PAINT_TYPE, 1);
        pat.setInt(COSName.TILING_TYPE, 1);
        pat.setItem(COSName.BBOX, ints(0, 0, 10, 10));
        pat.setInt(COSName.X_STEP, 10);
        pat.setInt(COSName.Y_STEP, 10);
        pat.setItem(COSName.RESOURCES, new COSDictionary());
        COSName pn = page.resource(COSName.PATTERN, pat, "P");
        page.rawContent(ascii("/Pattern cs /" + pn.getName() + " scn 0 0 100 100 re f"));
        DocumentFacts f = facts(doc.bytes());
        var els = elements(f, 1);
        assertThat(els).hasSize(2);
        assertThat(els.get(0).fill().space()).isEqualTo("Pattern");
        assertThat(els.get(1).context()).startsWith("pattern:");
        assertThat(els.get(1).fill().isRgb()).isTrue();
        assertThat(els.get(1).bbox().sameAs(new dev.preflight.engine.Box(0, 0, 100, 100), 1e-3)).isTrue();
    }

    @Test
    void patternsInAScaledFormLiveInTheFormsSpace() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        var img = page.imageObject(Pdfs.image(10, 10).gray());
        COSStream pat = doc.stream(ascii("q 10 0 0 10 0 0 cm /Im1 Do Q"), false);
        pat.setItem(COSName.TYPE, COSName.PATTERN);
        pat.setInt(COSName.PATTERN_TYPE, 1);
        pat.setInt(COSName.PAINT_TYPE, 1);
        pat.setInt(COSName.TILING_TYPE, 1);
        pat.setItem(COSName.BBOX, ints(0, 0, 10, 10));
        pat.setInt(COSName.X_STEP, 10);
        pat.setInt(COSName.Y_STEP, 10);
        COSDictionary patRes = new COSDictionary();
        COSDictionary xo = new COSDictionary();
        xo.setItem(COSName.getPDFName("Im1"), img.getCOSObject());
        patRes.setItem(COSName.XOBJECT, xo);
        pat.setItem(COSName.RESOURCES, patRes);
        page.transform(2, 0, 0, 2, 0, 0).form(50, 50, f -> {
            COSName pn = f.resource(COSName.PATTERN, pat, "P");
            f.raw("/Pattern cs /" + pn.getName() + " scn 0 0 40 40 re f");
        });
        DocumentFacts facts = facts(doc.bytes());
        PaintedElement placed = only(facts, e -> e.kind() == ElementKind.IMAGE);
        assertThat(placed.context()).startsWith("pattern:");
        assertThat(placed.image().placedWidthPt()).isCloseTo(20, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(placed.image().ppiX()).isCloseTo(36, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(placed.bbox().sameAs(new dev.preflight.engine.Box(0, 0, 80, 80), 1e-3)).isTrue();
    }

    @Test
    void aGarbageFontProgramIsADamagedFontNotAnException() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        COSStream program = doc.stream(ascii("this is not a TrueType font at all"), false);
        COSDictionary fd = new COSDictionary();
        fd.setItem(COSName.TYPE, COSName.FONT_DESC);
        fd.setName(COSName.FONT_NAME, "Broken");
        fd.setInt(COSName.FLAGS, 32);
        fd.setItem(COSName.FONT_FILE2, program);
        COSDictionary font = new COSDictionary();
        font.setItem(COSName.TYPE, COSName.FONT);
        font.setItem(COSName.SUBTYPE, COSName.TRUE_TYPE);
        font.setName(COSName.BASE_FONT, "Broken");
        font.setItem(COSName.FONT_DESC, fd);
        font.setInt(COSName.FIRST_CHAR, 32);
        font.setInt(COSName.LAST_CHAR, 126);
        COSArray widths = new COSArray();
        for (int i = 32; i <= 126; i++) {
            widths.add(COSInteger.get(500));
        }
        font.setItem(COSName.WIDTHS, widths);
        COSName fn = page.resource(COSName.FONT, font, "F");
        page.rawContent(ascii("BT /" + fn.getName() + " 10 Tf 20 20 Td (abc) Tj ET"));
        FontFact ff = facts(doc.bytes()).fonts().get(0);
        assertThat(ff.damaged()).isTrue();
        assertThat(ff.problem()).isNotBlank();
        assertThat(ff.fontFileType()).isEqualTo("FontFile2");
    }

    @Test
    void textInAFontThatCannotBeLoadedBelongsToThatFont() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        COSDictionary font = new COSDictionary();
        font.setItem(COSName.TYPE, COSName.FONT);
        font.setItem(COSName.SUBTYPE, COSName.TYPE0);
        font.setName(COSName.BASE_FONT, "NoDescendants");
        font.setItem(COSName.ENCODING, COSName.IDENTITY_H);
        COSName fn = page.resource(COSName.FONT, font, "F");
        page.rawContent(ascii("BT /" + fn.getName() + " 10 Tf 20 20 Td (ab) Tj ET"));
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.fonts()).singleElement().satisfies(ff -> {
            assertThat(ff.name()).isEqualTo("NoDescendants");
            assertThat(ff.damaged()).isTrue();
            assertThat(ff.pages()).containsExactly(1);
            assertThat(ff.glyphsUsed()).isPositive();
        });
        PaintedElement t = only(f, e -> e.kind() == ElementKind.TEXT);
        assertThat(t.text().fontObjectId()).isEqualTo(f.fonts().get(0).objectId());
        assertThat(t.text().fontName()).isEqualTo("NoDescendants");
        assertThat(f.pages().get(0).contentProblems()).anyMatch(p -> p.contains("Tf"));
    }

    @Test
    void aJpegWithoutItsSignatureIsADocumentProblem() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        COSStream img = doc.stream(ascii("wwwwwwwwwwww not a jpeg"), false);
        img.setItem(COSName.TYPE, COSName.XOBJECT);
        img.setItem(COSName.SUBTYPE, COSName.IMAGE);
        img.setInt(COSName.WIDTH, 10);
        img.setInt(COSName.HEIGHT, 10);
        img.setInt(COSName.BITS_PER_COMPONENT, 8);
        img.setItem(COSName.COLORSPACE, COSName.DEVICERGB);
        img.setItem(COSName.FILTER, COSName.DCT_DECODE);
        COSName n = page.resource(COSName.XOBJECT, img, "Im");
        page.rawContent(ascii("q 10 0 0 10 0 0 cm /" + n.getName() + " Do Q"));
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.problems()).anyMatch(p -> p.contains("JPEG signature"));
        assertThat(f.images().get(0).jpeg()).isTrue();
    }

    @Test
    void hugeDeclaredImagesAreNotDecoded() {
        var doc = Pdfs.document();
        var page = doc.page(200, 200);
        COSStream img = doc.stream(new byte[64], true);
        img.setItem(COSName.TYPE, COSName.XOBJECT);
        img.setItem(COSName.SUBTYPE, COSName.IMAGE);
        img.setInt(COSName.WIDTH, 100_000);
        img.setInt(COSName.HEIGHT, 100_000);
        img.setInt(COSName.BITS_PER_COMPONENT, 8);
        img.setItem(COSName.COLORSPACE, COSName.DEVICERGB);
        COSName n = page.resource(COSName.XOBJECT, img, "Im");
        page.rawContent(ascii("q 100 0 0 100 0 0 cm /" + n.getName() + " Do Q"));
        DocumentFacts f = facts(doc.bytes());
        ImageFact fact = f.images().get(0);
        assertThat(fact.upsampleFactor()).isNull();
        assertThat(elements(f, 1).get(0).image().ppiX()).isCloseTo(72_000, org.assertj.core.api.Assertions.within(1.0));
    }

    @Test
    void malformedDocumentDictionariesAreProblemsNotFailures() {
        var doc = Pdfs.document();
        doc.page(200, 200).rect(0, 0, 10, 10);
        COSDictionary cat = doc.catalog();
        cat.setItem(COSName.OUTPUT_INTENTS, COSName.getPDFName("NotAnArray"));
        COSDictionary ocp = new COSDictionary();
        ocp.setItem(COSName.OCGS, COSInteger.get(7));
        ocp.setItem(COSName.D, COSInteger.get(1));
        cat.setItem(COSName.OCPROPERTIES, ocp);
        COSDictionary names = new COSDictionary();
        COSDictionary js = new COSDictionary();
        COSArray bogus = new COSArray();
        bogus.add(COSInteger.get(1));
        bogus.add(COSName.getPDFName("x"));
        bogus.add(new org.apache.pdfbox.cos.COSString("odd"));
        js.setItem(COSName.NAMES, bogus);
        js.setItem(COSName.KIDS, js);
        names.setItem(COSName.JAVA_SCRIPT, js);
        cat.setItem(COSName.NAMES, names);
        cat.setItem(COSName.METADATA, COSInteger.get(3));
        DocumentFacts f = facts(doc.bytes());
        assertThat(f.problems()).anyMatch(p -> p.contains("OutputIntents"));
        assertThat(f.optionalContent().present()).isTrue();
        assertThat(f.optionalContent().groups()).isEmpty();
        assertThat(f.actions()).isEmpty();
        assertThat(f.document().xmp().parseProblem()).isNotNull();
        assertThat(elements(f, 1)).hasSize(1);
    }

    @Test
    void aBrokenXrefIsReportedAsRepaired() {
        byte[] pdf = Pdfs.document().page(200, 200).rect(0, 0, 10, 10).done().bytes();
        String s = new String(pdf, StandardCharsets.ISO_8859_1);
        int at = s.lastIndexOf("startxref");
        String broken = s.substring(0, at) + "startxref\n17\n%%EOF\n";
        DocumentFacts f = facts(broken.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(f.document().repaired()).isTrue();
        assertThat(f.document().repairNotes()).isNotEmpty();
        assertThat(elements(f, 1)).hasSize(1);
    }

    @Test
    void aCorruptedXrefEntryIsReportedAsRepaired() {
        byte[] pdf = Pdfs.document().classicXref().page(200, 200).rect(0, 0, 10, 10).done().bytes();
        String s = new String(pdf, StandardCharsets.ISO_8859_1);
        int xref = s.lastIndexOf("\nxref");
        int entry = s.indexOf(" 00000 n", xref) - 10;
        String broken = s.substring(0, entry) + "0000000001" + s.substring(entry + 10);
        DocumentFacts f = facts(broken.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(f.document().repaired()).isTrue();
        assertThat(f.pages()).hasSize(1);
    }

    @Test
    void aSoundFileIsNotRepaired() {
        byte[] pdf = Pdfs.document().page(200, 200).rect(0, 0, 10, 10).done().bytes();
        assertThat(facts(pdf).document().repaired()).isFalse();
    }

    @Test
    void aTruncatedFileEitherOpensWithRepairOrIsUnreadable() {
        byte[] pdf = Pdfs.document().page(200, 200).text(10, 10, 12, "truncated").rect(0, 0, 10, 10).done().bytes();
        byte[] cut = Arrays.copyOf(pdf, pdf.length * 2 / 3);
        try {
            DocumentFacts f = facts(cut);
            assertThat(f.document().repaired()).isTrue();
        } catch (IllegalStateException e) {
            assertThat(e.getCause()).isInstanceOf(UnreadablePdfException.class);
        }
    }
}
