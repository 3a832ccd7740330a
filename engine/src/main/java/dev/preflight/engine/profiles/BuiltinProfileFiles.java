package dev.preflight.engine.profiles;

import dev.preflight.engine.Profile;
import dev.preflight.engine.Profiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes the generated built-in profiles (the 37 GWG variants, the ten PDF/X profiles and PDF/VT-1) and the resource
 * index. Run after changing {@link GwgVariants} or {@link PdfxProfiles}:
 * {@code ./mvnw -o -pl engine test -Dtest=BuiltinProfileFilesTests -Dpreflight.regenerate=true}
 * (or this class's main with the profiles resource directory as argument). The hand-written profiles
 * (service-default, digital-print, large-format, newspaper, epm) are edited directly.
 */
public final class BuiltinProfileFiles {

    private BuiltinProfileFiles() {
    }

    /** Every profile generated from code, in index order. */
    static List<Profile> generated() {
        var all = new ArrayList<Profile>(PdfxProfiles.all());
        all.addAll(GwgVariants.gwg2022());
        all.addAll(GwgVariants.gwg2015());
        return all;
    }

    /** The index: hand-written profile files first (sorted), then the generated ones in generation order. */
    static String index(Path dir) throws IOException {
        var generatedFiles = generated().stream().map(p -> p.id() + ".json").toList();
        var lines = new ArrayList<String>();
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .filter(n -> !generatedFiles.contains(n)).sorted().forEach(lines::add);
        }
        lines.addAll(generatedFiles);
        return String.join("\n", lines) + "\n";
    }

    /** Writes the generated profiles and the index into the profiles resource directory. */
    static void write(Path dir) throws IOException {
        for (Profile p : generated()) {
            Files.writeString(dir.resolve(p.id() + ".json"), Profiles.toJson(p), StandardCharsets.UTF_8);
        }
        Files.writeString(dir.resolve("index.txt"), index(dir), StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "engine/src/main/resources/profiles");
        write(dir);
        System.out.println("wrote " + generated().size() + " profiles and index.txt to " + dir);
    }
}
