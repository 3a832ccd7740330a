package dev.preflight.engine.checks;

import dev.preflight.engine.AnalysisRequest;
import dev.preflight.engine.Engine;
import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.Finding;
import dev.preflight.engine.Profile;
import dev.preflight.engine.ProfileCheck;
import dev.preflight.engine.testpdf.Pdfs;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An Indexed colour space whose base is Separation or DeviceN prints on the base's plates: images and fills
 * painted through it are spot use, counted per colorant only where some lookup entry gives it a non-zero tint.
 */
class IndexedSpotTests {

    private static final Pdfs.Colour GOLD = Pdfs.spot("Gold", 1, 0, 0.2, 0.6, 0.1);
    private static final Pdfs.Colour GOLD_SILVER = Pdfs.deviceN(List.of("Gold", "Silver"), new double[] {1, 1},
            new double[][] {{0, 0.2, 0.6, 0.1}, {0, 0, 0, 0.3}});

    @TempDir
    Path tmp;

    /** [/Indexed base hival lookup] with the given lookup bytes (one entry = one byte per base component). */
    private static COSArray indexed(Pdfs.Doc d, Pdfs.Colour base, byte[] lookup, int components) {
        COSArray a = new COSArray();
        a.add(COSName.INDEXED);
        a.add(Pdfs.colourSpaceOf(d, base));
        a.add(COSInteger.get(lookup.length / components - 1));
        a.add(new COSString(lookup));
        return a;
    }

    /** An 8x8 image of index 1 painted in an Indexed space. */
    private static void image(Pdfs.Doc d, Pdfs.Page p, COSBase space) {
        byte[] samples = new byte[64];
        java.util.Arrays.fill(samples, (byte) 1);
        COSStream s = d.stream(samples, true);
        s.setItem(COSName.TYPE, COSName.XOBJECT);
        s.setItem(COSName.SUBTYPE, COSName.IMAGE);
        s.setInt(COSName.WIDTH, 8);
        s.setInt(COSName.HEIGHT, 8);
        s.setInt(COSName.BITS_PER_COMPONENT, 8);
        s.setItem(COSName.COLORSPACE, space);
        COSName n = p.resource(COSName.XOBJECT, s, "Im");
        p.raw("q 50 0 0 50 100 100 cm /" + n.getName() + " Do Q");
    }

    /** A rectangle filled with index 1 of an Indexed space. */
    private static void fill(Pdfs.Page p, COSBase space) {
        COSName n = p.resource(COSName.COLORSPACE, space, "CS");
        p.raw("/" + n.getName() + " cs 1 sc 200 200 50 50 re f");
    }

    private List<Finding> run(String id, BiConsumer<Pdfs.Doc, Pdfs.Page> content) throws Exception {
        var d = Pdfs.document();
        Pdfs.Page p = d.page(400, 400);
        content.accept(d, p);
        Path f = d.write(tmp.resolve(id + "-" + System.nanoTime() + ".pdf"));
        Profile profile = new Profile("one-check", id, null, null, false,
                List.of(new ProfileCheck(id, null, Map.of(), null)));
        return new Engine(EngineSettings.defaults()).analyze(f, new AnalysisRequest(profile, false)).findings()
                .stream().filter(x -> x.inspectionId().equals(id)).toList();
    }

    @Test
    void indexedSeparationImageIsSpotUse() throws Exception {
        List<Finding> used = run("SPOT_USED", (d, p) -> image(d, p, indexed(d, GOLD, new byte[] {0, (byte) 200}, 1)));
        assertThat(used).isNotEmpty();
        assertThat(used.toString()).contains("Gold");
        assertThat(run("IMG_SPOT", (d, p) -> image(d, p, indexed(d, GOLD, new byte[] {0, (byte) 200}, 1))))
                .singleElement().satisfies(f -> assertThat(f.message()).contains("Indexed Separation")
                        .contains("Gold"));
    }

    @Test
    void indexedSeparationWhoseTableInksNothingIsNotSpotUse() throws Exception {
        assertThat(run("SPOT_USED", (d, p) -> image(d, p, indexed(d, GOLD, new byte[] {0, 0}, 1)))).isEmpty();
        assertThat(run("IMG_SPOT", (d, p) -> image(d, p, indexed(d, GOLD, new byte[] {0, 0}, 1)))).isEmpty();
    }

    @Test
    void indexedDeviceNCountsOnlyInkedColorants() throws Exception {
        // two entries: (Gold 0, Silver 128) and (Gold 0, Silver 255): Gold is never inked
        byte[] table = {0, (byte) 128, 0, (byte) 255};
        List<Finding> used = run("SPOT_USED", (d, p) -> fill(p, indexed(d, GOLD_SILVER, table, 2)));
        assertThat(used.toString()).contains("Silver").doesNotContain("Gold");
        assertThat(run("IMG_SPOT", (d, p) -> image(d, p, indexed(d, GOLD_SILVER, table, 2)))).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("Silver").doesNotContain("Gold"));
    }

    @Test
    void spotCountSeesIndexedInks() throws Exception {
        byte[] table = {0, (byte) 128, (byte) 10, (byte) 255};
        assertThat(run("SPOT_COUNT_MAX", (d, p) -> fill(p, indexed(d, GOLD_SILVER, table, 2)))).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("2"));
    }

    @Test
    void indexedOverCmykIsNotSpotUse() throws Exception {
        assertThat(run("SPOT_USED", (d, p) -> fill(p, indexed(d, Pdfs.cmyk(0, 0, 0, 0),
                new byte[] {0, 0, 0, 0, 0, 0, 0, (byte) 255}, 4)))).isEmpty();
    }
}
