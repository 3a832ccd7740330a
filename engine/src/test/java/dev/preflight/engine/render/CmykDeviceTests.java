package dev.preflight.engine.render;

import dev.preflight.engine.DocumentGeometry;
import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.view.Channel;
import dev.preflight.engine.view.SeparationPage;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CMYK device renders what tiffsep renders on pages without spot inks: each page here is rendered by both and
 * their four process plates compared pixel by pixel. Where the devices' colour pipelines differ (colours converted
 * from RGB or Lab through ICC), they differ by one 8-bit step at most.
 */
@Tag("ghostscript")
class CmykDeviceTests {

    private static final int DPI = 72;

    @TempDir
    Path dir;

    /** Pixels that differ and the largest difference, over the four process plates. */
    private record Difference(long pixels, int max, SeparationPage cmyk, SeparationPage tiffsep) {
    }

    private Difference bothDevices(Path pdf) throws Exception {
        var renderer = new SeparationRenderer(new Ghostscript("gs"), dir.resolve("scratch"), Duration.ofSeconds(60));
        PageGeometry page = DocumentGeometry.read(pdf, 1 << 26).pages().getFirst();
        SeparationPage cmyk = renderer.render(pdf, page, DPI, false);
        SeparationPage tiffsep = renderer.render(pdf, page, DPI, true);
        assertThat(tiffsep.channels()).extracting(Channel::name).containsExactlyElementsOf(SeparationPage.PROCESS_INKS);
        assertThat(cmyk.channels()).extracting(Channel::name).containsExactlyElementsOf(SeparationPage.PROCESS_INKS);
        assertThat(cmyk.width()).isEqualTo(tiffsep.width());
        assertThat(cmyk.height()).isEqualTo(tiffsep.height());
        long pixels = 0;
        int max = 0;
        for (int c = 0; c < 4; c++) {
            byte[] a = cmyk.channels().get(c).plane();
            byte[] b = tiffsep.channels().get(c).plane();
            for (int i = 0; i < a.length; i++) {
                int d = Math.abs((a[i] & 0xff) - (b[i] & 0xff));
                if (d != 0) {
                    pixels++;
                    max = Math.max(max, d);
                }
            }
        }
        return new Difference(pixels, max, cmyk, tiffsep);
    }

    /** A 200 x 100 pt page with the given content and resources, and optionally annotations. */
    private Path page(String name, String content, COSDictionary resources, COSArray annots) throws IOException {
        try (var doc = new PDDocument()) {
            var page = new PDPage(new PDRectangle(200, 100));
            doc.addPage(page);
            COSStream stream = doc.getDocument().createCOSStream();
            write(stream, content);
            page.getCOSObject().setItem(COSName.CONTENTS, stream);
            if (resources != null) {
                page.getCOSObject().setItem(COSName.RESOURCES, resources);
            }
            if (annots != null) {
                page.getCOSObject().setItem(COSName.ANNOTS, annots);
            }
            Path file = dir.resolve(name + ".pdf");
            doc.save(file.toFile());
            return file;
        }
    }

