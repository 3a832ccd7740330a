package dev.preflight.engine.bench;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RepairDetector;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.FactsCollector;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import org.apache.pdfbox.pdmodel.PDDocument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Profiles the structural pass over the corpus with Java Flight Recorder and says where the walking thread's time
 * went: share of execution samples per stage (inclusive) and the hottest methods (inclusive and self). Not a unit
 * test: run it with {@code bench/profile-structural.sh cold|warm [passes] [corpusDir] [file-name part]}.
 *
 * <p>{@code cold} records the first pass of a fresh JVM (class loading and JIT compilation included); {@code warm}
 * reads the corpus once unrecorded and then records {@code passes} further passes. Samples Java and native code
 * (zlib's inflate is native: Java samples alone do not see it) every millisecond.
 */
public final class StructuralProfile {

    /** Stages of the pass, by a frame that marks them; a sample counts for every stage on its stack. */
    private static final Map<String, String> STAGES = new LinkedHashMap<>();

    static {
        STAGES.put("open (PdfOpener.open: xref, trailer)", "dev.preflight.engine.PdfOpener.open");
        STAGES.put("repair detection (RepairDetector)", "dev.preflight.engine.RepairDetector.problems");
        STAGES.put("facts collection (FactsCollector.collect)", "dev.preflight.engine.facts.FactsCollector.collect");
        STAGES.put("  page walk (PageWalker.walk)", "dev.preflight.engine.facts.PageWalker.walk");
        STAGES.put("    content stream tokenising (PDFStreamParser)",
                "org.apache.pdfbox.pdfparser.PDFStreamParser.parseNextToken");
        STAGES.put("    lazy object parsing (COSParser)", "org.apache.pdfbox.pdfparser.COSParser.parseObjectDynamically");
        STAGES.put("    text showing (showText*)", "org.apache.pdfbox.contentstream.PDFStreamEngine.showText");
        STAGES.put("      glyph hook (PageWalker.showGlyph)", "dev.preflight.engine.facts.PageWalker.showGlyph");
        STAGES.put("      font tally glyph (FontTally.glyph)", "dev.preflight.engine.facts.FontTally.glyph");
        STAGES.put("      toUnicode", "org.apache.pdfbox.pdmodel.font.PDFont.toUnicode");
        STAGES.put("      glyph widths (PDFont.getDisplacement)",
                "org.apache.pdfbox.pdmodel.font.PDFont.getDisplacement");
        STAGES.put("    font loading (Tf: PDResources.getFont)", "org.apache.pdfbox.pdmodel.PDResources.getFont");
        STAGES.put("    font tally describe (FontTally.describe)", "dev.preflight.engine.facts.FontTally.describe");
        STAGES.put("    colour facts (ColorFacts.of)", "dev.preflight.engine.facts.ColorFacts.of");
        STAGES.put("    colour space resolution (PDColorSpace.create)",
                "org.apache.pdfbox.pdmodel.graphics.color.PDColorSpace.create");
        STAGES.put("    image tally (ImageTally.placed)", "dev.preflight.engine.facts.ImageTally.placed");
        STAGES.put("      upsampling estimate (ImageTally.analyse)", "dev.preflight.engine.facts.ImageTally.analyse");
        STAGES.put("    stream integrity (StreamIntegrity.check)", "dev.preflight.engine.facts.StreamIntegrity.check");
        STAGES.put("    element recording (PageWalker.record)", "dev.preflight.engine.facts.PageWalker.record");
        STAGES.put("    path construction (PathBuilder)", "dev.preflight.engine.facts.PathBuilder.");
        STAGES.put("    clip (intersectClippingPath)",
                "org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState.intersectClippingPath");
        STAGES.put("    graphics state save (PDGraphicsState.clone)",
                "org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState.clone");
        STAGES.put("  visibility/overlap (Visibility.decide)", "dev.preflight.engine.facts.Visibility.decide");
        STAGES.put("  annotation facts (FactsCollector.annotation)", "dev.preflight.engine.facts.FactsCollector.annotation");
        STAGES.put("JPEG 2000 decoding (jai-imageio)", "com.github.jaiimageio.jpeg2000");
        STAGES.put("Flate inflating (java.util.zip.Inflater)", "java.util.zip.Inflater.inflate");
    }

    private StructuralProfile() {
    }

    public static void main(String[] args) throws IOException, ParseException {
        String mode = args.length > 0 ? args[0] : "warm";
        int passes = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path corpus = args.length > 2 && !args[2].isEmpty() ? Path.of(args[2]) : Corpus.locate();
        String only = args.length > 3 ? args[3] : "";
        Path pdfDir = corpus.resolve("pdfs");
        if (!Files.isDirectory(pdfDir)) {
            System.out.println("corpus not found at " + pdfDir);
            return;
        }
        List<Path> files;
        try (var s = Files.list(pdfDir)) {
            files = s.filter(p -> p.toString().endsWith(".pdf") && p.getFileName().toString().contains(only))
                    .sorted().toList();
        }
        EngineSettings settings = EngineSettings.defaults();
        boolean cold = mode.equals("cold");
        if (!cold) {
            pass(files, settings);
        }
        Configuration profile = Configuration.getConfiguration("profile");
        Path jfr = Path.of("engine", "target", "structural-" + mode + ".jfr");
        Files.createDirectories(jfr.getParent());
        String walker = Thread.currentThread().getName();
        try (Recording r = new Recording(profile)) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
            r.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(1));
            r.start();
            for (int i = 0; i < (cold ? 1 : passes); i++) {
                pass(files, settings);
            }
            r.stop();
            r.dump(jfr);
        }
        report(jfr, walker, cold ? "cold: the first pass of a fresh JVM" : "warm: " + passes
                + " passes after one unrecorded pass");
    }

    private static void pass(List<Path> files, EngineSettings settings) throws IOException {
        for (Path f : files) {
            try (PDDocument doc = PdfOpener.open(f, settings.maxMainMemoryBytes())) {
                FactsCollector.collect(doc, f, Files.size(f), RepairDetector.problems(f), settings);
            } catch (UnreadablePdfException e) {
                // counted like the service: an unreadable file costs its open attempt
            }
        }
    }

    private static void report(Path jfr, String walker, String label) throws IOException {
        int total = 0;
        int otherThreads = 0;
        int nativeSamples = 0;
        var stageCounts = new LinkedHashMap<String, Integer>();
        STAGES.keySet().forEach(k -> stageCounts.put(k, 0));
        var inclusive = new HashMap<String, Integer>();
        var self = new HashMap<String, Integer>();
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            String type = e.getEventType().getName();
            if (!type.equals("jdk.ExecutionSample") && !type.equals("jdk.NativeMethodSample")) {
                continue;
            }
            var thread = e.getThread("sampledThread");
            if (thread == null || !walker.equals(thread.getJavaName())) {
                otherThreads++;
                continue;
            }
            RecordedStackTrace st = e.getStackTrace();
            if (st == null) {
                continue;
            }
            total++;
            if (type.equals("jdk.NativeMethodSample")) {
                nativeSamples++;
            }
            Set<String> methods = new HashSet<>();
            boolean first = true;
            for (RecordedFrame f : st.getFrames()) {
                String m = f.getMethod().getType().getName() + "." + f.getMethod().getName();
                methods.add(m);
                if (first) {
                    self.merge(m, 1, Integer::sum);
                    first = false;
                }
            }
            methods.forEach(m -> inclusive.merge(m, 1, Integer::sum));
            for (var s : STAGES.entrySet()) {
                String marker = s.getValue();
                boolean hit = methods.contains(marker) || methods.stream().anyMatch(m -> m.startsWith(marker));
                if (hit) {
                    stageCounts.merge(s.getKey(), 1, Integer::sum);
                }
            }
        }
        System.out.printf(Locale.ROOT, "## Structural pass profile, %s%n%n%d samples of the walking thread "
                + "(1 ms period; %d of them in native code, e.g. zlib), %d samples of other threads; recording %s%n%n",
                label, total, nativeSamples, otherThreads, jfr);
        System.out.println("| stage (inclusive) | samples | share |");
        System.out.println("|---|---:|---:|");
        for (var s : stageCounts.entrySet()) {
            System.out.printf(Locale.ROOT, "| %s | %d | %.1f %% |%n", s.getKey().replace("  ", "&nbsp;&nbsp;"),
                    s.getValue(), 100.0 * s.getValue() / Math.max(1, total));
        }
        System.out.println();
        table("hottest methods, inclusive", inclusive, total, 60);
        table("hottest methods, self", self, total, 40);
    }

    private static void table(String title, Map<String, Integer> counts, int total, int limit) {
        System.out.println("### " + title);
        System.out.println();
        System.out.println("| method | samples | share |");
        System.out.println("|---|---:|---:|");
        counts.entrySet().stream().sorted((a, b) -> Integer.compare(b.getValue(), a.getValue())).limit(limit)
                .forEach(e -> System.out.printf(Locale.ROOT, "| %s | %d | %.1f %% |%n", e.getKey(), e.getValue(),
                        100.0 * e.getValue() / Math.max(1, total)));
        System.out.println();
    }
}
