package dev.preflight.engine.bench;

import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.view.LayerToggles;
import dev.preflight.engine.view.PixelBudget;
import dev.preflight.engine.view.SoftProof;
import dev.preflight.engine.view.TileRenderer;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Soft-proof tiles (issue 24) against the plain PDFBox tile and {@code mutool draw}: page 1 of every corpus file at
 * 150 dpi, each file opened for the first time (open, condition, render, PNG), after a warm-up on a generated page;
 * then every page of the corpus's largest file as a proof with the heap sampled. Run with -Xmx512m
 * ({@code bench/run-proof-bench.sh}); it writes {@code target/proof-bench.md}.
 */
public final class ProofBench {

    private static final int DPI = 150;
    /** The ICC catalogue's FOGRA39, from the repository root (the script's) or the engine module (Maven's). */
    private static final Path FOGRA39 = Files.exists(Path.of("server")) ? Path.of("server", "src", "main", "resources",
            "icc", "profiles", "fogra39.icc") : Path.of("..", "server", "src", "main", "resources", "icc", "profiles",
            "fogra39.icc");

    private ProofBench() {
    }

    public static void main(String[] args) throws Exception {
        Path corpus = args.length > 0 ? Path.of(args[0]) : Corpus.locate();
        Path pdfs = Files.isDirectory(corpus.resolve("pdfs")) ? corpus.resolve("pdfs") : corpus;
        List<Path> files;
        try (Stream<Path> s = Files.list(pdfs)) {
            files = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        Path scratch = Files.createTempDirectory("proof-bench");
        var soft = new SoftProof("gs", scratch, Duration.ofMinutes(2));
        SoftProof.Condition fogra39 = SoftProof.named("FOGRA39", FOGRA39);
        Path warm = WarmupPdf.write(scratch.resolve("warmup.pdf"));
        for (int i = 0; i < 8; i++) {
            proof(soft, warm, fogra39);
            plain(warm);
        }
        var out = new StringBuilder("| file | proof ms | plain PDFBox tile ms | mutool draw ms | proof / mutool |\n"
                + "|---|---:|---:|---:|---:|\n");
        double sumProof = 0;
        double sumPlain = 0;
        double sumMutool = 0;
        var ratios = new ArrayList<Double>();
        int failed = 0;
        for (Path f : files) {
            double p;
            double q;
            try {
                p = proof(soft, f, fogra39);
                q = plain(f);
            } catch (Exception e) {
                out.append("| ").append(f.getFileName()).append(" | failed: ")
                        .append(String.valueOf(e.getMessage()).lines().findFirst().orElse("")).append(" | | | |\n");
                failed++;
                continue;
            }
            double[] mu = Cpu.tool(List.of("mutool", "draw", "-q", "-r", String.valueOf(DPI), "-o",
                    scratch.resolve("mu.png").toString(), f.toString(), "1"), Duration.ofMinutes(3));
            sumProof += p;
            sumPlain += q;
            sumMutool += mu[0];
            ratios.add(p / Math.max(1, mu[0]));
            out.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.2f |%n", f.getFileName(), p, q,
                    mu[0], p / Math.max(1, mu[0])));
        }
        ratios.sort(null);
        String summary = String.format(Locale.ROOT, "%d files (%d failed to render): proof %.1f s, plain tile %.1f s,"
                        + " mutool %.1f s; proof / mutool %.2fx in total, median per page %.2fx%n%n",
                files.size(), failed, sumProof / 1000, sumPlain / 1000, sumMutool / 1000, sumProof / sumMutool,
                ratios.isEmpty() ? 0 : ratios.get(ratios.size() / 2));
        String whole = whole(soft, files, fogra39);
        String text = summary + out + "\n" + whole;
        System.out.println(text);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/proof-bench.md"), text);
    }

    /** Open (geometry and condition), proof, PNG: ms. */
    private static double proof(SoftProof soft, Path f, SoftProof.Condition fallback) throws Exception {
        long t0 = System.nanoTime();
        PageGeometry page;
        try (TileRenderer t = TileRenderer.open(f, 64L << 20, PixelBudget.defaults())) {
            page = t.page(1);
        }
        SoftProof.Condition c = soft.condition(f, fallback);
        soft.render(f, page, DPI, null, LayerToggles.NONE, List.of(), c, PixelBudget.defaults());
        return (System.nanoTime() - t0) / 1e6;
    }

    /** Open, PDFBox render, PNG: ms. */
    private static double plain(Path f) throws Exception {
        long t0 = System.nanoTime();
        try (TileRenderer t = TileRenderer.open(f, 64L << 20, PixelBudget.defaults())) {
            t.render(1, DPI, LayerToggles.NONE, null);
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    /** Every page of the largest file as a proof, heap sampled. */
    private static String whole(SoftProof soft, List<Path> files, SoftProof.Condition fallback) throws Exception {
        Path biggest = null;
        int most = 0;
        for (Path f : files) {
            try (TileRenderer t = TileRenderer.open(f, 64L << 20, PixelBudget.defaults())) {
                if (t.pageCount() > most) {
                    most = t.pageCount();
                    biggest = f;
                }
            } catch (Exception ignored) {
                // not a candidate
            }
        }
        var memory = ManagementFactory.getMemoryMXBean();
        var peak = new AtomicLong();
        var sampler = Thread.ofPlatform().daemon().start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        long t0 = System.nanoTime();
        long retained = 0;
        int failed = 0;
        SoftProof.Condition c = soft.condition(biggest, fallback);
        try (TileRenderer t = TileRenderer.open(biggest, 64L << 20, PixelBudget.defaults())) {
            for (int p = 1; p <= t.pageCount(); p++) {
                try {
                    soft.render(biggest, t.page(p), DPI, null, LayerToggles.NONE, List.of(), c,
                            PixelBudget.defaults());
                } catch (Exception e) {
                    failed++;
                }
                if (p % 25 == 0) {
                    System.gc();
                    retained = Math.max(retained, memory.getHeapMemoryUsage().getUsed());
                }
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        sampler.interrupt();
        return String.format(Locale.ROOT, "Whole document %s, %d pages as proofs at 150 dpi: %.1f s (%.0f ms a page,"
                        + " %d failed); heap (max %d MB) at most %d MB after a full collection every 25 pages, largest"
                        + " sample %d MB.%n", biggest.getFileName(), most, seconds, seconds * 1000 / most, failed,
                Runtime.getRuntime().maxMemory() >> 20, retained >> 20, peak.get() >> 20);
    }
}
