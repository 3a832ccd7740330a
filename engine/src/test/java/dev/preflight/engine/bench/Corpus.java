package dev.preflight.engine.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the shared development corpus: {@code shared/corpus} beside the repository, looked up from here upwards. */
public final class Corpus {

    private Corpus() {
    }

    /** The corpus folder (holding pdfs/ and oracle/), or a path that does not exist when there is none. */
    public static Path locate() {
        Path dir = Path.of("").toAbsolutePath();
        for (int i = 0; i < 5 && dir != null; i++, dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("corpus");
            if (Files.isDirectory(candidate.resolve("pdfs"))) {
                return candidate;
            }
        }
        return Path.of("..", "shared", "corpus");
    }
}
