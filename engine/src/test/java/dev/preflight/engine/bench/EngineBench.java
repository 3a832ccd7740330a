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
 * {@code bench/run-engine-bench.sh [corpusDir] [--tac] [--no-tools]}.
 *
 * <p>Prints, per fact family, how many files agree with the oracle and the disagreements; then pages per second
 * and peak heap of the structural pass next to the wall time of pdffonts, pdfimages -list and Ghostscript inkcov
 * on the same files in the same run. {@code --tac} also renders ink (InkAnalyzer, 72 dpi) and compares pages whose
 * highest pixel total exceeds 300 % with the oracle's 72 dpi tiff32nc measurement.
 */
public final class EngineBench {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /** What the engine said about one file (null facts when it could not open it). */
    record Run(Path file, DocumentFacts facts, String unreadableCode, long nanos, long cpuNanos, long peakHeapBytes,
               Map<Integer, InkFacts> ink) {
    }

    /** One fact family: engine value and oracle value per file, compared by {@code equals}. */
    record Family(String name, Function<Run, Object> engine, Function<JsonNode, Object> oracle) {
    }

    private EngineBench() {
    }

    public static void main(String[] args) throws Exception {
        Path corpus = Corpus.locate();
        boolean tac = false;
        boolean tools = true;
        for (String a : args) {
            if (a.equals("--tac")) {
                tac = true;
            } else if (a.equals("--no-tools")) {
                tools = false;
            } else {
                corpus = Path.of(a);
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

        // Warm up the JIT on one mid-sized file so the first measured file is not penalised.
        files.stream().filter(p -> p.getFileName().toString().contains("tracemonkey")).findFirst()
                .ifPresent(p -> structural(p, settings, false));

        var runs = new ArrayList<Run>();
        long totalNanos = 0;
        long totalCpu = 0;
        int totalPages = 0;
        long peak = 0;
        for (Path f : files) {
            Run r = structural(f, settings, tac);
            runs.add(r);
            totalNanos += r.nanos;
            totalCpu += r.cpuNanos;
            peak = Math.max(peak, r.peakHeapBytes);
            if (r.facts != null) {
                totalPages += r.facts.pageCount();
            }
        }

        var families = families(tac);
        System.out.println("## Agreement with the oracle (" + files.size() + " files)");
        System.out.println();
        System.out.println("| fact family | files compared | agree | disagree |");
        System.out.println("|---|---|---|---|");
        var details = new LinkedHashMap<String, List<String>>();
        for (Family fam : families) {
            int compared = 0;
            int agree = 0;
            var dis = new ArrayList<String>();
            for (Run r : runs) {
                JsonNode oracle = oracle(oracleDir, r.file);
                if (oracle == null) {
                    continue;
                }
                Object o = fam.oracle.apply(oracle);
                Object e = fam.engine.apply(r);
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
        double secs = totalNanos / 1e9;
        double cpuSecs = totalCpu / 1e9;
        System.out.printf(Locale.ROOT, "- structural pass: %d files, %d pages in %.2f s wall (%.2f s CPU of the "
                + "walking thread) = %.1f pages/s wall, %.1f pages/s CPU; peak heap during one document %.0f MB "
                + "(max heap %d MB)%n", files.size(), totalPages, secs, cpuSecs, totalPages / secs,
                totalPages / cpuSecs, peak / 1048576.0, Runtime.getRuntime().maxMemory() >> 20);
        Run biggest = runs.stream().filter(r -> r.facts != null)
                .max((a, b) -> Integer.compare(a.facts.pageCount(), b.facts.pageCount())).orElse(null);
        if (biggest != null) {
            System.out.printf(Locale.ROOT, "- largest document %s: %d pages in %.2f s, peak heap %.0f MB%n",
                    biggest.file.getFileName(), biggest.facts.pageCount(), biggest.nanos / 1e9,
                    biggest.peakHeapBytes / 1048576.0);
        }
        System.out.println();
        System.out.println("| file | pages | engine wall s | engine CPU s | peak heap MB |");
        System.out.println("|---|---|---|---|---|");
        for (Run r : runs) {
            System.out.printf(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.0f |%n", r.file.getFileName(),
                    r.facts == null ? r.unreadableCode : String.valueOf(r.facts.pageCount()), r.nanos / 1e9,
                    r.cpuNanos / 1e9, r.peakHeapBytes / 1048576.0);
        }
        System.out.println();
        if (tools) {
            double[] fonts = toolTime(files, f -> List.of("pdffonts", f.toString()));
            double[] images = toolTime(files, f -> List.of("pdfimages", "-list", f.toString()));
            double[] inkcov = toolTime(files, f -> List.of("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER",
                    "-sDEVICE=inkcov", "-o", "/dev/null", f.toString()));
            System.out.printf(Locale.ROOT, "| tool (same files, same run) | wall s | CPU s |%n|---|---|---|%n"
                    + "| engine structural pass (all facts) | %.2f | %.2f |%n| pdffonts | %.2f | %.2f |%n"
                    + "| pdfimages -list | %.2f | %.2f |%n| gs -sDEVICE=inkcov | %.2f | %.2f |%n"
                    + "| pdffonts + pdfimages + inkcov | %.2f | %.2f |%n", secs, cpuSecs, fonts[0], fonts[1],
                    images[0], images[1], inkcov[0], inkcov[1], fonts[0] + images[0] + inkcov[0],
                    fonts[1] + images[1] + inkcov[1]);
        }
    }

    private static Run structural(Path f, EngineSettings settings, boolean tac) {
        System.gc();
        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        pools.forEach(MemoryPoolMXBean::resetPeakUsage);
        var threads = ManagementFactory.getThreadMXBean();
        long c0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        DocumentFacts facts = null;
        String code = null;
        try (PDDocument doc = PdfOpener.open(f, settings.maxMainMemoryBytes())) {
            facts = FactsCollector.collect(doc, Files.size(f), RepairDetector.problems(f), settings);
        } catch (UnreadablePdfException e) {
            code = e.reason();
        } catch (IOException e) {
            code = "io";
        }
        long nanos = System.nanoTime() - t0;
        long cpu = threads.getCurrentThreadCpuTime() - c0;
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
        return new Run(f, facts, code, nanos, cpu, peak, ink);
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
        list.add(new Family("fonts not embedded (names)", r -> r.facts == null ? null : notEmbedded(r.facts),
                o -> strings(o.get("fonts_not_embedded"))));
        list.add(new Family("image placements below 150 ppi", r -> r.facts == null ? null
                : (int) images(r.facts).filter(e -> Math.min(Math.round(e.image().ppiX()),
                Math.round(e.image().ppiY())) < 150).count(), o -> intOrNull(o.get("images_lt_150ppi"))));
        list.add(new Family("RGB image placements (DeviceRGB/ICC RGB, not Indexed)", r -> r.facts == null ? null
                : (int) images(r.facts).filter(e -> directRgb(e.fill())).count(),
                o -> intOrNull(o.get("images_rgb"))));
        list.add(new Family("spot colour names painted vs declared (qpdf), process names excluded", r -> r.facts == null ? null
                : spots(r.facts), o -> spotStrings(o.get("spot_colors_declared_qpdf"))));
        list.add(new Family("spot colour names painted vs rendered (tiffsep), process names excluded", r -> r.facts == null ? null
                : spots(r.facts), o -> spotStrings(o.get("spot_colors_tiffsep"))));
        list.add(new Family("encrypted", r -> r.facts == null ? (Object) "password_required".equals(
                r.unreadableCode) : r.facts.document().encrypted(), o -> boolOrNull(o.get("encrypted"))));
        list.add(new Family("damaged (xref rebuilt / unreadable / a drawn stream does not decode)",
                r -> r.facts == null ? (Object) "damaged".equals(r.unreadableCode)
                        : r.facts.document().repaired() || !r.facts.damagedStreams().isEmpty(),
                o -> boolOrNull(o.get("damaged"))));
        list.add(new Family("TrimBox missing on every page", r -> r.facts == null ? null
                : r.facts.pages().stream().allMatch(p -> p.geometry().trimBox() == null),
                o -> boolOrNull(o.get("trimbox_missing_all_pages"))));
        list.add(new Family("JavaScript present (any JavaScript action)", r -> r.facts == null ? null
                : r.facts.actions().stream().anyMatch(a -> a.type().equals("JavaScript")),
                o -> boolOrNull(o.get("javascript_qpdf"))));
        list.add(new Family("optional-content groups", r -> r.facts == null ? null
                : r.facts.optionalContent().groups().size(), o -> intOrNull(o.get("ocg_count"))));
        list.add(new Family("annotations", r -> r.facts == null ? null
                : r.facts.pages().stream().mapToInt(p -> p.annotations().size()).sum(),
                o -> intOrNull(o.get("annotations_total"))));
        list.add(new Family("document output intent subtypes", r -> r.facts == null ? null
                : r.facts.outputIntents().stream().filter(oi -> oi.pageNum() == 0).map(oi -> oi.subtype()).toList(),
                o -> o.get("output_intents") == null ? null : o.get("output_intents").valueStream()
                        .map(JsonNode::asString).toList()));
        list.add(new Family("page-level output intents present", r -> r.facts == null ? null
                : r.facts.pages().stream().anyMatch(p -> p.hasOutputIntent()),
                o -> boolOrNull(o.get("page_level_output_intents"))));
        list.add(new Family("smallest visible text size, pt (1 decimal)", r -> r.facts == null ? null
                : minTextSize(r.facts), o -> roundOrNull(o.get("min_visible_text_pt"), 10)));
        list.add(new Family("thinnest visible stroke, pt (2 decimals)", r -> r.facts == null ? null
                : minStroke(r.facts), o -> roundOrNull(o.get("min_stroke_width_pt"), 100)));
        if (tac) {
            list.add(new Family("pages with a pixel over 300 % TAC (72 dpi)", r -> r.ink == null || r.ink.isEmpty()
                    ? null : (int) r.ink.values().stream().filter(i -> i.maxPixelTac() > 300).count(),
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
