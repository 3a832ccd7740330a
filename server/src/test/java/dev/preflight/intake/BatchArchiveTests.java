package dev.preflight.intake;

import dev.preflight.support.DatabaseIndependent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The archive rules that need no server: path tricks and the bounded entry count. */
@DatabaseIndependent
class BatchArchiveTests {

    @Test
    void refusesAbsoluteClimbingAndControlCharacterPathsOnly() {
        assertThat(BatchArchive.unsafePath("docs/a.pdf")).isNull();
        assertThat(BatchArchive.unsafePath("a..b.pdf")).isNull();
        assertThat(BatchArchive.unsafePath("../a.pdf")).contains("..");
        assertThat(BatchArchive.unsafePath("docs/../../a.pdf")).contains("..");
        assertThat(BatchArchive.unsafePath("docs\\..\\a.pdf")).contains("..");
        assertThat(BatchArchive.unsafePath("/etc/passwd")).contains("absolute");
        assertThat(BatchArchive.unsafePath("\\\\server\\share\\a.pdf")).contains("absolute");
        assertThat(BatchArchive.unsafePath("C:/a.pdf")).contains("absolute");
        assertThat(BatchArchive.unsafePath("a\u0000.pdf")).contains("control");
    }

    @Test
    void countsTheCentralDirectoryAndStopsAtTheLimit(@TempDir Path dir) throws Exception {
        Path zip = dir.resolve("many.zip");
        Files.write(zip, Zips.manyEntries(50));
        assertThat(BatchArchive.countEntries(zip, 1000)).isEqualTo(50);
        assertThat(BatchArchive.countEntries(zip, 11)).isEqualTo(11);
        Path empty = dir.resolve("empty.zip");
        Files.write(empty, Zips.zip().bytes());
        assertThat(BatchArchive.countEntries(empty, 10)).isZero();
        Path junk = dir.resolve("junk.zip");
        Files.write(junk, new byte[] {'P', 'K', 3, 4, 0, 0, 0});
        assertThatThrownBy(() -> BatchArchive.countEntries(junk, 10)).hasMessageContaining("end of central directory");
    }
}
