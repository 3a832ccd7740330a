package dev.preflight.engine.bench;

import dev.preflight.engine.RenderException;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.facts.InkFacts;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.InkAnalyzer;
import dev.preflight.engine.render.InkOptions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Times the ink pass (tiffsep separations + coverage + windowed TAC) over the shared corpus next to Ghostscript's
 * own {@code inkcov} device on the same files at the same resolution, and compares the CMYK coverage with
 * Ghostscript's {@code ink_cov} device (ink amount; {@code inkcov} counts inked pixels, not ink). The build
 * excludes the {@code benchmark} tag, so run it as a main class (see docs/benchmarks.md, "rendered ink pass"):
 * {@code java -cp ... dev.preflight.engine.bench.InkBench 72,150 [corpus-dir]}; writes {@code target/ink-bench.md}.
 */
@Tag("benchmark")
class InkBench {

    private static final Path DEFAULT_CORPUS = Corpus.locate().resolve("pdfs");
    private static final String[] PROCESS = {"Cyan", "Magenta", "Yellow", "Black"};

    private record Row(String file, int pages, double oursMs, double ownProcessMs, double inkcovMs, double inkCovMs,
                       double maxCoverageDiff, double maxTac, String note) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            System.setProperty("inkbench.dpi", args[0]);
        }
        if (args.length > 1) {
            System.setProperty("inkbench.corpus", args[1]);
        }
        Path corpus = Path.of(System.getProperty("inkbench.corpus", DEFAULT_CORPUS.toString()));
        if (!Files.isDirectory(corpus)) {
            System.out.println("corpus not present, nothing to measure: " + corpus);
            return;
        }
        run(corpus);
    }

    @Test
    void inkPassAgainstInkcov() throws Exception {
        Path corpus = Path.of(System.getProperty("inkbench.corpus", DEFAULT_CORPUS.toString()));
        Assumptions.assumeTrue(Files.isDirectory(corpus), "corpus not present: " + corpus);
        run(corpus);
    }

    private static void run(Path corpus) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus)) {
            files = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        var report = new StringBuilder();
        report.append("Ghostscript ").append(new Ghostscript("gs").version()).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores, ").append(files.size())
                .append(" files\n");
        for (String dpiText : System.getProperty("inkbench.dpi", "72").split(",")) {
            int dpi = Integer.parseInt(dpiText.trim());
            report.append(table(files, dpi));
        }
        System.out.println(report);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/ink-bench.md"), report);
    }

    private static String table(List<Path> files, int dpi) throws IOException {
        Path scratch = Files.createTempDirectory("inkbench");
        var options = new InkOptions(dpi, 15, 300, 300, "gs", Duration.ofMinutes(10), scratch, 1, 0);
        var rows = new ArrayList<Row>();
        // warm the JVM and Ghostscript's file cache once, outside the timings
        try {
            new InkAnalyzer().analyze(files.getFirst(), options.withPages(1, 1));
        } catch (UnreadablePdfException | RenderException ignored) {
            // a bad first file only skips the warm-up
        }
        for (Path file : files) {
            String name = file.getFileName().toString();
            long t0 = System.nanoTime();
            Map<Integer, InkFacts> ink;
            try {
                ink = new InkAnalyzer().analyze(file, options);
            } catch (UnreadablePdfException | RenderException e) {
                rows.add(new Row(name, 0, 0, 0, 0, 0, 0, 0, "ink pass failed: " + e.getMessage()));
                continue;
            }
            double oursMs = (System.nanoTime() - t0) / 1e6;
            // the same pass with a Ghostscript process of its own per run (no warm processes): time and facts
            System.setProperty("preflight.gs.pool", "off");
            long t3 = System.nanoTime();
            Map<Integer, InkFacts> own;
            try {
                own = new InkAnalyzer().analyze(file, options);
            } catch (UnreadablePdfException | RenderException e) {
                own = Map.of();
            } finally {
                System.clearProperty("preflight.gs.pool");
            }
            double ownMs = (System.nanoTime() - t3) / 1e6;
            long t1 = System.nanoTime();
            try {
                coverage(file, dpi, "inkcov", false);
            } catch (RenderException e) {
                // timing only
            }
            double inkcovMs = (System.nanoTime() - t1) / 1e6;
            long t2 = System.nanoTime();
            List<double[]> inkcov;
            try {
                inkcov = coverage(file, dpi, "ink_cov", true);
            } catch (RenderException e) {
                inkcov = List.of();
            }
            double inkCovMs = (System.nanoTime() - t2) / 1e6;
            int pages = ink.size();
            double diff = 0;
            double maxTac = 0;
            for (var e : ink.entrySet()) {
                maxTac = Math.max(maxTac, e.getValue().maxTacAll());
                if (e.getKey() - 1 < inkcov.size()) {
                    double[] ref = inkcov.get(e.getKey() - 1);
                    for (int c = 0; c < 4; c++) {
                        double ours = e.getValue().coveragePercent().getOrDefault(PROCESS[c], 0.0);
                        diff = Math.max(diff, Math.abs(ours - ref[c]));
                    }
                }
            }
            String note = inkcov.size() == pages ? "" : "ink_cov pages: " + inkcov.size();
            if (!own.equals(ink)) {
                note += (note.isEmpty() ? "" : "; ") + "facts differ from a process of its own";
            }
            rows.add(new Row(name, pages, pages == 0 ? 0 : oursMs / pages, pages == 0 ? 0 : ownMs / pages,
                    pages == 0 ? 0 : inkcovMs / pages,
                    pages == 0 ? 0 : inkCovMs / pages, diff, maxTac, note));
        }
        deleteTree(scratch);

        var out = new StringBuilder();
        out.append("\n### ").append(dpi).append(" dpi\n\n");
        out.append("| file | pages | ink pass ms/page | without warm processes ms/page | inkcov ms/page "
                + "| ink_cov ms/page | max CMYK coverage diff vs ink_cov (points) | max TAC 15 mm | note |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        int pages = 0;
        double ownTotal = 0;
        double ours = 0;
        double theirs = 0;
        double theirs2 = 0;
        for (Row r : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.0f | %.0f | %.2f | %.1f | %s |%n",
                    r.file(), r.pages(), r.oursMs(), r.ownProcessMs(), r.inkcovMs(), r.inkCovMs(),
                    r.maxCoverageDiff(), r.maxTac(), r.note()));
            pages += r.pages();
            ownTotal += r.ownProcessMs() * r.pages();
            ours += r.oursMs() * r.pages();
            theirs += r.inkcovMs() * r.pages();
            theirs2 += r.inkCovMs() * r.pages();
        }
        out.append(String.format(Locale.ROOT, "| **all** | %d | **%.0f** | **%.0f** | **%.0f** | **%.0f** | | | |%n",
                pages, pages == 0 ? 0 : ours / pages, pages == 0 ? 0 : ownTotal / pages,
                pages == 0 ? 0 : theirs / pages, pages == 0 ? 0 : theirs2 / pages));
        out.append(String.format(Locale.ROOT, "%nTotals: ink pass %.2f s, without warm processes %.2f s, inkcov %.2f s,"
                + " ink_cov %.2f s; ratio ink pass / inkcov %.2f%n", ours / 1000, ownTotal / 1000, theirs / 1000,
                theirs2 / 1000, theirs == 0 ? 0 : ours / theirs));
        return out.toString();
    }

    /**
     * Per-page C, M, Y, K numbers printed by Ghostscript's inkcov or ink_cov device; {@code cropBox} renders the
     * CropBox as the ink pass does (Ghostscript's default is the MediaBox).
     */
    private static List<double[]> coverage(Path file, int dpi, String device, boolean cropBox)
            throws RenderException {
        var args = new ArrayList<>(List.of("-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=" + device,
                "-r" + dpi));
        if (cropBox) {
            args.add("-dUseCropBox");
        }
        args.addAll(List.of("-o", "-", file.toAbsolutePath().toString()));
        var r = new Ghostscript("gs").run(args, null, Duration.ofMinutes(10));
        var pages = new ArrayList<double[]>();
        for (String line : r.stdout().split("\\R")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length >= 5 && parts[4].equals("CMYK")) {
                pages.add(new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1]),
                        Double.parseDouble(parts[2]), Double.parseDouble(parts[3])});
            }
        }
        return pages;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
