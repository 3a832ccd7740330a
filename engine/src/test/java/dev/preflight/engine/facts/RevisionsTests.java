package dev.preflight.engine.facts;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Counting a file's revisions from the ends of its sections, in one streaming pass over its bytes. */
class RevisionsTests {

    private static int[] count(String file) throws IOException {
        return Revisions.count(new ByteArrayInputStream(file.getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void countsEverySectionEndClosedByItsStartxref() throws IOException {
        String once = "%PDF-1.7\n1 0 obj\n<< >>\nendobj\nxref\n0 1\ntrailer\n<< >>\nstartxref\n9\n%%EOF\n";
        assertThat(count(once)).containsExactly(1, 0);
        assertThat(count(once + "2 0 obj\n<< >>\nendobj\nstartxref\r\n120\r\n%%EOF\r\n")).containsExactly(2, 0);
    }

    @Test
    void aPercentEofWithoutItsStartxrefEndsNoSection() throws IOException {
        String file = "%PDF-1.7\n% a comment naming %%EOF\nstartxref\n9\n%%EOF\n% startxref is not before this %%EOF\n";
        assertThat(count(file)).containsExactly(1, 0);
    }

    @Test
    void seesALinearizationDictionaryAtTheStart() throws IOException {
        String file = "%PDF-1.7\n1 0 obj\n<< /Linearized 1 /L 300 >>\nendobj\nstartxref\n0\n%%EOF\n"
                + "2 0 obj\n<< >>\nendobj\nstartxref\n40\n%%EOF\n";
        assertThat(count(file)).containsExactly(2, 1);
    }

    @Test
    void countsASectionEndSplitAcrossTheReadChunks() throws IOException {
        String end = "startxref\n12345\n%%EOF\n";
        for (int shift = 0; shift < end.length(); shift++) {
            // the read chunk is 64 KiB: place the end so that each of its bytes in turn opens the second chunk
            String pad = "%PDF-1.7\n" + " ".repeat((64 << 10) - 9 - end.length() + shift);
            assertThat(count(pad + end + end)).as("shift " + shift).containsExactly(2, 0);
        }
    }
}
