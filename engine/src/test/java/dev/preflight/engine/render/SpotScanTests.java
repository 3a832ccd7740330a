package dev.preflight.engine.render;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdfwriter.compress.CompressParameters;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a spot ink can hide from a page's own colour spaces, and what is no spot ink. Each PDF is saved and opened
 * again, once with every object written out and once with objects packed into compressed object streams (where
 * the quick name search must decode them to see anything).
 */
class SpotScanTests {

    @TempDir
    Path dir;

    /** Scans the document as saved; true per page when the page may carry a spot ink. */
    private List<Boolean> scan(PDDocument doc, boolean objectStreams) throws IOException {
        Path file = dir.resolve("scan-" + System.nanoTime() + ".pdf");
        doc.save(file.toFile(), objectStreams ? CompressParameters.DEFAULT_COMPRESSION
                : CompressParameters.NO_COMPRESSION);
        doc.close();
        try (PDDocument saved = Loader.loadPDF(file.toFile())) {
            SpotPages spots = SpotScan.scan(saved, file);
            var out = new ArrayList<Boolean>();
            for (int p = 1; p <= saved.getNumberOfPages(); p++) {
                out.add(!spots.processOnly(p));
                if (!spots.processOnly(p)) {
                    // one page on its own is walked without the document-wide name search, never less cautiously
                    assertThat(SpotScan.mayCarrySpots(saved, p)).as("page %d alone", p).isTrue();
                }
            }
            return out;
        }
    }

    /** A document whose first page's resources get {@code build}, with a plain second page. */
    private static PDDocument twoPages(Consumer<Page> build) throws IOException {
        var doc = new PDDocument();
        var first = new PDPage(new PDRectangle(100, 100));
        doc.addPage(first);
        var second = new PDPage(new PDRectangle(100, 100));
        second.getCOSObject().setItem(COSName.RESOURCES, resources("ColorSpace", dict("CS0", COSName.DEVICECMYK)));
        doc.addPage(second);
        build.accept(new Page(doc, first));
        return doc;
    }

    /** The page being built, and its document. */
    private record Page(PDDocument doc, PDPage page) {
        COSDictionary resources() {
            COSDictionary r = page.getCOSObject().getCOSDictionary(COSName.RESOURCES);
            if (r == null) {
                r = new COSDictionary();
                page.getCOSObject().setItem(COSName.RESOURCES, r);
            }
            return r;
        }
    }

