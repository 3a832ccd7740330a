package dev.preflight.engine.render;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.imageio.ImageIO;
import java.awt.image.Raster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The reader of tiffsep's planes, on TIFFs written here and on Ghostscript's own, against ImageIO. */
class TiffPlaneTests {

    @TempDir
    Path dir;

    /** A plane with runs and noise, as separations look. */
    private static byte[] samples(int w, int h, long seed) {
        var random = new Random(seed);
        byte[] s = new byte[w * h];
        for (int i = 0; i < s.length; i++) {
            s[i] = (byte) (random.nextInt(3) == 0 ? random.nextInt(256) : 255);
        }
        return s;
    }

    /** PackBits of one row: literal runs of up to 128 bytes and repeats of up to 128. */
    private static byte[] packBits(byte[] row) {
        var out = new ByteArrayOutputStream();
        int i = 0;
        while (i < row.length) {
            int run = 1;
            while (i + run < row.length && run < 128 && row[i + run] == row[i]) {
                run++;
            }
            if (run >= 2) {
                out.write(1 - run);
                out.write(row[i]);
                i += run;
            } else {
                int start = i;
                while (i < row.length && i - start < 128 && (i + 1 >= row.length || row[i + 1] != row[i])) {
                    i++;
                }
                out.write(i - start - 1);
                out.write(row, start, i - start);
            }
        }
        return out.toByteArray();
    }

    /** A baseline greyscale TIFF: header, strips, then the directory. */
    private static byte[] tiff(ByteOrder order, int w, int h, byte[] samples, int rowsPerStrip, boolean packBits,
                               int bits, boolean shortOffsets) {
        var strips = new ArrayList<byte[]>();
        for (int y = 0; y < h; y += rowsPerStrip) {
            var strip = new ByteArrayOutputStream();
            for (int r = y; r < Math.min(h, y + rowsPerStrip); r++) {
                byte[] row = java.util.Arrays.copyOfRange(samples, r * w, (r + 1) * w);
                strip.writeBytes(packBits ? packBits(row) : row);
            }
            strips.add(strip.toByteArray());
        }
        int dataStart = 8;
        int dataLength = strips.stream().mapToInt(b -> b.length).sum();
        int tables = dataStart + dataLength;
        int offsetsAt = tables;
        int countsAt = tables + 4 * strips.size();
        int ifd = countsAt + 4 * strips.size();
        ifd += ifd % 2;
        ByteBuffer b = ByteBuffer.allocate(ifd + 2 + 12 * 9 + 4).order(order);
        b.put(order == ByteOrder.LITTLE_ENDIAN ? (byte) 'I' : (byte) 'M');
        b.put(order == ByteOrder.LITTLE_ENDIAN ? (byte) 'I' : (byte) 'M');
        b.putShort((short) 42).putInt(ifd);
        int at = dataStart;
        var offsets = new ArrayList<Integer>();
        for (byte[] s : strips) {
            b.put(at, s);
            offsets.add(at);
            at += s.length;
        }
        for (int i = 0; i < strips.size(); i++) {
            b.putInt(offsetsAt + 4 * i, offsets.get(i));
            b.putInt(countsAt + 4 * i, strips.get(i).length);
        }
        b.position(ifd);
        b.putShort((short) 9);
        entry(b, 256, 4, 1, w);
        entry(b, 257, 4, 1, h);
        entry(b, 258, 3, 1, bits);
        entry(b, 259, 3, 1, packBits ? 32773 : 1);
        entry(b, 262, 3, 1, 1);
        if (strips.size() == 1) {
            entry(b, 273, shortOffsets ? 3 : 4, 1, offsets.getFirst());
        } else {
            entry(b, 273, 4, strips.size(), offsetsAt);
        }
        entry(b, 277, 3, 1, 1);
        entry(b, 278, 4, 1, rowsPerStrip);
        if (strips.size() == 1) {
            entry(b, 279, 4, 1, strips.getFirst().length);
        } else {
            entry(b, 279, 4, strips.size(), countsAt);
        }
        b.putInt(0);
        return b.array();
    }

    private static void entry(ByteBuffer b, int tag, int type, int count, int value) {
        b.putShort((short) tag).putShort((short) type).putInt(count);
        if (type == 3 && count == 1) {
            b.putShort((short) value).putShort((short) 0);
        } else {
            b.putInt(value);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"little-packbits-one-strip", "big-packbits-strips", "little-raw-strips",
            "big-raw-one-strip-short-offset"})
    void readsEveryLayoutTiffsepWrites(String layout) throws IOException {
        ByteOrder order = layout.startsWith("little") ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        boolean packBits = layout.contains("packbits");
        boolean oneStrip = layout.contains("one-strip");
        int w = 301;
        int h = 77;
        byte[] samples = samples(w, h, layout.hashCode());
        byte[] file = tiff(order, w, h, samples, oneStrip ? h : 5, packBits, 8, layout.contains("short"));

        TiffPlane.Plane plane = TiffPlane.read(file, 1 << 20);

        assertThat(plane.width()).isEqualTo(w);
        assertThat(plane.height()).isEqualTo(h);
        assertThat(plane.samples()).isEqualTo(samples);
        // and what ImageIO makes of the same file
        Raster raster = ImageIO.read(new java.io.ByteArrayInputStream(file)).getRaster();
        assertThat(raster.getSample(17, 33, 0)).isEqualTo(samples[33 * w + 17] & 0xff);
    }

