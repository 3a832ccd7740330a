package dev.preflight.engine.bench;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RepairDetector;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.FactsCollector;
import org.apache.pdfbox.pdmodel.PDDocument;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes every corpus file's {@link DocumentFacts} as JSON, one file each, so that two builds of the facts pass can
 * be compared byte for byte ({@code diff -r}): a speed change must not change a single fact. Not a unit test: run it
 * with {@code bench/facts-dump.sh OUT_DIR [corpusDir]}.
 */
public final class FactsDump {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private FactsDump() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: FactsDump OUT_DIR [corpusDir]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        Path pdfDir = (args.length > 1 ? Path.of(args[1]) : Corpus.locate()).resolve("pdfs");
        if (!Files.isDirectory(pdfDir)) {
            System.out.println("corpus not found at " + pdfDir);
            return;
        }
        Files.createDirectories(out);
        List<Path> files;
        try (var s = Files.list(pdfDir)) {
            files = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        EngineSettings settings = EngineSettings.defaults();
        for (Path f : files) {
            String text;
            try (PDDocument doc = PdfOpener.open(f, settings.maxMainMemoryBytes())) {
                DocumentFacts facts = FactsCollector.collect(doc, f, Files.size(f), RepairDetector.problems(f),
                        settings);
                text = JSON.writeValueAsString(facts);
            } catch (UnreadablePdfException e) {
                text = "unreadable: " + e.reason() + ": " + e.getMessage();
            }
            Files.writeString(out.resolve(f.getFileName() + ".json"), text + "\n");
        }
        System.out.println(files.size() + " files written to " + out);
    }
}
