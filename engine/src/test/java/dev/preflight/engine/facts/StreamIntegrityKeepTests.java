package dev.preflight.engine.facts;

import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stream check hands its inflated bytes to the upsampling estimate only when they are exactly what PDFBox's own
 * decoding gives: zlib Flate data without decode parameters, inflated completely, within the size asked for.
 */
class StreamIntegrityKeepTests {

    private static byte[] samples(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        for (int i = 0; i < n; i += 7) {
            b[i] = 0; // some redundancy so that deflate has work to do
        }
        return b;
    }

    private static COSStream flate(byte[] data) throws IOException {
        COSStream s = new COSStream();
        try (OutputStream out = s.createOutputStream(COSName.FLATE_DECODE)) {
            out.write(data);
        }
        return s;
    }

    private static COSStream raw(byte[] rawData, COSName filter) throws IOException {
        COSStream s = new COSStream();
        try (OutputStream out = s.createRawOutputStream()) {
            out.write(rawData);
        }
        s.setItem(COSName.FILTER, filter);
        return s;
    }

    private static byte[] deflate(byte[] data, boolean zlib) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, !zlib);
        d.setInput(data);
        d.finish();
        var out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }

    private static byte[] read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    @Test
    void soundZlibDataIsHandedOverOnceAndEqualsPdfboxDecoding() throws IOException {
        byte[] data = samples(300_000);
        COSStream s = flate(data);
        var check = new StreamIntegrity(null, null);
        check.check(s, 1, "5 0 R", "image", 1 << 20);
        InputStream kept = check.takeDecoded(s);
        assertThat(kept).isNotNull();
        byte[] got = read(kept);
        assertThat(got).isEqualTo(data).isEqualTo(read(s.createInputStream()));
        assertThat(check.takeDecoded(s)).as("handed over once").isNull();
        assertThat(check.damaged()).isEmpty();
    }

    @Test
    void nothingIsKeptUnlessAskedForOrWhenLargerThanAsked() throws IOException {
        byte[] data = samples(100_000);
        COSStream notAsked = flate(data);
        var check = new StreamIntegrity(null, null);
        check.check(notAsked, 1, "5 0 R", "image");
        assertThat(check.takeDecoded(notAsked)).isNull();
        COSStream tooBig = flate(data);
        check.check(tooBig, 1, "6 0 R", "image", 99_999);
        assertThat(check.takeDecoded(tooBig)).isNull();
        COSStream exact = flate(data);
        check.check(exact, 1, "7 0 R", "image", 100_000);
        assertThat(read(check.takeDecoded(exact))).isEqualTo(data);
    }

    @Test
    void predictorsBareDeflateAndDamagedDataAreLeftToPdfbox() throws IOException {
        byte[] data = samples(50_000);
        var check = new StreamIntegrity(null, null);

        COSStream predicted = flate(data);
        COSDictionary parms = new COSDictionary();
        parms.setInt(COSName.PREDICTOR, 1);
        predicted.setItem(COSName.DECODE_PARMS, parms);
        check.check(predicted, 1, "5 0 R", "image", 1 << 20);
        assertThat(check.takeDecoded(predicted)).as("any decode parameters").isNull();

        COSStream bare = raw(deflate(data, false), COSName.FLATE_DECODE);
        check.check(bare, 1, "6 0 R", "image", 1 << 20);
        assertThat(check.damaged()).as("bare deflate is sound").isEmpty();
        assertThat(check.takeDecoded(bare)).as("but PDFBox would skip two bytes of it").isNull();

        byte[] z = deflate(data, true);
        COSStream truncated = raw(Arrays.copyOf(z, z.length / 2), COSName.FLATE_DECODE);
        check.check(truncated, 1, "7 0 R", "image", 1 << 20);
        assertThat(check.damaged()).hasSize(1);
        assertThat(check.takeDecoded(truncated)).isNull();
    }

    @Test
    void theNextCheckDropsWhatWasNotTaken() throws IOException {
        COSStream first = flate(samples(10_000));
        COSStream second = flate(samples(20_000));
        var check = new StreamIntegrity(null, null);
        check.check(first, 1, "5 0 R", "image", 1 << 20);
        check.check(second, 1, "6 0 R", "content");
        assertThat(check.takeDecoded(first)).isNull();
        check.check(first, 2, "5 0 R", "image", 1 << 20);
        assertThat(check.takeDecoded(first)).as("a stream is checked once").isNull();
    }
}
