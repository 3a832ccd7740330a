package dev.preflight.engine.profiles;

import dev.preflight.engine.Profile;
import dev.preflight.engine.Profiles;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class BuiltinProfileFilesTests {

    private static final Path DIR = Path.of("src", "main", "resources", "profiles");

    @Test
    void generatedProfileFilesMatchTheirTables() throws Exception {
        if (Boolean.getBoolean("preflight.regenerate")) {
            BuiltinProfileFiles.write(DIR);
        }
        for (Profile p : BuiltinProfileFiles.generated()) {
            Path file = DIR.resolve(p.id() + ".json");
            assertThat(file).as(p.id() + ".json exists").exists();
            assertThat(Files.readString(file, StandardCharsets.UTF_8))
                    .as(file + " is out of date; regenerate with ./mvnw -o -pl engine test "
                            + "-Dtest=BuiltinProfileFilesTests -Dpreflight.regenerate=true")
                    .isEqualTo(Profiles.toJson(p));
        }
    }

    @Test
    void indexListsEveryProfileFile() throws Exception {
        assertThat(Files.readString(DIR.resolve("index.txt"), StandardCharsets.UTF_8))
                .as("profiles/index.txt must list every profile file; regenerate with ./mvnw -o -pl engine test "
                        + "-Dtest=BuiltinProfileFilesTests -Dpreflight.regenerate=true")
                .isEqualTo(BuiltinProfileFiles.index(DIR));
    }

    @Test
    void generatesThirtySevenGwgVariantsAndThreePdfxProfiles() {
        var ids = BuiltinProfileFiles.generated().stream().map(Profile::id).toList();
        assertThat(ids.stream().filter(i -> i.startsWith("gwg2022-"))).hasSize(23);
        assertThat(ids.stream().filter(i -> i.startsWith("gwg2015-"))).hasSize(14);
        assertThat(ids).contains("pdfx-1a", "pdfx-3", "pdfx-4").doesNotHaveDuplicates();
    }
}
