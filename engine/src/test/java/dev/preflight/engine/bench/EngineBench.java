package dev.preflight.engine.bench;

import dev.preflight.engine.EngineSettings;
import dev.preflight.engine.PdfOpener;
import dev.preflight.engine.RepairDetector;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.DocumentFacts;
import dev.preflight.engine.facts.ElementKind;
import dev.preflight.engine.facts.FactsCollector;
import dev.preflight.engine.facts.FontFact;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.facts.PaintColor;
import dev.preflight.engine.facts.PaintedElement;
import dev.preflight.engine.render.InkAnalyzer;
import dev.preflight.engine.render.InkOptions;
import org.apache.pdfbox.pdmodel.PDDocument;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Accuracy and speed benchmark of the facts collector over a corpus of real PDFs with oracle facts
 * ({@code <corpus>/pdfs/*.pdf}, {@code <corpus>/oracle/<file>.json}). Not a unit test: run it with
 * {@code bench/run-engine-bench.sh [corpusDir] [--tac] [--no-tools] [--no-inkcov] [--warm-passes N]}.
 *
 * <p>Reads every file the way the service does (open, repair detection, facts with the file at hand) first in a
 * cold JVM, as the first jobs after a server start, and then in {@code N} (default 5) further passes, as a server
 * that has been running; both are printed, with CPU of the walking thread, CPU of the whole JVM (JIT and GC
 * included), GC and JIT time per pass. Only reading the file is timed: the oracle comparison and the fact families
 * are computed outside the timed section, and each document's facts are dropped once read, so the peak heap is
 * one document's. pdffonts and pdfimages -list run in the same invocation as often as the warm passes (median
 * counted), and Ghostscript inkcov once unless {@code --no-inkcov}. Then prints, per fact family, how many files
 * agree with the oracle and the disagreements. {@code --tac} also renders ink (InkAnalyzer, 72 dpi) in the cold pass
 * and compares pages whose highest pixel total exceeds 300 % with the oracle's 72 dpi tiff32nc measurement.
 */
public final class EngineBench {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /** What the engine said about one file; the facts themselves are dropped once the families are read. */
    record Run(Path file, int pages, String unreadableCode, long nanos, long cpuNanos, long jvmCpuNanos,
               long gcMillis, long jitMillis, long peakHeapBytes, Map<String, Object> familyValues) {
    }

    /** What a family reads from one file's outcome. */
    record Outcome(DocumentFacts facts, String unreadableCode, Map<Integer, InkFacts> ink) {
    }

    /** One fact family: engine value and oracle value per file, compared by {@code equals}. */
    record Family(String name, Function<Outcome, Object> engine, Function<JsonNode, Object> oracle) {
    }

    /** One pass over the corpus. */
    record Pass(List<Run> runs) {
        long nanos() {
            return runs.stream().mapToLong(Run::nanos).sum();
        }

        long cpuNanos() {
            return runs.stream().mapToLong(Run::cpuNanos).sum();
        }

        long jvmCpuNanos() {
            return runs.stream().mapToLong(Run::jvmCpuNanos).sum();
        }

        long gcMillis() {
            return runs.stream().mapToLong(Run::gcMillis).sum();
        }

        long jitMillis() {
            return runs.stream().mapToLong(Run::jitMillis).sum();
        }

        int pages() {
            return runs.stream().mapToInt(r -> Math.max(0, r.pages)).sum();
        }

        long peakHeap() {
            return runs.stream().mapToLong(Run::peakHeapBytes).max().orElse(0);
        }
    }

    private EngineBench() {
    }

    public static void main(String[] args) throws Exception {
        Path corpus = Corpus.locate();
        boolean tac = false;
        boolean tools = true;
        boolean inkcov = true;
        int warmPasses = 5;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--tac" -> tac = true;
                case "--no-tools" -> tools = false;
                case "--no-inkcov" -> inkcov = false;
                case "--warm-passes" -> warmPasses = Integer.parseInt(args[++i]);
                default -> corpus = Path.of(a);
            }
        }
        Path pdfDir = corpus.resolve("pdfs");
        Path oracleDir = corpus.resolve("oracle");
        if (!Files.isDirectory(pdfDir)) {
            System.out.println("corpus not found at " + pdfDir + "; skipping the engine benchmark");
            return;
        }
        List<Path> files;
        try (var s = Files.list(pdfDir)) {
            files = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        EngineSettings settings = EngineSettings.defaults();
        var families = families(tac);

        // The cold pass: the first documents this JVM ever reads (class loading and JIT compilation included),
        // like the first job after a server start. No warm-up before it.
        Pass cold = pass(files, settings, tac, families);
        // Warm passes: a long-lived server has seen many documents; the cold pass was their warm-up.
        var warm = new ArrayList<Pass>();
        for (int i = 0; i < warmPasses; i++) {
            warm.add(pass(files, settings, false, List.of()));
        }
        Pass warmMedian = warm.isEmpty() ? null : warm.stream().sorted(Comparator.comparingLong(Pass::cpuNanos))
                .toList().get(warm.size() / 2);

        System.out.println("## Agreement with the oracle (" + files.size() + " files)");
        System.out.println();
        System.out.println("| fact family | files compared | agree | disagree |");
        System.out.println("|---|---|---|---|");
        var details = new LinkedHashMap<String, List<String>>();
        var oracles = new LinkedHashMap<Path, JsonNode>();
        for (Run r : cold.runs) {
            oracles.put(r.file, oracle(oracleDir, r.file));
        }
        for (Family fam : families) {
            int compared = 0;
            int agree = 0;
            var dis = new ArrayList<String>();
            for (Run r : cold.runs) {
                JsonNode oracle = oracles.get(r.file);
                if (oracle == null) {
                    continue;
                }
                Object o = fam.oracle.apply(oracle);
                Object e = r.familyValues.get(fam.name);
                if (o == null || e == null) {
                    continue;
                }
                compared++;
                if (Objects.equals(o, e)) {
                    agree++;
                } else {
                    dis.add(r.file.getFileName() + ": engine=" + e + " oracle=" + o);
                }
            }
            System.out.printf(Locale.ROOT, "| %s | %d | %d | %d |%n", fam.name, compared, agree, dis.size());
            details.put(fam.name, dis);
        }
        System.out.println();
        for (var e : details.entrySet()) {
            if (!e.getValue().isEmpty()) {
                System.out.println("### Disagreements: " + e.getKey());
                e.getValue().forEach(d -> System.out.println("- " + d));
                System.out.println();
            }
        }

        System.out.println("## Speed and memory");
        System.out.println();
        int totalPages = cold.pages();
        describePass("cold pass (first documents of a fresh JVM)", cold, files.size());
        if (warmMedian != null) {
            describePass("warm pass (median of " + warm.size() + " passes after the cold one, by CPU)", warmMedian,
                    files.size());
        }
        System.out.println();
        System.out.println("| pass | wall s | CPU s, walking thread | CPU s, whole JVM | GC pauses s | JIT compiling s |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        var all = new ArrayList<Pass>();
        all.add(cold);
        all.addAll(warm);
        for (int i = 0; i < all.size(); i++) {
            Pass p = all.get(i);
            System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
                    i == 0 ? "1 (cold)" : String.valueOf(i + 1), p.nanos() / 1e9, p.cpuNanos() / 1e9,
                    p.jvmCpuNanos() / 1e9, p.gcMillis() / 1e3, p.jitMillis() / 1e3);
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "- peak heap during one document: cold pass %.0f MB, warm passes %.0f MB "
                + "(max heap %d MB)%n", cold.peakHeap() / 1048576.0, warm.stream().mapToLong(Pass::peakHeap)
                .max().orElse(0) / 1048576.0, Runtime.getRuntime().maxMemory() >> 20);
        Run biggest = cold.runs.stream().max(Comparator.comparingInt(Run::pages)).orElse(null);
        if (biggest != null) {
            Run warmBiggest = warmMedian == null ? null : warmMedian.runs.get(cold.runs.indexOf(biggest));
            System.out.printf(Locale.ROOT, "- largest document %s: %d pages, cold %.2f s wall / %.2f s CPU, "
                    + "warm %s; peak heap %.0f MB%n", biggest.file.getFileName(), biggest.pages, biggest.nanos / 1e9,
                    biggest.cpuNanos / 1e9, warmBiggest == null ? "-" : String.format(Locale.ROOT,
                    "%.2f s wall / %.2f s CPU", warmBiggest.nanos / 1e9, warmBiggest.cpuNanos / 1e9),
                    biggest.peakHeapBytes / 1048576.0);
        }
        System.out.println();
        System.out.println("| file | pages | cold wall s | cold CPU s | warm wall s | warm CPU s | peak heap MB |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int i = 0; i < cold.runs.size(); i++) {
            Run r = cold.runs.get(i);
            Run w = warmMedian == null ? null : warmMedian.runs.get(i);
            System.out.printf(Locale.ROOT, "| %s | %s | %.3f | %.3f | %s | %s | %.0f |%n", r.file.getFileName(),
                    r.unreadableCode != null ? r.unreadableCode : String.valueOf(r.pages), r.nanos / 1e9,
                    r.cpuNanos / 1e9, w == null ? "-" : String.format(Locale.ROOT, "%.3f", w.nanos / 1e9),
                    w == null ? "-" : String.format(Locale.ROOT, "%.3f", w.cpuNanos / 1e9),
                    r.peakHeapBytes / 1048576.0);
        }
        System.out.println();
        if (tools) {
            // Native tools need no warm-up; they run as often as the warm passes and the median run counts.
            int repeats = Math.max(1, warm.size());
            double[] fonts = medianToolTime(files, repeats, f -> List.of("pdffonts", f.toString()));
            double[] images = medianToolTime(files, repeats, f -> List.of("pdfimages", "-list", f.toString()));
            double toolsWall = fonts[0] + images[0];
            double toolsCpu = fonts[1] + images[1];
            System.out.println("| same files, same run | wall s | CPU s | CPU s, whole JVM | CPU / (pdffonts + "
                    + "pdfimages -list CPU) |");
            System.out.println("|---|---:|---:|---:|---:|");
            row("engine structural pass, cold (first pass of a fresh JVM)", cold, toolsCpu);
            if (warmMedian != null) {
                row("engine structural pass, warm (median of " + warm.size() + " passes)", warmMedian, toolsCpu);
            }
            System.out.printf(Locale.ROOT, "| pdffonts (median of %d runs) | %.2f | %.2f | | |%n", repeats, fonts[0],
                    fonts[1]);
            System.out.printf(Locale.ROOT, "| pdfimages -list (median of %d runs) | %.2f | %.2f | | |%n", repeats,
                    images[0], images[1]);
            System.out.printf(Locale.ROOT, "| **pdffonts + pdfimages -list** | **%.2f** | **%.2f** | | |%n",
                    toolsWall, toolsCpu);
            if (inkcov) {
                double[] gs = toolTime(files, f -> List.of("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER",
                        "-sDEVICE=inkcov", "-o", "/dev/null", f.toString()));
                System.out.printf(Locale.ROOT, "| gs -sDEVICE=inkcov (once) | %.2f | %.2f | | |%n", gs[0], gs[1]);
            }
            System.out.println();
            System.out.println("Engine CPU is the walking thread's (ThreadMXBean); \"whole JVM\" adds the JIT "
                    + "compiler and GC threads while a document is read. Tool CPU is user+system of the child "
                    + "processes (/proc/self/stat).");
        }
        System.out.printf(Locale.ROOT, "%n%d pages per pass%n", totalPages);
    }

    private static void describePass(String label, Pass p, int files) {
        double secs = p.nanos() / 1e9;
        double cpu = p.cpuNanos() / 1e9;
        System.out.printf(Locale.ROOT, "- %s: %d files, %d pages in %.2f s wall, %.2f s CPU of the walking thread, "
                + "%.2f s CPU of the whole JVM (GC pauses %.2f s, JIT compiling %.2f s) = %.1f pages/s wall, "
                + "%.1f pages/s CPU%n", label, files, p.pages(), secs, cpu, p.jvmCpuNanos() / 1e9,
                p.gcMillis() / 1e3, p.jitMillis() / 1e3, p.pages() / secs, p.pages() / cpu);
    }

    private static void row(String label, Pass p, double toolsCpu) {
        System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2fx |%n", label, p.nanos() / 1e9,
                p.cpuNanos() / 1e9, p.jvmCpuNanos() / 1e9, p.cpuNanos() / 1e9 / toolsCpu);
    }

    private static Pass pass(List<Path> files, EngineSettings settings, boolean tac, List<Family> families) {
        var runs = new ArrayList<Run>();
        for (Path f : files) {
            runs.add(structural(f, settings, tac, families));
        }
        return new Pass(runs);
    }

    /**
     * Reads one file as the service does ({@code Engine.analyze} up to the checks): open, repair detection, facts
     * with the file at hand for /Length checks. Only that is timed; the families are read afterwards.
     */
    private static Run structural(Path f, EngineSettings settings, boolean tac, List<Family> families) {
        System.gc();
        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        pools.forEach(MemoryPoolMXBean::resetPeakUsage);
        var threads = ManagementFactory.getThreadMXBean();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long gc0 = gcMillis();
        long jit0 = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        long j0 = os.getProcessCpuTime();
        long c0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        DocumentFacts facts = null;
        String code = null;
        try (PDDocument doc = PdfOpener.open(f, settings.maxMainMemoryBytes())) {
            facts = FactsCollector.collect(doc, f, Files.size(f), RepairDetector.problems(f), settings);
        } catch (UnreadablePdfException e) {
            code = e.reason();
        } catch (IOException e) {
            code = "io";
        }
        long nanos = System.nanoTime() - t0;
        long cpu = threads.getCurrentThreadCpuTime() - c0;
        long jvmCpu = os.getProcessCpuTime() - j0;
        long gc = gcMillis() - gc0;
        long jit = ManagementFactory.getCompilationMXBean().getTotalCompilationTime() - jit0;
        long peak = pools.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        Map<Integer, InkFacts> ink = null;
        if (tac && facts != null) {
            try {
                var opts = InkOptions.of(settings).withDpi(72);
                opts = new InkOptions(72, opts.windowMm(), 300, 300, opts.ghostscript(), Duration.ofMinutes(10),
                        opts.scratchDir(), 1, 0);
                ink = new InkAnalyzer().analyze(f, opts);
            } catch (Exception e) {
                ink = Map.of();
            }
        }
        var outcome = new Outcome(facts, code, ink);
        var values = new LinkedHashMap<String, Object>();
        for (Family fam : families) {
            Object v = fam.engine.apply(outcome);
            if (v != null) {
                values.put(fam.name, v);
            }
        }
        return new Run(f, facts == null ? -1 : facts.pageCount(), code, nanos, cpu, jvmCpu, gc, jit, peak, values);
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(b -> Math.max(0, b.getCollectionTime())).sum();
    }

    private static JsonNode oracle(Path dir, Path pdf) {
        Path o = dir.resolve(pdf.getFileName() + ".json");
        if (!Files.exists(o)) {
            return null;
        }
        try {
            return JSON.readTree(o.toFile()).get("facts");
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static List<Family> families(boolean tac) {
        var list = new ArrayList<Family>();
        list.add(new Family("fonts not embedded (names)", r -> r.facts() == null ? null : notEmbedded(r.facts()),
                o -> strings(o.get("fonts_not_embedded"))));
        list.add(new Family("image placements below 150 ppi", r -> r.facts() == null ? null
                : (int) images(r.facts()).filter(e -> Math.min(Math.round(e.image().ppiX()),
                Math.round(e.image().ppiY())) < 150).count(), o -> intOrNull(o.get("images_lt_150ppi"))));
        list.add(new Family("RGB image placements (DeviceRGB/ICC RGB, not Indexed)", r -> r.facts() == null ? null
                : (int) images(r.facts()).filter(e -> directRgb(e.fill())).count(),
                o -> intOrNull(o.get("images_rgb"))));
        list.add(new Family("spot colour names painted vs declared (qpdf), process names excluded", r -> r.facts() == null ? null
                : spots(r.facts()), o -> spotStrings(o.get("spot_colors_declared_qpdf"))));
        list.add(new Family("spot colour names painted vs rendered (tiffsep), process names excluded", r -> r.facts() == null ? null
                : spots(r.facts()), o -> spotStrings(o.get("spot_colors_tiffsep"))));
        list.add(new Family("encrypted", r -> r.facts() == null ? (Object) "password_required".equals(
                r.unreadableCode()) : r.facts().document().encrypted(), o -> boolOrNull(o.get("encrypted"))));
        list.add(new Family("damaged (xref rebuilt / unreadable / a drawn stream does not decode)",
                r -> r.facts() == null ? (Object) "damaged".equals(r.unreadableCode())
                        : r.facts().document().repaired() || !r.facts().damagedStreams().isEmpty(),
                o -> boolOrNull(o.get("damaged"))));
        list.add(new Family("TrimBox missing on every page", r -> r.facts() == null ? null
                : r.facts().pages().stream().allMatch(p -> p.geometry().trimBox() == null),
                o -> boolOrNull(o.get("trimbox_missing_all_pages"))));
        list.add(new Family("JavaScript present (any JavaScript action)", r -> r.facts() == null ? null
                : r.facts().actions().stream().anyMatch(a -> a.type().equals("JavaScript")),
                o -> boolOrNull(o.get("javascript_qpdf"))));
        list.add(new Family("optional-content groups", r -> r.facts() == null ? null
                : r.facts().optionalContent().groups().size(), o -> intOrNull(o.get("ocg_count"))));
        list.add(new Family("annotations", r -> r.facts() == null ? null
                : r.facts().pages().stream().mapToInt(p -> p.annotations().size()).sum(),
                o -> intOrNull(o.get("annotations_total"))));
        list.add(new Family("document output intent subtypes", r -> r.facts() == null ? null
                : r.facts().outputIntents().stream().filter(oi -> oi.pageNum() == 0).map(oi -> oi.subtype()).toList(),
                o -> o.get("output_intents") == null ? null : o.get("output_intents").valueStream()
                        .map(JsonNode::asString).toList()));
        list.add(new Family("page-level output intents present", r -> r.facts() == null ? null
                : r.facts().pages().stream().anyMatch(p -> p.hasOutputIntent()),
                o -> boolOrNull(o.get("page_level_output_intents"))));
        list.add(new Family("smallest visible text size, pt (1 decimal)", r -> r.facts() == null ? null
                : minTextSize(r.facts()), o -> roundOrNull(o.get("min_visible_text_pt"), 10)));
        list.add(new Family("thinnest visible stroke, pt (2 decimals)", r -> r.facts() == null ? null
                : minStroke(r.facts()), o -> roundOrNull(o.get("min_stroke_width_pt"), 100)));
        if (tac) {
            list.add(new Family("pages with a pixel over 300 % TAC (72 dpi)", r -> r.ink() == null || r.ink().isEmpty()
                    ? null : (int) r.ink().values().stream().filter(i -> i.maxPixelTac() > 300).count(),
                    o -> intOrNull(o.get("tac_pages_over_300"))));
        }
        return list;
    }

    /** Absent (no visible text / strokes) compares as the string "none", like the oracle's null. */
    private static Object minTextSize(DocumentFacts f) {
        return f.pages().stream().flatMap(p -> p.elements().stream())
                .filter(e -> e.kind() == ElementKind.TEXT && e.visible() && e.text().renderMode() != 3
                        && e.text().renderMode() != 7)
                .mapToDouble(e -> e.text().fontSize()).min().stream().mapToObj(v -> (Object) (Math.round(v * 10)
                        / 10.0)).findFirst().orElse("none");
    }

    private static Object minStroke(DocumentFacts f) {
        return f.pages().stream().flatMap(p -> p.elements().stream())
                .filter(e -> e.kind().strokes() && e.visible())
                .mapToDouble(PaintedElement::lineWidth).min().stream().mapToObj(v -> (Object) (Math.round(v * 100)
                        / 100.0)).findFirst().orElse("none");
    }

    private static Object roundOrNull(JsonNode n, int scale) {
        if (n == null || n.isNull()) {
            return "none";
        }
        return Math.round(n.asDouble() * scale) / (double) scale;
    }

    private static java.util.stream.Stream<PaintedElement> images(DocumentFacts f) {
        return f.pages().stream().flatMap(p -> p.elements().stream()).filter(e -> e.kind() == ElementKind.IMAGE);
    }

    private static boolean directRgb(PaintColor c) {
        if (c == null) {
            return false;
        }
        return c.space().equals("DeviceRGB") || c.space().equals("CalRGB")
                || (c.space().equals("ICCBased") && "RGB".equals(c.iccSpace()));
    }

    private static Set<String> notEmbedded(DocumentFacts f) {
        var s = new TreeSet<String>();
        for (FontFact ff : f.fonts()) {
            if (!ff.embedded() && ff.name() != null) {
                s.add(ff.name());
            }
        }
        return s;
    }

    /** Process colorants in DeviceN and the None colorant are not spot colours (GWG R0020). */
    private static final Set<String> NOT_SPOTS = Set.of("Cyan", "Magenta", "Yellow", "Black", "None");

    private static Set<String> spots(DocumentFacts f) {
        var s = new TreeSet<String>();
        f.pages().stream().flatMap(p -> p.elements().stream()).forEach(e -> {
            for (PaintColor c : new PaintColor[] {e.fill(), e.stroke()}) {
                if (c != null && c.isSpot()) {
                    s.addAll(c.colorants());
                }
            }
        });
        f.images().forEach(i -> {
            if (i.color() != null && i.color().isSpot()) {
                s.addAll(i.color().colorants());
            }
        });
        s.removeAll(NOT_SPOTS);
        return s;
    }

    private static Set<String> spotStrings(JsonNode n) {
        Set<String> s = strings(n);
        if (s != null) {
            s.removeAll(NOT_SPOTS);
        }
        return s;
    }

    private static Set<String> strings(JsonNode n) {
        if (n == null || !n.isArray()) {
            return null;
        }
        var s = new TreeSet<String>();
        n.forEach(x -> s.add(x.asString()));
        return s;
    }

    private static Integer intOrNull(JsonNode n) {
        return n == null || n.isNull() ? null : n.asInt();
    }

    private static Boolean boolOrNull(JsonNode n) {
        return n == null || n.isNull() ? null : n.asBoolean();
    }

    /** The run with the median CPU time of {@code repeats} runs of a tool over the files: {wall, CPU}. */
    private static double[] medianToolTime(List<Path> files, int repeats, Function<Path, List<String>> command) {
        var all = new ArrayList<double[]>();
        for (int i = 0; i < repeats; i++) {
            all.add(toolTime(files, command));
        }
        all.sort(Comparator.comparingDouble(t -> t[1]));
        return all.get(all.size() / 2);
    }

    /** Wall seconds and CPU seconds (children's user+system time from /proc, NaN elsewhere) of a tool run. */
    private static double[] toolTime(List<Path> files, Function<Path, List<String>> command) {
        double cpu0 = childrenCpuSeconds();
        long t0 = System.nanoTime();
        for (Path f : files) {
            try {
                Process p = new ProcessBuilder(command.apply(f)).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!p.waitFor(300, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (IOException e) {
                return new double[] {Double.NaN, Double.NaN};
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new double[] {Double.NaN, Double.NaN};
            }
        }
        return new double[] {(System.nanoTime() - t0) / 1e9, childrenCpuSeconds() - cpu0};
    }

    /** cutime + cstime of this process (reaped children), from /proc/self/stat, in seconds at 100 ticks/s. */
    private static double childrenCpuSeconds() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // after the command name: field 3 is index 0, so cutime (16) and cstime (17) are 13 and 14
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