    @Test
    void refusesWhatTiffsepDoesNotWrite() {
        byte[] samples = samples(20, 10, 3);
        byte[] sixteenBits = tiff(ByteOrder.LITTLE_ENDIAN, 20, 10, samples, 10, false, 16, false);
        assertThatThrownBy(() -> TiffPlane.read(sixteenBits, 1 << 20)).isInstanceOf(IOException.class)
                .hasMessageContaining("8-bit greyscale");

        byte[] lzw = tiff(ByteOrder.LITTLE_ENDIAN, 20, 10, samples, 10, false, 8, false);
        patchShortTag(lzw, 259, 5);
        assertThatThrownBy(() -> TiffPlane.read(lzw, 1 << 20)).isInstanceOf(IOException.class)
                .hasMessageContaining("compression 5");

        assertThatThrownBy(() -> TiffPlane.read("GIF89a....".getBytes(), 1 << 20)).isInstanceOf(IOException.class)
                .hasMessageContaining("not a TIFF");
        byte[] big = tiff(ByteOrder.LITTLE_ENDIAN, 20, 10, samples, 10, false, 8, false);
        assertThatThrownBy(() -> TiffPlane.read(big, 100)).isInstanceOf(IOException.class)
                .hasMessageContaining("more than the 100 allowed");
    }

    @Test
    void damagedStripsAreErrorsNotPlanes() {
        byte[] samples = samples(40, 12, 4);
        byte[] whole = tiff(ByteOrder.LITTLE_ENDIAN, 40, 12, samples, 4, true, 8, false);
        // cut inside the strips: the directory is lost too
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length / 3);
        assertThatThrownBy(() -> TiffPlane.read(cut, 1 << 20)).isInstanceOf(IOException.class);

        // a strip whose PackBits runs decode to fewer rows than it should hold
        byte[] shortStrip = whole.clone();
        shortStrip[8] = (byte) -127; // the first run now repeats 128 bytes: more than a 4-row strip of the row
        assertThatThrownBy(() -> TiffPlane.read(shortStrip, 1 << 20)).isInstanceOf(IOException.class)
                .hasMessageContaining("strip");
    }

    @Test
    @Tag("ghostscript")
    void readsGhostscriptsOwnPlanesAsImageIoDoes() throws Exception {
        Path pdf = InkPdfs.create().page(300, 200).cmyk(10, 10, 120, 90, 0.3f, 0, 0.8f, 0)
                .spot("Gold Ink", 100, 50, 150, 100, 0.6f).write(dir.resolve("planes.pdf"));
        for (String compression : List.of("pack", "none")) {
            Path out = Files.createDirectories(dir.resolve(compression));
            new Ghostscript("gs").run(List.of("-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep",
                    "-sCompression=" + compression, "-r100", "-o", out.resolve("p%d.tif").toString(),
                    pdf.toString()), null, java.time.Duration.ofSeconds(60));
            List<Path> planes;
            try (Stream<Path> files = Files.list(out)) {
                planes = files.filter(f -> f.getFileName().toString().contains("(")).toList();
            }
            assertThat(planes).hasSize(5);
            for (Path file : planes) {
                TiffPlane.Plane plane = TiffPlane.read(Files.readAllBytes(file), 1 << 24);
                Raster raster = ImageIO.read(file.toFile()).getRaster();
                int[] expected = raster.getSamples(0, 0, raster.getWidth(), raster.getHeight(), 0, (int[]) null);
                assertThat(plane.width()).isEqualTo(raster.getWidth());
                assertThat(plane.height()).isEqualTo(raster.getHeight());
                for (int i = 0; i < expected.length; i++) {
                    if ((plane.samples()[i] & 0xff) != expected[i]) {
                        throw new AssertionError(file.getFileName() + " differs at sample " + i);
                    }
                }
            }
        }
    }

    /** Rewrites the SHORT value of a tag in the (little-endian) directory. */
    private static void patchShortTag(byte[] file, int tag, int value) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int ifd = b.getInt(4);
        int n = b.getShort(ifd);
        for (int e = 0; e < n; e++) {
            int at = ifd + 2 + 12 * e;
            if ((b.getShort(at) & 0xffff) == tag) {
                b.putShort(at + 8, (short) value);
            }
        }
    }
}
