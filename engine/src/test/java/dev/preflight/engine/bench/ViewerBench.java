package dev.preflight.engine.bench;

import dev.preflight.engine.PageGeometry;
import dev.preflight.engine.RenderException;
import dev.preflight.engine.UnreadablePdfException;
import dev.preflight.engine.render.Ghostscript;
import dev.preflight.engine.render.SeparationRenderer;
import dev.preflight.engine.render.SpotScan;
import dev.preflight.engine.view.Densitometer;
import dev.preflight.engine.view.LayerToggles;
import dev.preflight.engine.view.PageDiff;
import dev.preflight.engine.view.PixelBudget;
import dev.preflight.engine.view.SeparationFile;
import dev.preflight.engine.view.SeparationPage;
import dev.preflight.engine.view.TacHeatmap;
import dev.preflight.engine.view.TileRenderer;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Viewer rendering benchmark of the engine, with the command-line tools a user would reach for measured on the
 * same pages in the same run. Not a unit test: run it with {@code bench/run-viewer-bench.sh [corpusDir]}.
 *
 * <ol>
 *   <li>Cold tile at 150 dpi, page 1 of every corpus file: open the PDF, render, encode PNG, close (our
 *       {@link TileRenderer}, the JVM warmed first) next to {@code mutool draw -r 150} and
 *       {@code pdftoppm -r 150 -png} on the same page; also the render alone with the document already open.</li>
 *   <li>Separations at 150 dpi: {@link SeparationRenderer} (the device the page needs: {@code pamcmyk32} for a page
 *       without spot inks, {@code tiffsep} otherwise; planes read into memory) next to the same Ghostscript command
 *       run directly (output to a file) and to {@code gs -sDEVICE=tiffsep} of the page; then writing the
 *       {@link SeparationFile}.</li>
 *   <li>Densitometer after the first call: readings from the stored separation file at random points.</li>
 *   <li>Peak heap while rendering every page of the largest corpus file at 150 dpi (the script runs with
 *       {@code -Xmx512m}: finishing at all shows the bound holds).</li>
 *   <li>TAC heatmap and page comparison times on the same pages, for reference.</li>
 * </ol>
 * Writes the tables to {@code target/viewer-bench.md} as well as to standard output.
 */
public final class ViewerBench {

    private static final int DPI = 150;
    private static final Duration TOOL_TIMEOUT = Duration.ofMinutes(3);
    /**
     * Passes over the other half of the corpus before a half is measured. The JIT compiler settles after about 500
     * renders of corpus pages (it still used a third of the render CPU after 80); eight passes over 27 files come
     * close, as a service that has rendered for a while would be.
     */
    private static final int WARM_PASSES = 8;

    private ViewerBench() {
    }

