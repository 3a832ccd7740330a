package dev.preflight.engine.conformance;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The copy of the rules a start leaves for the next one reads back exactly as the library answered. */
class KeptRulesTests {

    @TempDir
    Path dir;

    @Test
    void aCopyReadsBackRuleForRuleAndFlavourForFlavour() {
        ConformanceRules library = ConformanceRules.get();
        Path copy = dir.resolve("rules.tsv");
        KeptRules.write(library, copy);
        ConformanceRules kept = KeptRules.read(copy);
        assertThat(kept).isNotNull();
        assertThat(kept.all()).hasSizeGreaterThan(500).containsExactlyElementsOf(library.all());
        for (String flavour : library.flavours()) {
            assertThat(kept.idsOf(flavour)).as(flavour).containsExactlyElementsOf(library.idsOf(flavour));
            assertThat(kept.standardOf(flavour)).isEqualTo(library.standardOf(flavour));
        }
        ConformanceRule one = library.all().get(0);
        assertThat(kept.rule(one.id())).isEqualTo(one);
    }

    @Test
    void aCopyCutShortOfAnotherFormatOrMissingIsPassedOver() throws IOException {
        Path copy = dir.resolve("rules.tsv");
        assertThat(KeptRules.read(copy)).isNull();
        KeptRules.write(ConformanceRules.get(), copy);
        List<String> lines = Files.readAllLines(copy, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo(KeptRules.FORMAT);
        assertThat(lines.get(lines.size() - 1)).startsWith("N\t");

        Path cut = dir.resolve("cut.tsv");
        Files.write(cut, lines.subList(0, lines.size() - 2), StandardCharsets.UTF_8);
        assertThat(KeptRules.read(cut)).isNull();

        Path other = dir.resolve("other.tsv");
        Files.write(other, java.util.stream.Stream.concat(java.util.stream.Stream.of("preflight-conformance-rules 0"),
                lines.stream().skip(1)).toList(), StandardCharsets.UTF_8);
        assertThat(KeptRules.read(other)).isNull();

        Path garbled = dir.resolve("garbled.tsv");
        Files.write(garbled, List.of(KeptRules.FORMAT, "R\tonly-two"), StandardCharsets.UTF_8);
        assertThat(KeptRules.read(garbled)).isNull();
    }

    @Test
    void aDirectoryThatCannotBeWrittenIsPassedOver() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
        KeptRules.write(ConformanceRules.get(), file.resolve("rules.tsv"));
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void theCopysNameFollowsTheLibraryJar() {
        String fingerprint = ConformanceRules.libraryFingerprint();
        assertThat(fingerprint).matches("[0-9a-f]{24}").isEqualTo(ConformanceRules.libraryFingerprint());
    }
}
