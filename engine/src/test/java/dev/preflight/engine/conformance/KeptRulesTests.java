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
    void theCopysNameChangesWithEitherJarAndNothingIsKeptFromClassDirectories() throws IOException {
        Path library = Files.writeString(dir.resolve("core-1.30.2.jar"), "library");
        Path engine = Files.writeString(dir.resolve("preflight-engine.jar"), "engine");
        String first = ConformanceRules.fingerprint(library, engine);
        assertThat(first).matches("[0-9a-f]{24}").isEqualTo(ConformanceRules.fingerprint(library, engine));
        Files.writeString(engine, "engine, rebuilt");
        String rebuilt = ConformanceRules.fingerprint(library, engine);
        assertThat(rebuilt).isNotEqualTo(first);
        Files.setLastModifiedTime(library, java.nio.file.attribute.FileTime.fromMillis(0));
        assertThat(ConformanceRules.fingerprint(library, engine)).isNotEqualTo(rebuilt);
        assertThat(ConformanceRules.fingerprint(null, engine)).isNull();
        assertThat(ConformanceRules.fingerprint(library, dir.resolve("missing.jar"))).isNull();
        // these tests run the engine from target/classes: no jar, no kept copy
        assertThat(ConformanceRules.jarOf(ConformanceRules.class)).isNull();
        assertThat(ConformanceRules.jarOf(org.verapdf.pdfa.validation.profiles.ValidationProfile.class))
                .isNotNull().satisfies(p -> assertThat(p.getFileName().toString()).startsWith("core-"));
    }
}