    private record TileRow(String file, int page, double coldMs, double coldCpuMs, double coldProcessCpuMs,
                           double warmMs, double mutoolMs, double mutoolCpuMs, double pdftoppmMs,
                           double pdftoppmCpuMs, String note) {

        String tsv() {
            return String.join("\t", "ROW", file, String.valueOf(page), String.valueOf(coldMs),
                    String.valueOf(coldCpuMs), String.valueOf(coldProcessCpuMs), String.valueOf(warmMs),
                    String.valueOf(mutoolMs), String.valueOf(mutoolCpuMs), String.valueOf(pdftoppmMs),
                    String.valueOf(pdftoppmCpuMs), note.isEmpty() ? "-" : note);
        }

        static TileRow parse(String line) {
            String[] f = line.split("\t", -1);
            return new TileRow(f[1], Integer.parseInt(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                    Double.parseDouble(f[5]), Double.parseDouble(f[6]), Double.parseDouble(f[7]),
                    Double.parseDouble(f[8]), Double.parseDouble(f[9]), Double.parseDouble(f[10]),
                    f[11].equals("-") ? "" : f[11]);
        }
    }

    private record SepRow(String file, String device, double oursMs, double gsMs, double tiffsepMs,
                          double storeMs, long storedBytes, int channels, String note) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].startsWith("--tiles-fold=")) {
            tilesFold(Integer.parseInt(args[0].substring("--tiles-fold=".length())), Path.of(args[1]));
            return;
        }
        Path corpus = args.length > 0 ? Path.of(args[0]) : Corpus.locate();
        Path pdfs = Files.isDirectory(corpus.resolve("pdfs")) ? corpus.resolve("pdfs") : corpus;
        if (!Files.isDirectory(pdfs)) {
            System.out.println("corpus not present, nothing to measure: " + pdfs);
            return;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(pdfs)) {
            files = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        Path scratch = Files.createTempDirectory("viewer-bench");
        try {
            var out = new StringBuilder();
            out.append(String.format(Locale.ROOT, "%d files, %d cores, Java %s, Ghostscript %s, max heap %d MB%n",
                    files.size(), Runtime.getRuntime().availableProcessors(), Runtime.version(),
                    new Ghostscript("gs").version(), Runtime.getRuntime().maxMemory() >> 20));
            out.append(tiles(pdfs));
            if (!Boolean.getBoolean("bench.tilesOnly")) {
                warmUp(files, scratch);
                out.append(separations(files, scratch));
                out.append(largest(files, scratch));
            }
            System.out.println(out);
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target/viewer-bench.md"), out);
        } finally {
            deleteTree(scratch);
        }
    }

    /**
     * Renders page 1 of every file twice so the timings below see compiled code and loaded codecs (JPEG 2000,
     * JBIG2, fonts), as a server that has been running a while would.
     */
    private static void warmUp(List<Path> files, Path scratch) {
        for (int round = 0; round < 2; round++) {
            for (Path f : files) {
                try (TileRenderer t = open(f)) {
                    t.render(1, DPI, LayerToggles.NONE, null);
                } catch (Exception ignored) {
                    // unreadable files are reported in the tables
                }
            }
        }
    }

    private static TileRenderer open(Path f) throws UnreadablePdfException {
        return TileRenderer.open(f, 64L << 20, PixelBudget.defaults());
    }

    /**
     * Cold tiles, measured in two fresh JVMs so that no measured file was ever opened by the JVM measuring it: the
     * corpus is split into two halves (alternate files in name order); each JVM warms up on the other half (three
     * passes over page 1 of each, plus {@link WarmupPdf} for the decoders) and then measures its own half once.
     * What a running service has compiled and loaded, an unrelated file taught it here too; what belongs to the
     * measured file (its fonts, images, parsed objects) is met for the first time.
     */
    private static String tiles(Path pdfs) throws Exception {
        var rows = new ArrayList<TileRow>();
        var notes = new ArrayList<String>();
        String java = ProcessHandle.current().info().command().orElse("java");
        for (int fold = 0; fold < 2; fold++) {
            var command = List.of(java, "-Xmx512m", "-Djava.awt.headless=true",
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=off",
                    "-Dbench.warmPasses=" + Integer.getInteger("bench.warmPasses", WARM_PASSES),
                    "-cp", System.getProperty("java.class.path"),
                    ViewerBench.class.getName(), "--tiles-fold=" + fold, pdfs.toString());
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (var lines = p.inputReader().lines()) {
                lines.forEach(line -> {
                    if (line.startsWith("ROW\t")) {
                        rows.add(TileRow.parse(line));
                    } else if (line.startsWith("NOTE ")) {
                        notes.add(line.substring(5));
                    }
                });
            }
            if (p.waitFor() != 0) {
                throw new IllegalStateException("the tile measurement of fold " + fold + " failed");
            }
        }
        rows.sort(Comparator.comparing(TileRow::file));
        var out = new StringBuilder("\n### Tiles, page 1 at 150 dpi\n\n");
        out.append("Each file measured once, cold, in a JVM that never opened it (warmed on the other half of the"
                + " corpus; see ViewerBench). CPU: our JVM's whole process (render thread, JIT compiler, garbage"
                + " collector) during the tile, and the tools' user + system time.\n\n");
        out.append("| file | ours cold (open + render + PNG) ms | render thread CPU ms | JVM process CPU ms"
                + " | ours, document open, ms | mutool draw ms | mutool CPU ms | pdftoppm ms | pdftoppm CPU ms"
                + " | ours / mutool (wall) | ours / mutool (CPU) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        double sumOurs = 0;
        double sumCpu = 0;
        double sumProc = 0;
        double sumMu = 0;
        double sumMuCpu = 0;
        double sumPp = 0;
        double sumPpCpu = 0;
        double sumWarm = 0;
        var ratios = new ArrayList<Double>();
        var cpuRatios = new ArrayList<Double>();
        for (TileRow r : rows) {
            if (r.coldMs < 0) {
                out.append("| ").append(r.file).append(" | ").append(r.note).append(" | | | | | | | | | |\n");
                continue;
            }
            out.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.0f | %s | %s | %s | %s | %s | %s |%n",
                    r.file, r.coldMs, r.coldCpuMs, r.coldProcessCpuMs, r.warmMs, num(r.mutoolMs), num(r.mutoolCpuMs),
                    num(r.pdftoppmMs), num(r.pdftoppmCpuMs),
                    r.mutoolMs > 0 ? String.format(Locale.ROOT, "%.2f", r.coldMs / r.mutoolMs) : "",
                    r.mutoolCpuMs > 0 ? String.format(Locale.ROOT, "%.2f", r.coldProcessCpuMs / r.mutoolCpuMs) : ""));
            if (r.mutoolMs > 0 && r.pdftoppmMs > 0) {
                sumOurs += r.coldMs;
                sumCpu += r.coldCpuMs;
                sumProc += r.coldProcessCpuMs;
                sumWarm += r.warmMs;
                sumMu += r.mutoolMs;
                sumMuCpu += Math.max(0, r.mutoolCpuMs);
                sumPp += r.pdftoppmMs;
                sumPpCpu += Math.max(0, r.pdftoppmCpuMs);
                ratios.add(r.coldMs / r.mutoolMs);
                // a tool that ran under one clock tick reads as 0 ms of CPU: count it as half a tick
                cpuRatios.add(r.coldProcessCpuMs / Math.max(5, r.mutoolCpuMs));
            }
        }
        ratios.sort(Comparator.naturalOrder());
        cpuRatios.sort(Comparator.naturalOrder());
        out.append(String.format(Locale.ROOT, "| **total, %d pages all three rendered** | **%.0f** | **%.0f** | **%.0f**"
                        + " | **%.0f** | **%.0f** | **%.0f** | **%.0f** | **%.0f** | **%.2f** (median %.2f)"
                        + " | **%.2f** (median %.2f) |%n", ratios.size(), sumOurs, sumCpu, sumProc, sumWarm, sumMu,
                sumMuCpu, sumPp, sumPpCpu, sumOurs / sumMu, ratios.isEmpty() ? 0 : ratios.get(ratios.size() / 2),
                sumProc / sumMuCpu, cpuRatios.isEmpty() ? 0 : cpuRatios.get(cpuRatios.size() / 2)));
        notes.forEach(n -> out.append("\n").append(n).append("\n"));
        return out.toString();
    }

    /** One half of the cold-tile measurement, in a JVM of its own; prints a ROW line per file. */
    private static void tilesFold(int fold, Path pdfs) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(pdfs)) {
            files = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        var warm = new ArrayList<Path>();
        var measured = new ArrayList<Path>();
        for (int i = 0; i < files.size(); i++) {
            (i % 2 == fold ? measured : warm).add(files.get(i));
        }
        Path scratch = Files.createTempDirectory("viewer-bench-tiles");
        try {
            warm.add(WarmupPdf.write(scratch.resolve("warmup.pdf")));
            long w0 = System.nanoTime();
            int passes = Integer.getInteger("bench.warmPasses", WARM_PASSES);
            for (int round = 0; round < passes; round++) {
                for (Path f : warm) {
                    try (TileRenderer t = open(f)) {
                        t.render(1, DPI, LayerToggles.NONE, null);
                    } catch (Exception ignored) {
                        // unreadable files are measured in the other fold
                    }
                }
            }
            double warmSeconds = ms(w0) / 1000;
            long jit0 = Cpu.compilerMillis();
            var threads = ManagementFactory.getThreadMXBean();
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            boolean mutool = onPath("mutool");
            boolean pdftoppm = onPath("pdftoppm");
            double jitDuring = 0;
            for (Path f : measured) {
                String name = f.getFileName().toString();
                long t0 = System.nanoTime();
                long c0 = threads.getCurrentThreadCpuTime();
                long p0 = os.getProcessCpuTime();
                long j0 = Cpu.compilerMillis();
                try (TileRenderer t = open(f)) {
                    t.render(1, DPI, LayerToggles.NONE, null);
                } catch (Exception e) {
                    System.out.println(new TileRow(name, 1, -1, -1, -1, -1, -1, -1, -1, -1, "ours: " + shortly(e))
                            .tsv());
                    continue;
                }
                double cold = ms(t0);
                double cpu = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
                double proc = (os.getProcessCpuTime() - p0) / 1e6;
                jitDuring += Cpu.compilerMillis() - j0;
                double warmMs;
                try (TileRenderer t = open(f)) {
                    t.render(1, DPI, LayerToggles.NONE, null);
                    long t1 = System.nanoTime();
                    t.render(1, DPI, LayerToggles.NONE, null);
                    warmMs = ms(t1);
                }
                Path png = scratch.resolve("tool.png");
                double[] mu = mutool ? Cpu.tool(List.of("mutool", "draw", "-q", "-r", String.valueOf(DPI), "-o",
                        png.toString(), f.toString(), "1"), TOOL_TIMEOUT) : new double[] {-1, -1};
                double[] pp = pdftoppm ? Cpu.tool(List.of("pdftoppm", "-r", String.valueOf(DPI), "-f", "1", "-l",
                        "1", "-png", "-singlefile", f.toString(), scratch.resolve("pp").toString()), TOOL_TIMEOUT)
                        : new double[] {-1, -1};
                System.out.println(new TileRow(name, 1, cold, cpu, proc, warmMs, mu[0], mu[1], pp[0], pp[1], "")
                        .tsv());
            }
            System.out.println(String.format(Locale.ROOT, "NOTE Half %d of the corpus (%d files) after warming up on"
                            + " %d others (" + passes + " passes) for %.1f s: the JIT compiler threads used %.0f ms of CPU while its tiles"
                            + " rendered (counted in the process CPU), %d ms since the warm-up.", fold + 1,
                    measured.size(), warm.size(), warmSeconds, jitDuring, Cpu.compilerMillis() - jit0));
        } finally {
            deleteTree(scratch);
        }
    }

    private static String separations(List<Path> files, Path scratch) throws Exception {
        var renderer = new SeparationRenderer(new Ghostscript("gs"), scratch.resolve("sep"), TOOL_TIMEOUT);
        var rows = new ArrayList<SepRow>();
        var densitometer = new ArrayList<Double>();
        var densitometerFirst = new ArrayList<Double>();
        var heatmaps = new ArrayList<Double>();
        var compares = new ArrayList<Double>();
        var random = new Random(7);
        for (Path f : files) {
            String name = f.getFileName().toString();
            PageGeometry page;
            BufferedImage tile;
            boolean spots;
            try (TileRenderer t = open(f)) {
                page = t.page(1);
                tile = t.renderImage(1, DPI, LayerToggles.NONE, null);
                try (var doc = dev.preflight.engine.PdfOpener.open(f, 64L << 20)) {
                    spots = SpotScan.mayCarrySpots(doc, 1);
                }
                // the first render warms Ghostscript's files in the OS cache; the timed runs follow
                SeparationPage warmSep;
                try {
                    warmSep = renderer.render(f, page, DPI);
                } catch (RenderException e) {
                    rows.add(new SepRow(name, "", -1, -1, -1, -1, 0, 0, "Ghostscript: " + shortly(e)));
                    continue;
                }
                long h1 = System.nanoTime();
                TacHeatmap.png(t, warmSep, 300);
                heatmaps.add(ms(h1));
                long c0 = System.nanoTime();
                PageDiff.compare(tile, tile);
                compares.add(ms(c0));
            } catch (Exception e) {
                rows.add(new SepRow(name, "", -1, -1, -1, -1, 0, 0, "ours: " + shortly(e)));
                continue;
            }
            // timed: our renderer (it scans the page for spot inks itself), the same Ghostscript command alone,
            // and tiffsep of the page, which is what a user would run for separations
            long t0 = System.nanoTime();
            SeparationPage sep = renderer.render(f, page, DPI);
            double ours = ms(t0);
            var gs = new ArrayList<>(List.of("gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dNOINTERPOLATE",
                    "-dNoUserUnit", "-dUseCropBox", "-dOverprint=/simulate",
                    "-r" + SeparationRenderer.effectiveDpi(page, DPI), "-sPageList=1"));
            Path dir = Files.createTempDirectory(scratch, "gs");
            var tiffsep = new ArrayList<>(gs);
            tiffsep.addAll(List.of("-sDEVICE=tiffsep", "-sCompression=pack", "-sOutputFile=" + dir + "/p%d.tif",
                    f.toString()));
            double same;
            if (spots) {
                same = tool(tiffsep);
            } else {
                var cmyk = new ArrayList<>(gs);
                cmyk.addAll(List.of("-sDEVICE=pamcmyk32", "-sOutputFile=" + dir + "/p1.pam", f.toString()));
                same = tool(cmyk);
            }
            deleteTree(dir);
            dir = Files.createTempDirectory(scratch, "gs");
            tiffsep.set(tiffsep.size() - 2, "-sOutputFile=" + dir + "/p%d.tif");
            double separations = spots ? same : tool(tiffsep);
            deleteTree(dir);
            Path stored = scratch.resolve("p1.sep");
            long s0 = System.nanoTime();
            SeparationFile.write(sep, stored);
            double store = ms(s0);
            rows.add(new SepRow(name, spots ? "tiffsep" : "pamcmyk32", ours, same, separations, store,
                    Files.size(stored), sep.channels().size(), ""));
            // densitometer: the first reading opens the stored file; later ones are what a user clicking sees
            var crop = page.cropBox();
            for (int i = 0; i < 20; i++) {
                double x = crop.x0() + random.nextDouble() * crop.width();
                double y = crop.y0() + random.nextDouble() * crop.height();
                long d0 = System.nanoTime();
                Densitometer.read(SeparationFile.open(stored), x, y, 300);
                (i == 0 ? densitometerFirst : densitometer).add(ms(d0));
            }
        }
        var out = new StringBuilder("\n### Separations, page 1 at 150 dpi\n\n");
        out.append("| file | device | ours ms | same gs command alone ms | overhead | gs tiffsep ms | ours / tiffsep"
                + " | store file ms | stored KB | channels |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        double sumOurs = 0;
        double sumGs = 0;
        double sumTiffsep = 0;
        var overheads = new ArrayList<Double>();
        var againstTiffsep = new ArrayList<Double>();
        for (SepRow r : rows) {
            if (r.oursMs < 0 || r.gsMs < 0 || r.tiffsepMs < 0) {
                out.append("| ").append(r.file).append(" | ").append(r.note.isEmpty() ? "Ghostscript alone failed"
                        : r.note).append(" | | | | | | | | |\n");
                continue;
            }
            out.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.0f | %+.0f %% | %.0f | %.2f | %.0f | %d | %d |%n",
                    r.file, r.device, r.oursMs, r.gsMs, (r.oursMs / r.gsMs - 1) * 100, r.tiffsepMs,
                    r.oursMs / r.tiffsepMs, r.storeMs, r.storedBytes >> 10, r.channels));
            sumOurs += r.oursMs;
            sumGs += r.gsMs;
            sumTiffsep += r.tiffsepMs;
            overheads.add(r.oursMs / r.gsMs - 1);
            againstTiffsep.add(r.oursMs / r.tiffsepMs);
        }
        overheads.sort(Comparator.naturalOrder());
        againstTiffsep.sort(Comparator.naturalOrder());
        out.append(String.format(Locale.ROOT, "| **total, %d pages** | | **%.0f** | **%.0f** | **%+.1f %%** (median %+.1f %%)"
                        + " | **%.0f** | **%.2f** (median %.2f) | | | |%n", overheads.size(), sumOurs, sumGs,
                (sumOurs / sumGs - 1) * 100, overheads.isEmpty() ? 0 : overheads.get(overheads.size() / 2) * 100,
                sumTiffsep, sumOurs / sumTiffsep, againstTiffsep.isEmpty() ? 0
                        : againstTiffsep.get(againstTiffsep.size() / 2)));
        out.append(String.format(Locale.ROOT, "%nDensitometer from the stored separation file (open + read a 3 x 3"
                        + " patch), %d readings after the first: p50 %.2f ms, p95 %.2f ms, max %.2f ms; first reading"
                        + " of each page p50 %.2f ms.%n", densitometer.size(), pct(densitometer, 50),
                pct(densitometer, 95), pct(densitometer, 100), pct(densitometerFirst, 50)));
        out.append(String.format(Locale.ROOT, "TAC heatmap PNG from separations in memory (renders the RGB page on the"
                        + " separation grid): p50 %.0f ms, p95 %.0f ms. SSIM + diff count of a page against itself:"
                        + " p50 %.0f ms, p95 %.0f ms.%n", pct(heatmaps, 50), pct(heatmaps, 95), pct(compares, 50),
                pct(compares, 95)));
        return out.toString();
    }

    /** Every page of the file with the most pages, rendered at 150 dpi with one open document; heap sampled. */
    private static String largest(List<Path> files, Path scratch) throws Exception {
        Path biggest = null;
        int most = 0;
        for (Path f : files) {
            try (TileRenderer t = open(f)) {
                if (t.pageCount() > most) {
                    most = t.pageCount();
                    biggest = f;
                }
            } catch (UnreadablePdfException ignored) {
                // not a candidate
            }
        }
        if (biggest == null) {
            return "";
        }
        var memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long before = memory.getHeapMemoryUsage().getUsed();
        var peak = new AtomicLong(before);
        var sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        long renderNanos = 0;
        long retained = 0;
        int failed = 0;
        long bytes = 0;
        try (TileRenderer t = open(biggest)) {
            for (int p = 1; p <= t.pageCount(); p++) {
                long t0 = System.nanoTime();
                try {
                    bytes += t.render(p, DPI, LayerToggles.NONE, null).png().length;
                } catch (Exception e) {
                    failed++;
                }
                renderNanos += System.nanoTime() - t0;
                if (p % 25 == 0 || p == t.pageCount()) {
                    // what the open document really keeps: a full collection also clears PDFBox's soft caches
                    System.gc();
                    retained = Math.max(retained, memory.getHeapMemoryUsage().getUsed());
                }
            }
        }
        double seconds = renderNanos / 1e9;
        sampler.interrupt();
        sampler.join();
        double mutool = onPath("mutool") ? tool(List.of("mutool", "draw", "-q", "-r", String.valueOf(DPI), "-o",
                scratch.resolve("all-%d.png").toString(), biggest.toString())) / 1000 : -1;
        return String.format(Locale.ROOT, "%n### Whole document: %s, %d pages at 150 dpi%n%n"
                        + "Rendered every page to PNG with one open document in %.1f s (%.0f ms a page, %d failed,"
                        + " %d MB of PNG); `mutool draw -r 150` on all pages: %s s. Heap (JVM maximum %d MB): at most"
                        + " %d MB in use after a full collection every 25 pages (%d MB before); the largest sample,"
                        + " uncollected garbage included, %d MB.%n", biggest.getFileName(), most, seconds,
                seconds * 1000 / most, failed, bytes >> 20,
                mutool < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", mutool),
                Runtime.getRuntime().maxMemory() >> 20, retained >> 20, before >> 20, peak.get() >> 20);
    }

    private static double pct(List<Double> values, int p) {
        if (values.isEmpty()) {
            return 0;
        }
        var sorted = new ArrayList<>(values);
        sorted.sort(Comparator.naturalOrder());
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
    }

    /** Wall time of a command in milliseconds, or -1 when it fails. */
    private static double tool(List<String> command) throws IOException, InterruptedException {
        var pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        long t0 = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(TOOL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor();
            return -1;
        }
        double ms = ms(t0);
        return p.exitValue() == 0 ? ms : -1;
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private static String num(double ms) {
        return ms < 0 ? "failed" : String.format(Locale.ROOT, "%.0f", ms);
    }

    private static double ms(long since) {
        return (System.nanoTime() - since) / 1e6;
    }

    private static String shortly(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        m = m.replace('|', '/').replace('\n', ' ');
        return m.length() > 80 ? m.substring(0, 80) + "..." : m;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