    private static void write(COSStream s, String content) throws IOException {
        try (OutputStream out = s.createOutputStream()) {
            out.write(content.getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    private static COSDictionary dict(Object... kv) {
        var d = new COSDictionary();
        for (int i = 0; i < kv.length; i += 2) {
            d.setItem(COSName.getPDFName((String) kv[i]), (COSBase) kv[i + 1]);
        }
        return d;
    }

    private static COSArray numbers(float... values) {
        var a = new COSArray();
        for (float v : values) {
            a.add(new COSFloat(v));
        }
        return a;
    }

    @Test
    void overprintingProcessColoursGiveTheSamePlates() throws Exception {
        COSDictionary overprint = dict("OP", org.apache.pdfbox.cos.COSBoolean.TRUE,
                "op", org.apache.pdfbox.cos.COSBoolean.TRUE, "OPM", org.apache.pdfbox.cos.COSInteger.ONE);
        Path pdf = page("overprint", "0.8 0 0 0 k 10 10 120 80 re f /GS0 gs 0 0.6 0 0.3 k 60 20 120 60 re f "
                + "0 0 0.5 0 k 150 50 40 40 re f", dict("ExtGState", dict("GS0", overprint)), null);

        Difference d = bothDevices(pdf);

        assertThat(d.pixels()).isZero();
        // the overprinting fill kept the cyan below it (OPM 1: zero components do not knock out)
        assertThat(d.cmyk().channel("Cyan").ink(80, 50)).isEqualTo(204);
        assertThat(d.cmyk().channel("Magenta").ink(80, 50)).isEqualTo(153);
    }

    @Test
    void transparencyInCmykGivesTheSamePlates() throws Exception {
        COSDictionary half = dict("ca", new COSFloat(0.5f), "CA", new COSFloat(0.5f), "BM", COSName.MULTIPLY);
        Path pdf = page("transparency", "0 0 1 0 k 10 10 120 80 re f /GS0 gs 1 0 0 0.2 k 60 20 120 60 re f",
                dict("ExtGState", dict("GS0", half)), null);

        Difference d = bothDevices(pdf);

        assertThat(d.pixels()).isZero();
        assertThat(d.cmyk().channel("Cyan").ink(100, 50)).isBetween(126, 129);
    }

    @Test
    void separationCyanAndProcessOnlyDeviceNPaintTheirPlatesNotTheirAlternates() throws Exception {
        // both tint transforms lie (Cyan's alternate is an orange, the DeviceN's swaps its inks): the plates named
        // by the colorants are painted directly, by both devices
        COSArray cyan = (COSArray) InkPdfs.separation("Cyan").getCOSObject();
        var colorants = new COSArray();
        colorants.add(COSName.getPDFName("Magenta"));
        colorants.add(COSName.getPDFName("Black"));
        var deviceN = new COSArray();
        deviceN.add(COSName.DEVICEN);
        deviceN.add(colorants);
        deviceN.add(COSName.DEVICECMYK);
        Path pdf;
        try (var doc = new PDDocument()) {
            COSStream tint = doc.getDocument().createCOSStream();
            tint.setItem(COSName.FUNCTION_TYPE, org.apache.pdfbox.cos.COSInteger.get(4));
            tint.setItem(COSName.DOMAIN, numbers(0, 1, 0, 1));
            tint.setItem(COSName.RANGE, numbers(0, 1, 0, 1, 0, 1, 0, 1));
            // (m, k) -> (0, k, 0, m): magenta and black swapped
            write(tint, "{ exch 0 3 1 roll 0 exch }");
            deviceN.add(tint);
            var page = new PDPage(new PDRectangle(200, 100));
            doc.addPage(page);
            COSStream content = doc.getDocument().createCOSStream();
            write(content, "/CS0 cs 0.7 scn 10 10 80 80 re f /CS1 cs 0.4 1 scn 100 10 80 80 re f");
            page.getCOSObject().setItem(COSName.CONTENTS, content);
            page.getCOSObject().setItem(COSName.RESOURCES, dict("ColorSpace", dict("CS0", cyan, "CS1", deviceN)));
            pdf = dir.resolve("process-spaces.pdf");
            doc.save(pdf.toFile());
        }

        Difference d = bothDevices(pdf);

        assertThat(d.pixels()).isZero();
        assertThat(d.cmyk().channel("Cyan").ink(50, 50)).isEqualTo(179);
        assertThat(d.cmyk().channel("Yellow").ink(50, 50)).isZero();
        assertThat(d.cmyk().channel("Magenta").ink(140, 50)).isEqualTo(102);
        assertThat(d.cmyk().channel("Black").ink(140, 50)).isEqualTo(255);
    }

    @Test
    void anAnnotationAppearanceGivesTheSamePlates() throws Exception {
        Path pdf;
        try (var doc = new PDDocument()) {
            var page = new PDPage(new PDRectangle(200, 100));
            doc.addPage(page);
            COSStream appearance = doc.getDocument().createCOSStream();
            appearance.setItem(COSName.TYPE, COSName.XOBJECT);
            appearance.setItem(COSName.SUBTYPE, COSName.FORM);
            appearance.setItem(COSName.BBOX, new PDRectangle(50, 50).getCOSArray());
            write(appearance, "0 0.5 1 0 k 0 0 50 50 re f");
            var annots = new COSArray();
            annots.add(dict("Type", COSName.ANNOT, "Subtype", COSName.getPDFName("Square"),
                    "Rect", numbers(20, 20, 70, 70), "F", org.apache.pdfbox.cos.COSInteger.get(4),
                    "AP", dict("N", appearance)));
            page.getCOSObject().setItem(COSName.ANNOTS, annots);
            pdf = dir.resolve("annotation.pdf");
            doc.save(pdf.toFile());
        }

        Difference d = bothDevices(pdf);

        assertThat(d.pixels()).isZero();
        assertThat(d.cmyk().channel("Yellow").ink(45, 55)).isEqualTo(255);
        assertThat(d.cmyk().channel("Magenta").ink(45, 55)).isBetween(127, 128);
    }

    @Test
    void rgbAndLabConvertedToCmykDifferByOneStepAtMost() throws Exception {
        COSArray lab = new COSArray();
        lab.add(COSName.getPDFName("Lab"));
        lab.add(dict("WhitePoint", numbers(0.9505f, 1, 1.089f), "Range", numbers(-100, 100, -100, 100)));
        Path pdf = page("converted", "0.2 0.5 0.9 rg 10 10 80 80 re f 0.7 0.1 0.3 rg 40 40 30 30 re f "
                + "/CS0 cs 60 40 -30 scn 100 10 80 80 re f", dict("ColorSpace", dict("CS0", lab)), null);

        Difference d = bothDevices(pdf);

        // tiffsep rounds the colour managed 16-bit values to 8 bits, pamcmyk32 truncates them
        assertThat(d.max()).isLessThanOrEqualTo(1);
        assertThat(d.cmyk().channel("Cyan").ink(50, 20)).isGreaterThan(100);
    }

    @Test
    void textKeepsItsInkOnAPageWithTransparencyWhereTiffsepThinsIt() throws Exception {
        // the same black text, once alone and once beside a half-transparent square that touches none of it
        String text = "0 0 0 1 k BT /F1 9 Tf 10 80 Td (The quick brown fox jumps over the lazy dog 0123456789) Tj "
                + "0 -12 Td (Sphinx of black quartz, judge my vow.) Tj ET";
        COSDictionary font = dict("Type", COSName.FONT, "Subtype", COSName.TYPE1, "BaseFont",
                COSName.getPDFName("Times-Roman"));
        Path plain = page("text", text, dict("Font", dict("F1", font)), null);
        Path transparent = page("text-transparency", text + " q /GS0 gs 1 0 0 0 k 150 5 40 30 re f Q",
                dict("Font", dict("F1", font), "ExtGState", dict("GS0", dict("ca", new COSFloat(0.5f)))), null);

        Difference alone = bothDevices(plain);
        Difference beside = bothDevices(transparent);

        assertThat(alone.pixels()).isZero();
        long textInk = blackInk(alone.cmyk());
        assertThat(textInk).isGreaterThan(100_000);
        // the CMYK device draws the glyphs as on any other page; tiffsep, once the page has transparency, draws
        // them thinner (Ghostscript 10.00): the CMYK device's text ink is the one that does not depend on it
        assertThat(blackInk(beside.cmyk())).isEqualTo(textInk);
        assertThat(blackInk(beside.tiffsep())).isLessThan(textInk * 9 / 10);
    }

    /** Black ink over the top half of the page, where the text is. */
    private static long blackInk(SeparationPage page) {
        Channel k = page.channel("Black");
        long sum = 0;
        for (int y = 0; y < page.height() / 2; y++) {
            for (int x = 0; x < page.width(); x++) {
                sum += k.ink(x, y);
            }
        }
        return sum;
    }
}
