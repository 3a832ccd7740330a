package dev.preflight.engine;

import dev.preflight.engine.testpdf.Pdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The xref check reads through buffers; a table longer than a buffer must be read to its end all the same. */
class RepairDetectorTests {

    @TempDir
    Path dir;

    /** 3 000 pages give about 6 000 xref entries, 120 KB of table: more than the 64 KiB read window. */
    private static String longTable() {
        Pdfs.Doc doc = Pdfs.document().classicXref();
        for (int i = 0; i < 3000; i++) {
            doc.page(100, 100).rect(0, 0, 10, 10).done();
        }
        return new String(doc.bytes(), StandardCharsets.ISO_8859_1);
    }

    private Path write(String pdf) throws IOException {
        return Files.write(dir.resolve("t.pdf"), pdf.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void aSoundLongTableIsNotRepaired() throws IOException {
        String pdf = longTable();
        int xref = pdf.lastIndexOf("\nxref");
        assertThat(pdf.indexOf("trailer", xref) - xref).isGreaterThan(100_000);
        assertThat(RepairDetector.problems(write(pdf))).isEmpty();
    }

    @Test
    void aWrongEntryAtTheEndOfALongTableIsFound() throws IOException {
        String pdf = longTable();
        int trailer = pdf.lastIndexOf("trailer");
        int entry = pdf.lastIndexOf(" 00000 n", trailer) - 10;
        String last = pdf.substring(entry, entry + 10);
        String broken = pdf.substring(0, entry) + String.format("%010d", Long.parseLong(last) + 1)
                + pdf.substring(entry + 10);
        assertThat(RepairDetector.problems(write(broken)))
                .singleElement().asString().contains("does not point at the object");
    }

    @Test
    void aMalformedEntryAtTheEndOfALongTableIsFound() throws IOException {
        String pdf = longTable();
        int trailer = pdf.lastIndexOf("trailer");
        int entry = pdf.lastIndexOf(" 00000 n", trailer) - 10;
        String broken = pdf.substring(0, entry) + "00000x0000" + pdf.substring(entry + 10);
        assertThat(RepairDetector.problems(write(broken)))
                .singleElement().asString().startsWith("malformed cross-reference entry");
    }
}