    private static COSArray separation(String name) {
        try {
            return (COSArray) InkPdfs.separation(name).getCOSObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static COSArray deviceN(COSDictionary attributes, String... names) {
        var colorants = new COSArray();
        for (String n : names) {
            colorants.add(COSName.getPDFName(n));
        }
        COSArray sep = separation("x");
        var a = new COSArray();
        a.add(COSName.DEVICEN);
        a.add(colorants);
        a.add(COSName.DEVICECMYK);
        a.add(sep.get(3));
        if (attributes != null) {
            a.add(attributes);
        }
        return a;
    }

    private static COSDictionary dict(Object... kv) {
        var d = new COSDictionary();
        for (int i = 0; i < kv.length; i += 2) {
            d.setItem(COSName.getPDFName((String) kv[i]), (COSBase) kv[i + 1]);
        }
        return d;
    }

    private static COSDictionary resources(String kind, COSDictionary entries) {
        return dict(kind, entries);
    }

    /** A form XObject with the given resources. */
    private static COSStream form(PDDocument doc, COSDictionary resources) {
        COSStream s = doc.getDocument().createCOSStream();
        s.setItem(COSName.TYPE, COSName.XOBJECT);
        s.setItem(COSName.SUBTYPE, COSName.FORM);
        s.setItem(COSName.BBOX, new PDRectangle(10, 10).getCOSArray());
        if (resources != null) {
            s.setItem(COSName.RESOURCES, resources);
        }
        write(s, "0 0 10 10 re f");
        return s;
    }

    private static void write(COSStream s, String content) {
        try (OutputStream out = s.createOutputStream()) {
            out.write(content.getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static COSDictionary axialShading(COSBase colorSpace) {
        COSArray sep = separation("x");
        var coords = new COSArray();
        for (float f : new float[] {0, 0, 10, 0}) {
            coords.add(new COSFloat(f));
        }
        return dict("ShadingType", COSInteger.get(2), "ColorSpace", colorSpace, "Coords", coords,
                "Function", sep.get(3));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aSpotInAFormXObjectInsideAFormIsFound(boolean objectStreams) throws IOException {
        PDDocument doc = twoPages(p -> {
            COSStream inner = form(p.doc(), resources("ColorSpace", dict("CS0", separation("Gold"))));
            COSStream outer = form(p.doc(), resources("XObject", dict("Fm1", inner)));
            p.resources().setItem(COSName.XOBJECT, dict("Fm0", outer));
        });

        assertThat(scan(doc, objectStreams)).containsExactly(true, false);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aSpotInATilingPatternsResourcesIsFound(boolean objectStreams) throws IOException {
        PDDocument doc = twoPages(p -> {
            COSStream pattern = form(p.doc(), resources("ColorSpace", dict("CS0", separation("Silver"))));
            pattern.setItem(COSName.TYPE, COSName.PATTERN);
            pattern.removeItem(COSName.SUBTYPE);
            pattern.setInt(COSName.PATTERN_TYPE, 1);
            p.resources().setItem(COSName.PATTERN, dict("P0", pattern));
        });

        assertThat(scan(doc, objectStreams)).containsExactly(true, false);
    }

    @Test
    void aSpotInAShadingPatternIsFound() throws IOException {
        PDDocument doc = twoPages(p -> p.resources().setItem(COSName.PATTERN, dict("P0",
                dict("PatternType", COSInteger.TWO, "Shading", axialShading(separation("Varnish"))))));

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @Test
    void aSpotShadingPaintedWithShIsFound() throws IOException {
        PDDocument doc = twoPages(p -> p.resources().setItem(COSName.SHADING,
                dict("Sh0", axialShading(separation("Varnish")))));

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"N", "D", "R"})
    void aSpotInAnyAppearanceOfAnAnnotationIsFoundWhateverItsCurrentState(String appearance)
            throws IOException {
        PDDocument doc = twoPages(p -> {
            COSStream on = form(p.doc(), null);
            COSStream off = form(p.doc(), resources("ColorSpace", dict("CS0", separation("Gold"))));
            // the spot is only in the state that is not shown (/AS /On), of the appearance under test
            COSDictionary states = dict("On", on, "Off", off);
            COSDictionary ap = dict(appearance, states);
            if (!appearance.equals("N")) {
                ap.setItem(COSName.N, on);
            }
            COSDictionary annot = dict("Type", COSName.ANNOT, "Subtype", COSName.getPDFName("Widget"),
                    "Rect", new PDRectangle(10, 10).getCOSArray(), "AS", COSName.getPDFName("On"), "AP", ap,
                    "P", p.page().getCOSObject());
            var annots = new COSArray();
            annots.add(annot);
            p.page().getCOSObject().setItem(COSName.ANNOTS, annots);
        });

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @Test
    void anAnnotationWithoutAppearanceOrWithAProcessAppearanceIsNoSpot() throws IOException {
        PDDocument doc = twoPages(p -> {
            var annots = new COSArray();
            annots.add(dict("Type", COSName.ANNOT, "Subtype", COSName.LINK,
                    "Rect", new PDRectangle(10, 10).getCOSArray(), "C", new COSArray(List.of(COSInteger.ONE,
                            COSInteger.ZERO, COSInteger.ZERO)), "P", p.page().getCOSObject()));
            annots.add(dict("Type", COSName.ANNOT, "Subtype", COSName.getPDFName("Square"), "Rect",
                    new PDRectangle(10, 10).getCOSArray(), "AP", dict("N", form(p.doc(),
                            resources("ColorSpace", dict("CS0", COSName.DEVICECMYK))))));
            p.page().getCOSObject().setItem(COSName.ANNOTS, annots);
        });

        assertThat(scan(doc, false)).containsExactly(false, false);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aSpotInATypeThreeGlyphsResourcesIsFound(boolean objectStreams) throws IOException {
        PDDocument doc = twoPages(p -> {
            COSStream glyph = p.doc().getDocument().createCOSStream();
            write(glyph, "0 0 0 0 d0 /CS0 cs 1 scn 0 0 1 1 re f");
            COSDictionary font = dict("Type", COSName.FONT, "Subtype", COSName.getPDFName("Type3"),
                    "FontBBox", new PDRectangle(1, 1).getCOSArray(), "CharProcs", dict("a", glyph),
                    "Resources", resources("ColorSpace", dict("CS0", separation("Glyph Ink"))));
            p.resources().setItem(COSName.FONT, dict("T3", font));
        });

        assertThat(scan(doc, objectStreams)).containsExactly(true, false);
    }

    @Test
    void anIndexedSpaceOverASeparationIsFound() throws IOException {
        PDDocument doc = twoPages(p -> {
            var indexed = new COSArray();
            indexed.add(COSName.INDEXED);
            indexed.add(separation("Copper"));
            indexed.add(COSInteger.ONE);
            indexed.add(new COSString(new byte[] {0, (byte) 255}));
            p.resources().setItem(COSName.COLORSPACE, dict("CS0", indexed));
        });

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @Test
    void anImageInASeparationSpaceIsFound() throws IOException {
        PDDocument doc = twoPages(p -> {
            COSStream image = p.doc().getDocument().createCOSStream();
            image.setItem(COSName.TYPE, COSName.XOBJECT);
            image.setItem(COSName.SUBTYPE, COSName.IMAGE);
            image.setInt(COSName.WIDTH, 1);
            image.setInt(COSName.HEIGHT, 1);
            image.setInt(COSName.BITS_PER_COMPONENT, 8);
            image.setItem(COSName.COLORSPACE, separation("Image Ink"));
            write(image, "\u00ff");
            p.resources().setItem(COSName.XOBJECT, dict("Im0", image));
        });

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @Test
    void anInlineImageNamingASpotColourSpaceOfTheResourcesIsFound() throws IOException {
        // the content paints an inline image in /CS0; the scan never reads content, but CS0 is in the resources
        PDDocument doc = twoPages(p -> {
            p.resources().setItem(COSName.COLORSPACE, dict("CS0", separation("Inline Ink")));
            COSStream content = p.doc().getDocument().createCOSStream();
            write(content, "q 10 0 0 10 0 0 cm BI /W 1 /H 1 /CS /CS0 /BPC 8 ID \u00ff EI Q");
            p.page().getCOSObject().setItem(COSName.CONTENTS, content);
        });

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @Test
    void aSpotInASoftMaskGroupOfAGraphicsStateIsFound() throws IOException {
        PDDocument doc = twoPages(p -> {
            COSStream group = form(p.doc(), resources("ColorSpace", dict("CS0", separation("Mask Ink"))));
            group.setItem(COSName.GROUP, dict("S", COSName.TRANSPARENCY));
            p.resources().setItem(COSName.EXT_G_STATE, dict("GS0",
                    dict("Type", COSName.EXT_G_STATE, "SMask", dict("S", COSName.LUMINOSITY, "G", group))));
        });

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @Test
    void resourcesInheritedFromThePageTreeAreScanned() throws IOException {
        var doc = new PDDocument();
        doc.addPage(new PDPage(new PDRectangle(100, 100)));
        doc.getPages().getCOSObject().setItem(COSName.RESOURCES,
                resources("ColorSpace", dict("CS0", separation("Inherited"))));

        assertThat(scan(doc, false)).containsExactly(true);
    }

    @Test
    void aSpotOnlyInTheColorantsOfADeviceNsAttributesCountsAsSpot() throws IOException {
        // what a DeviceN names is process only, but its attributes describe a spot ink: conservatively a spot
        COSDictionary attributes = dict("Subtype", COSName.getPDFName("NChannel"),
                "Colorants", dict("Orange", separation("Orange")));
        PDDocument doc = twoPages(p -> p.resources().setItem(COSName.COLORSPACE,
                dict("CS0", deviceN(attributes, "Cyan", "Magenta"))));

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void processColorantsAllAndNoneAreNoSpotInks(boolean objectStreams) throws IOException {
        PDDocument doc = twoPages(p -> p.resources().setItem(COSName.COLORSPACE, dict(
                "CS0", deviceN(null, "Cyan", "Magenta", "Yellow", "Black", "None"),
                "CS1", separation("All"), "CS2", separation("None"), "CS3", separation("Cyan"),
                "CS4", separation("Black"))));

        assertThat(scan(doc, objectStreams)).containsExactly(false, false);
    }

    @Test
    void processNamesAreCaseSensitiveAsGhostscriptReadsThem() throws IOException {
        PDDocument doc = twoPages(p -> p.resources().setItem(COSName.COLORSPACE,
                dict("CS0", separation("cyan"))));

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @Test
    void aMalformedSeparationMayCarryASpot() throws IOException {
        PDDocument doc = twoPages(p -> {
            COSArray bad = separation("x");
            bad.set(1, COSInteger.get(7));
            p.resources().setItem(COSName.COLORSPACE, dict("CS0", bad));
        });

        assertThat(scan(doc, false)).containsExactly(true, false);
    }

    @Test
    void cyclesEndTheWalkAndWhatIsRememberedFromOnePageHoldsOnTheNext() throws IOException {
        var doc = new PDDocument();
        COSStream self = form(doc, null);
        self.setItem(COSName.RESOURCES, resources("XObject", dict("Me", self)));
        // x and y draw each other; y also draws a spot
        COSStream spotty = form(doc, resources("ColorSpace", dict("CS0", separation("Gold"))));
        COSStream x = form(doc, null);
        COSStream y = form(doc, resources("XObject", dict("X", x, "S", spotty)));
        x.setItem(COSName.RESOURCES, resources("XObject", dict("Y", y)));
        // u and v draw each other and nothing else
        COSStream u = form(doc, null);
        COSStream v = form(doc, resources("XObject", dict("U", u)));
        u.setItem(COSName.RESOURCES, resources("XObject", dict("V", v)));
        for (COSStream f : new COSStream[] {self, x, y, u, v, self}) {
            var page = new PDPage(new PDRectangle(100, 100));
            page.getCOSObject().setItem(COSName.RESOURCES, resources("XObject", dict("Fm0", f)));
            doc.addPage(page);
        }

        assertThat(scan(doc, false)).containsExactly(false, true, true, false, false, false);
    }

    @Test
    void nestingDeeperThanTheBoundMayCarryASpot() throws IOException {
        var doc = new PDDocument();
        COSStream inner = form(doc, null);
        for (int i = 0; i < SpotScan.MAX_DEPTH; i++) {
            inner = form(doc, resources("XObject", dict("Fm", inner)));
        }
        var page = new PDPage(new PDRectangle(100, 100));
        page.getCOSObject().setItem(COSName.RESOURCES, resources("XObject", dict("Fm0", inner)));
        doc.addPage(page);
        // a spot elsewhere, so that the document-wide name search cannot rule the first page out
        var spotPage = new PDPage(new PDRectangle(100, 100));
        spotPage.getCOSObject().setItem(COSName.RESOURCES, resources("ColorSpace", dict("CS0", separation("Gold"))));
        doc.addPage(spotPage);

        assertThat(scan(doc, false)).containsExactly(true, true);
    }

    @Test
    void aDocumentThatNamesNoSeparationOrDeviceNHasOnlyProcessPagesHoweverDeepItsResources() throws IOException {
        var doc = new PDDocument();
        COSStream inner = form(doc, null);
        for (int i = 0; i < SpotScan.MAX_DEPTH; i++) {
            inner = form(doc, resources("XObject", dict("Fm", inner)));
        }
        var page = new PDPage(new PDRectangle(100, 100));
        page.getCOSObject().setItem(COSName.RESOURCES, resources("XObject", dict("Fm0", inner)));
        doc.addPage(page);

        assertThat(scan(doc, true)).containsExactly(false);
    }

    @Test
    void theNameSearchReadsEscapedNamesAndNamesAcrossChunkBoundaries() throws IOException {
        assertThat(NameSearch.found(in("<< /ColorSpace [/Sep#61ration /Gold /DeviceCMYK 5 0 R] >>"))).isTrue();
        assertThat(NameSearch.found(in("[/#44eviceN [/Cyan] /DeviceCMYK 5 0 R]"))).isTrue();
        assertThat(NameSearch.found(in("/DeviceNothing /SeparationX /Separatio /DeviceCMYK"))).isFalse();
        assertThat(NameSearch.found(in("(Separation) DeviceN"))).isFalse();
        for (int at : new int[] {(1 << 20) - 130, (1 << 20) - 5, (1 << 20) - 1, 1 << 20, (1 << 20) + 3}) {
            byte[] big = new byte[(1 << 20) + 4096];
            java.util.Arrays.fill(big, (byte) ' ');
            byte[] name = "/Separation ".getBytes(StandardCharsets.ISO_8859_1);
            System.arraycopy(name, 0, big, at, name.length);
            assertThat(NameSearch.found(new ByteArrayInputStream(big))).as("name at %d", at).isTrue();
        }
    }

    private static ByteArrayInputStream in(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
    }
}
