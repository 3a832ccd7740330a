package dev.preflight.support;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.zip.InflaterInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The hand-assembled zip bomb is a real zlib stream: exactly its size of spaces, its checksum right. */
@DatabaseIndependent
class SamplePdfsTests {

    @Test
    void theBombsStreamInflatesToExactlyItsSizeOfSpaces() throws IOException {
        long size = 5L * (1 << 20) + 7; // whole chunks and a remainder
        long inflated = 0;
        long notSpaces = 0;
        // InflaterInputStream fails on a wrong Adler-32 trailer ("incorrect data check").
        try (var in = new InflaterInputStream(new ByteArrayInputStream(SamplePdfs.spacesFlate(size)))) {
            byte[] buf = new byte[64 * 1024];
            for (int n; (n = in.read(buf)) > 0; inflated += n) {
                for (int i = 0; i < n; i++) {
                    notSpaces += buf[i] == ' ' ? 0 : 1;
                }
            }
        }
        assertThat(inflated).isEqualTo(size);
        assertThat(notSpaces).isZero();
    }

    @Test
    void aGigabyteBombFitsInAboutAMegabyte() {
        assertThat(SamplePdfs.spacesFlate(1L << 30).length).isBetween(100_000, 3 * 1024 * 1024);
    }
}
