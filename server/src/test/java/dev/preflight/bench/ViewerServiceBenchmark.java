package dev.preflight.bench;

import dev.preflight.support.Api;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The viewer service measured through its HTTP routes, with the tools a user would run instead timed on the same
 * pages in the same run (not part of the suite: tagged "benchmark", run by bench/viewer-service-bench.sh). Tile
 * warming is off so that the first tile of a page is really cold: open the PDF, render, encode, store, answer.
 * <ol>
 *   <li>Cold tile at 150 dpi, page 1 of every corpus file, against {@code mutool draw -r 150} and
 *       {@code pdftoppm -r 150 -png};</li>
 *   <li>warm tile (the stored PNG served again) p50;</li>
 *   <li>separations of a page (the first densitometer call: Ghostscript {@code pamcmyk32} for a page without spot
 *       inks, {@code tiffsep} otherwise, stored as a separation file, one reading) against the same Ghostscript
 *       command run directly (output to a file) and against {@code gs -sDEVICE=tiffsep} of the page;</li>
 *   <li>densitometer after the first call, random points;</li>
 *   <li>plates with the cyan plate hidden (the composite through the sampled proof conversion), then colour picks;</li>
 *   <li>heap while the tile route renders all 352 pages of {@code pdfjs__freeculture.pdf} at 150 dpi (the script
 *       runs the server JVM with {@code -Xmx512m}: finishing at all shows the bound holds).</li>
 * </ol>
 */
@Tag("benchmark")
@TestPropertySource(properties = {"preflight.viewer.warm-tiles=false", "preflight.jobs.analysis-timeout-seconds=1800",
        "preflight.viewer.render-timeout=300s", "preflight.jobs.sync-max-wait-seconds=600"})
class ViewerServiceBenchmark extends ServerTestBase {

    private static final int DPI = 150;
    private static final String BIG = "pdfjs__freeculture.pdf";

    @org.springframework.beans.factory.annotation.Autowired
    private dev.preflight.platform.BlobStore blobs;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private record Row(String file, double coldMs, double coldCpuMs, double engineMs, double mutoolMs,
                       double mutoolCpuMs, double pdftoppmMs, double sepMs, double engineSepMs, String device,
                       double gsMs, double tiffsepMs, String note) {

        String tsv() {
            return String.join("\t", file, String.valueOf(coldMs), String.valueOf(coldCpuMs),
                    String.valueOf(engineMs), String.valueOf(mutoolMs), String.valueOf(mutoolCpuMs),
                    String.valueOf(pdftoppmMs), String.valueOf(sepMs), String.valueOf(engineSepMs),
                    device.isEmpty() ? "-" : device, String.valueOf(gsMs), String.valueOf(tiffsepMs),
                    note.isEmpty() ? "-" : note);
        }

        static Row parse(String line) {
            String[] f = line.split("\t", -1);
            return new Row(f[0], Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]),
                    Double.parseDouble(f[4]), Double.parseDouble(f[5]), Double.parseDouble(f[6]),
                    Double.parseDouble(f[7]), Double.parseDouble(f[8]), f[9].equals("-") ? "" : f[9],
                    Double.parseDouble(f[10]), Double.parseDouble(f[11]), f[12].equals("-") ? "" : f[12]);
        }
    }

    @Test
    void measure() throws Exception {
        Path corpus = Path.of(System.getProperty("bench.corpus", "/work/shared/corpus/pdfs"));
        if (!Files.isDirectory(corpus)) {
            System.out.println("BENCH corpus not present, nothing to measure: " + corpus);
            return;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus)) {
            files = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        var t = newTenant("enterprise");
        Path scratch = Files.createTempDirectory("viewer-service-bench");

        // The corpus is split in two halves (alternate files in name order) measured by two runs of this class
        // (bench.fold=0 and 1, each a fresh JVM): a run warms the server on the other half's files, as jobs of their
        // own, and on a page of our own that loads the decoders (JPEG 2000, CCITT, JPEG); the files it measures were
        // never opened by this JVM. Without bench.fold every file is measured after warming on the first six.
        int fold = Integer.getInteger("bench.fold", -1);
        List<Path> warmFiles = new ArrayList<>();
        List<Path> measured = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            if (fold < 0) {
                measured.add(files.get(i));
                if (i < 6) {
                    warmFiles.add(files.get(i));
                }
            } else {
                (i % 2 == fold ? measured : warmFiles).add(files.get(i));
            }
        }
        warmFiles.add(warmupPdf(scratch.resolve("warmup.pdf")));
        long warm0 = System.nanoTime();
        for (Path f : warmFiles) {
            String warmup = minimalJob(t, f);
            if (warmup != null) {
                // each dpi is a tile of its own: rendered again on the open document
                // eight renders of each warm-up file: the JIT compiler settles after about 500 renders of corpus pages
                for (int d = DPI; d > (fold < 0 ? DPI - 1 : DPI - 8); d--) {
                    get(t, "/api/v1/viewer/jobs/" + warmup + "/pages/1/tile?dpi=" + d);
                }
                get(t, "/api/v1/viewer/jobs/" + warmup + "/pages/1/densitometer?x=10&y=10&dpi=" + DPI);
            }
        }
        double warmSeconds = (System.nanoTime() - warm0) / 1e9;
        long jit0 = compilerMillis();
        files = measured;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

        var rows = new ArrayList<Row>();
        if (Boolean.getBoolean("bench.bigOnly")) {
            files = List.of();
        }
        var warm = new ArrayList<Double>();
        var dens = new ArrayList<Double>();
        var plates = new ArrayList<Double>();
        var picks = new ArrayList<Double>();
        var random = new Random(42);
        long jitDuringTiles = 0;
        for (Path f : files) {
            String name = f.getFileName().toString();
            String job = minimalJob(t, f);
            if (job == null) {
                rows.add(new Row(name, 0, 0, 0, 0, 0, 0, 0, 0, "", 0, 0, "job failed (unreadable or encrypted)"));
                continue;
            }
            String base = "/api/v1/viewer/jobs/" + job;
            String tile = base + "/pages/1/tile?dpi=" + DPI;
            long t0 = System.nanoTime();
            long c0 = os.getProcessCpuTime();
            long j0 = compilerMillis();
            int status = get(t, tile);
            double cold = ms(t0);
            // the whole JVM: the render worker, the HTTP threads, the client, the JIT compiler and the collector
            double coldCpu = (os.getProcessCpuTime() - c0) / 1e6;
            jitDuringTiles += compilerMillis() - j0;
            if (status != 200) {
                rows.add(new Row(name, 0, 0, 0, 0, 0, 0, 0, 0, "", 0, 0, "tile answered " + status));
                continue;
            }
            // the same work in-process, for reference; after the route, so the route met the file first
            double engine = engineCold(f);
            for (int i = 0; i < 20; i++) {
                long w0 = System.nanoTime();
                get(t, tile);
                warm.add(ms(w0));
            }
            long mu0 = childrenTicks();
            double mutool = tool(List.of("mutool", "draw", "-q", "-r", String.valueOf(DPI), "-o",
                    scratch.resolve("mu.png").toString(), f.toString(), "1"));
            double mutoolCpu = (childrenTicks() - mu0) * 10.0;
            double pdftoppm = tool(List.of("pdftoppm", "-r", String.valueOf(DPI), "-f", "1", "-l", "1", "-png",
                    f.toString(), scratch.resolve("pp").toString()));

            JsonNode page = api.get(base + "/pages", t.key()).json().get("pages").get(0);
            double x0 = page.get("crop_box").get("x0").asDouble();
            double y0 = page.get("crop_box").get("y0").asDouble();
            double w = page.get("crop_box").get("x1").asDouble() - x0;
            double h = page.get("crop_box").get("y1").asDouble() - y0;
            String reading = base + "/pages/1/densitometer?dpi=" + DPI;
            long s0 = System.nanoTime();
            int sepStatus = get(t, reading + "&x=" + (x0 + w / 2) + "&y=" + (y0 + h / 2));
            double sep = ms(s0);
            // the render is stored off the request's path: let that finish before timing the tools
            String stored = "tenants/" + t.tenantId() + "/jobs/" + job + "/viewer/sep/p1-d" + DPI + ".sep";
            for (int i = 0; i < 200 && sepStatus == 200 && !blobs.exists(stored); i++) {
                Thread.sleep(25);
            }
            boolean spots;
            try (var doc = dev.preflight.engine.PdfOpener.open(f, 64L << 20)) {
                spots = dev.preflight.engine.render.SpotScan.mayCarrySpots(doc, 1);
            } catch (dev.preflight.engine.UnreadablePdfException e) {
                spots = true;
            }
            var gsCommon = List.of("gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dNOINTERPOLATE", "-dNoUserUnit",
                    "-dUseCropBox", "-dOverprint=/simulate", "-r" + DPI, "-sPageList=1");
            Path gsDir = Files.createTempDirectory(scratch, "gs");
            var tiffsepCommand = new ArrayList<>(gsCommon);
            tiffsepCommand.addAll(List.of("-sDEVICE=tiffsep", "-sCompression=pack", "-sOutputFile=" + gsDir + "/p%d.tif",
                    f.toString()));
            double tiffsep = tool(tiffsepCommand);
            double gs = tiffsep;
            if (!spots) {
                var cmykCommand = new ArrayList<>(gsCommon);
                cmykCommand.addAll(List.of("-sDEVICE=pamcmyk32", "-sOutputFile=" + gsDir + "/p1.pam", f.toString()));
                gs = tool(cmykCommand);
            }
            if (sepStatus == 200) {
                for (int i = 0; i < 20; i++) {
                    long d0 = System.nanoTime();
                    get(t, reading + "&x=" + (x0 + random.nextDouble() * w) + "&y=" + (y0 + random.nextDouble() * h));
                    dens.add(ms(d0));
                }
                // plates with the cyan plate off (composed from the stored separations through the sampled
                // conversion), then colour picks, which read the same composite one pixel at a time
                long p0 = System.nanoTime();
                if (get(t, base + "/pages/1/plates?dpi=" + DPI + "&hide=Cyan") == 200) {
                    plates.add(ms(p0));
                }
                for (int i = 0; i < 10; i++) {
                    long k0 = System.nanoTime();
                    if (get(t, base + "/pages/1/sample?dpi=" + DPI + "&x=" + (x0 + random.nextDouble() * w) + "&y="
                            + (y0 + random.nextDouble() * h)) == 200) {
                        picks.add(ms(k0));
                    }
                }
            }
            double engineSep = engineSeparations(f, scratch);
            rows.add(new Row(name, cold, coldCpu, engine, mutool, mutoolCpu, pdftoppm, sepStatus == 200 ? sep : 0,
                    engineSep, spots ? "tiffsep" : "pamcmyk32", gs, tiffsep,
                    sepStatus == 200 ? "" : "separations answered " + sepStatus));
        }

        var notes = new ArrayList<String>();
        notes.add(String.format(Locale.ROOT, "%s: %d files measured after warming up on %d for %.0f s; the JIT"
                        + " compiler threads used %d ms of CPU during the cold tiles (counted in the JVM CPU column)"
                        + " and %d ms during the whole measurement (tiles, separations, tools).",
                fold < 0 ? "All files" : "Half " + (fold + 1), files.size(), warmFiles.size(), warmSeconds,
                jitDuringTiles, compilerMillis() - jit0));
        if (fold >= 0) {
            // this half's numbers, for the run of the other half to merge
            var lines = new ArrayList<String>();
            rows.forEach(r -> lines.add("ROW\t" + r.tsv()));
            warm.forEach(v -> lines.add("WARM\t" + v));
            dens.forEach(v -> lines.add("DENS\t" + v));
            plates.forEach(v -> lines.add("PLATES\t" + v));
            picks.forEach(v -> lines.add("PICK\t" + v));
            notes.forEach(n -> lines.add("NOTE\t" + n));
            Files.write(Path.of("target", "viewer-service-bench-fold" + fold + ".tsv"), lines);
            Path other = Path.of("target", "viewer-service-bench-fold" + (1 - fold) + ".tsv");
            if (fold == 1 && Files.exists(other)) {
                for (String line : Files.readAllLines(other)) {
                    String[] kv = line.split("\t", 2);
                    switch (kv[0]) {
                        case "ROW" -> rows.add(Row.parse(kv[1]));
                        case "WARM" -> warm.add(Double.parseDouble(kv[1]));
                        case "DENS" -> dens.add(Double.parseDouble(kv[1]));
                        case "PLATES" -> plates.add(Double.parseDouble(kv[1]));
                        case "PICK" -> picks.add(Double.parseDouble(kv[1]));
                        default -> notes.add(0, kv[1]);
                    }
                }
                rows.sort(Comparator.comparing(Row::file));
            }
        }
        var out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d files, %d cores, max heap %d MB, tile warming off%n%n",
                rows.size(), Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20));
        notes.forEach(n -> out.append(n).append("\n"));
        out.append("\n| file | cold tile via HTTP ms | JVM CPU during it ms | same render in-process ms | mutool draw ms"
                + " | mutool CPU ms | pdftoppm ms | HTTP / mutool (wall) | HTTP / mutool (CPU) | separations via HTTP ms"
                + " | same render in-process ms | device | same gs command ms | HTTP vs gs | gs tiffsep ms"
                + " | HTTP / tiffsep |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n");
        double sumCold = 0;
        double sumColdCpu = 0;
        double sumEngine = 0;
        double sumMu = 0;
        double sumMuCpu = 0;
        double sumPp = 0;
        double sumSep = 0;
        double sumEngineSep = 0;
        double sumGs = 0;
        double sumTiffsep = 0;
        var tileRatios = new ArrayList<Double>();
        var cpuRatios = new ArrayList<Double>();
        var sepRatios = new ArrayList<Double>();
        var tiffsepRatios = new ArrayList<Double>();
        for (Row r : rows) {
            if (!r.note().isEmpty() && r.coldMs() == 0) {
                out.append("| ").append(r.file()).append(" | ").append(r.note()).append(" | | | | | | | | | | | | | | |\n");
                continue;
            }
            out.append(String.format(Locale.ROOT,
                    "| %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f | %s | %.0f | %s | %.0f | %s | %.0f"
                            + " | %s |%n",
                    r.file(), r.coldMs(), r.coldCpuMs(), r.engineMs(), r.mutoolMs(), r.mutoolCpuMs(), r.pdftoppmMs(),
                    r.coldMs() / r.mutoolMs(), r.coldCpuMs() / Math.max(5, r.mutoolCpuMs()),
                    r.sepMs() > 0 ? String.format(Locale.ROOT, "%.0f", r.sepMs()) : r.note(), r.engineSepMs(),
                    r.device(), r.gsMs(),
                    r.sepMs() > 0 ? String.format(Locale.ROOT, "%+.0f %%", (r.sepMs() / r.gsMs() - 1) * 100) : "",
                    r.tiffsepMs(),
                    r.sepMs() > 0 ? String.format(Locale.ROOT, "%.2f", r.sepMs() / r.tiffsepMs()) : ""));
            sumCold += r.coldMs();
            sumColdCpu += r.coldCpuMs();
            sumEngine += r.engineMs();
            sumMu += r.mutoolMs();
            sumMuCpu += r.mutoolCpuMs();
            sumPp += r.pdftoppmMs();
            tileRatios.add(r.coldMs() / r.mutoolMs());
            // a tool that ran under one clock tick reads as 0 ms of CPU: count it as half a tick
            cpuRatios.add(r.coldCpuMs() / Math.max(5, r.mutoolCpuMs()));
            if (r.sepMs() > 0) {
                sumEngineSep += r.engineSepMs();
                sumSep += r.sepMs();
                sumGs += r.gsMs();
                sumTiffsep += r.tiffsepMs();
                sepRatios.add(r.sepMs() / r.gsMs());
                tiffsepRatios.add(r.sepMs() / r.tiffsepMs());
            }
        }
        String tiles = String.format(Locale.ROOT, "BENCH cold tile 150 dpi via HTTP, page 1 of %d files: %.1f s total"
                        + " vs mutool draw %.1f s = %.2fx (median per page %.2fx); CPU: the server JVM %.1f s vs"
                        + " mutool %.1f s = %.2fx (median %.2fx); pdftoppm %.1f s; the same open, render and PNG"
                        + " in-process (no HTTP, no store) %.1f s",
                tileRatios.size(), sumCold / 1000, sumMu / 1000, sumCold / sumMu, median(tileRatios),
                sumColdCpu / 1000, sumMuCpu / 1000, sumColdCpu / sumMuCpu, median(cpuRatios), sumPp / 1000,
                sumEngine / 1000);
        String warmLine = String.format(Locale.ROOT, "BENCH warm tile (stored PNG) via HTTP: p50 %.2f ms, p95 %.2f ms,"
                + " max %.1f ms (n=%d)", pct(warm, 50), pct(warm, 95), pct(warm, 100), warm.size());
        String sepLine = String.format(Locale.ROOT, "BENCH separations of page 1 via HTTP (first densitometer call:"
                        + " pamcmyk32 or tiffsep as the page needs, planes read, one reading; stored afterwards) %d files:"
                        + " %.1f s vs the same gs command alone %.1f s = %+.1f %% (median %+.1f %%); vs gs tiffsep of"
                        + " the page %.1f s = %.2fx (median %.2fx); the engine's SeparationRenderer in-process %.1f s ="
                        + " %+.1f %% of the same command", sepRatios.size(), sumSep / 1000, sumGs / 1000,
                (sumSep / sumGs - 1) * 100, (median(sepRatios) - 1) * 100, sumTiffsep / 1000, sumSep / sumTiffsep,
                median(tiffsepRatios), sumEngineSep / 1000, (sumEngineSep / sumGs - 1) * 100);
        String densLine = String.format(Locale.ROOT, "BENCH densitometer after the first call via HTTP: p50 %.2f ms,"
                + " p95 %.2f ms, max %.1f ms (n=%d)", pct(dens, 50), pct(dens, 95), pct(dens, 100), dens.size());

        String platesLine = String.format(Locale.ROOT, "BENCH plates with Cyan hidden via HTTP (composed from the"
                + " stored separations; the first of a condition also samples its conversion): p50 %.1f ms, p95 %.1f"
                + " ms, max %.1f ms (n=%d); colour picker after it: p50 %.2f ms, p95 %.2f ms (n=%d)",
                pct(plates, 50), pct(plates, 95), pct(plates, 100), plates.size(), pct(picks, 50), pct(picks, 95),
                picks.size());

        Path big = corpus.resolve(BIG);
        String heapLine = fold == 0 ? "BENCH " + BIG + ": measured by the run of the other half"
                : "BENCH " + BIG + " not in the corpus";
        if (Files.exists(big) && fold != 0) {
            String job = minimalJob(t, big);
            int pages = api.get("/api/v1/viewer/jobs/" + job + "/pages", t.key()).json().get("page_count").asInt();
            List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getType() == MemoryType.HEAP).toList();
            System.gc();
            long before = used(heap);
            heap.forEach(MemoryPoolMXBean::resetPeakUsage);
            long keptMax = before;
            long b0 = System.nanoTime();
            int failed = 0;
            for (int p = 1; p <= pages; p++) {
                var r = send(t, "/api/v1/viewer/jobs/" + job + "/pages/" + p + "/tile?dpi=" + DPI);
                if (r.statusCode() != 200) {
                    failed++;
                    System.out.println("BENCH page " + p + " answered " + r.statusCode() + ": "
                            + new String(r.body(), java.nio.charset.StandardCharsets.UTF_8));
                }
                if (p % 25 == 0 || p == pages) {
                    System.gc();
                    keptMax = Math.max(keptMax, used(heap));
                }
            }
            double seconds = (System.nanoTime() - b0) / 1e9;
            long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
            double mutoolAll = tool(List.of("mutool", "draw", "-q", "-r", String.valueOf(DPI), "-o",
                    scratch.resolve("all-%d.png").toString(), big.toString()));
            heapLine = String.format(Locale.ROOT, "BENCH %d pages of %s at %d dpi through the tile route: %.1f s"
                            + " (%.0f ms a page, %d failed), mutool draw all pages %.1f s; heap in use after a full"
                            + " collection at most %d MB (every 25 pages; %d MB before); peak including garbage"
                            + " %d MB; -Xmx %d MB", pages, BIG, DPI, seconds, seconds * 1000 / pages, failed,
                    mutoolAll / 1000, keptMax >> 20, before >> 20, peak >> 20,
                    Runtime.getRuntime().maxMemory() >> 20);
        }
        out.append("\n");
        for (String line : List.of(tiles, warmLine, sepLine, densLine, platesLine, heapLine)) {
            System.out.println(line);
            out.append(line.substring("BENCH ".length())).append("\n");
        }
        Path report = Path.of("target", "viewer-service-bench.md");
        Files.writeString(report, out);
        System.out.println("BENCH tables written to " + report.toAbsolutePath());
        deleteTree(scratch);
    }

    /** Opens the PDF, renders page 1 on its grid, encodes the PNG and closes: the tile route's work without HTTP. */
    private static double engineCold(Path file) {
        long t0 = System.nanoTime();
        try (var r = dev.preflight.engine.view.TileRenderer.open(file, 64L << 20,
                dev.preflight.engine.view.PixelBudget.defaults())) {
            r.render(1, DPI, dev.preflight.engine.view.LayerToggles.NONE, null);
        } catch (Exception e) {
            return 0;
        }
        return ms(t0);
    }

    /** The engine's separation render of page 1 alone (the device the page needs, planes read into memory). */
    private static double engineSeparations(Path file, Path scratch) {
        try {
            var geometry = dev.preflight.engine.DocumentGeometry.read(file, 64L << 20).pages().get(0);
            var renderer = new dev.preflight.engine.render.SeparationRenderer(
                    new dev.preflight.engine.render.Ghostscript("gs"), scratch, Duration.ofMinutes(5));
            long t0 = System.nanoTime();
            renderer.render(file, geometry, DPI);
            return ms(t0);
        } catch (Exception e) {
            return 0;
        }
    }

    /** Submits a file as a minimal job and waits; null when the job failed. */
    private String minimalJob(TenantKey t, Path file) throws IOException {
        var r = api.postForm("/api/v1/jobs?wait=600", t.key(), Api.form()
                .file("file", file.getFileName().toString(), Files.readAllBytes(file))
                .field("preflight_source", "minimal"));
        if (r.status() != 200) {
            throw new AssertionError(r.status() + " " + r.text());
        }
        return r.json().get("status").asString().equals("completed") ? r.json().get("job_id").asString() : null;
    }

    /** A timed GET outside the test client's contract oracle: the status, body read and dropped. */
    private int get(TenantKey t, String path) throws IOException, InterruptedException {
        return send(t, path).statusCode();
    }

    private HttpResponse<byte[]> send(TenantKey t, String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + t.key()).timeout(Duration.ofMinutes(5)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** CPU used so far by this JVM's JIT compiler threads, in ms (Linux; 0 elsewhere). */
    private static long compilerMillis() {
        long ticks = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    String comm = Files.readString(task.resolve("comm")).trim();
                    if (comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler")) {
                        String stat = Files.readString(task.resolve("stat"));
                        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    }
                } catch (IOException | RuntimeException gone) {
                    // a thread that ended meanwhile
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return ticks * 10;
    }

    /** cutime + cstime of this JVM in clock ticks (1/100 s): the CPU of the tools it ran and waited for. */
    private static long childrenTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[13]) + Long.parseLong(f[14]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * A page of our own with a JPEG 2000, a CCITT and a JPEG image, Coons and tensor-product mesh shadings under a
     * blend mode, and text: rendering it exercises what a running service has met long before (the engine
     * benchmark's WarmupPdf draws the same; there is no JBIG2 encoder to add one).
     */
    private static Path warmupPdf(Path file) throws IOException {
        try (var doc = new org.apache.pdfbox.pdmodel.PDDocument()) {
            var page = new org.apache.pdfbox.pdmodel.PDPage();
            doc.addPage(page);
            var photo = new java.awt.image.BufferedImage(320, 240, java.awt.image.BufferedImage.TYPE_INT_RGB);
            var bilevel = new java.awt.image.BufferedImage(800, 600, java.awt.image.BufferedImage.TYPE_BYTE_BINARY);
            var g = bilevel.createGraphics();
            g.setColor(java.awt.Color.WHITE);
            g.fillRect(0, 0, 800, 600);
            g.setColor(java.awt.Color.BLACK);
            for (int i = 0; i < 320; i++) {
                for (int j = 0; j < 240; j++) {
                    photo.setRGB(i, j, (i * 255 / 320) << 16 | (j * 255 / 240) << 8 | ((i ^ j) & 0xFF));
                }
                g.drawLine(i * 2, 0, 800 - i * 2, 600);
            }
            g.dispose();
            var writers = javax.imageio.ImageIO.getImageWritersByFormatName("jpeg2000");
            var jpxBytes = new java.io.ByteArrayOutputStream();
            var writer = writers.next();
            try (var out = javax.imageio.ImageIO.createImageOutputStream(jpxBytes)) {
                writer.setOutput(out);
                writer.write(photo);
            } finally {
                writer.dispose();
            }
            var s = doc.getDocument().createCOSStream();
            try (var out = s.createRawOutputStream()) {
                out.write(jpxBytes.toByteArray());
            }
            s.setItem(org.apache.pdfbox.cos.COSName.FILTER, org.apache.pdfbox.cos.COSName.JPX_DECODE);
            s.setItem(org.apache.pdfbox.cos.COSName.SUBTYPE, org.apache.pdfbox.cos.COSName.IMAGE);
            s.setInt(org.apache.pdfbox.cos.COSName.WIDTH, 320);
            s.setInt(org.apache.pdfbox.cos.COSName.HEIGHT, 240);
            s.setInt(org.apache.pdfbox.cos.COSName.BITS_PER_COMPONENT, 8);
            s.setItem(org.apache.pdfbox.cos.COSName.COLORSPACE, org.apache.pdfbox.cos.COSName.DEVICERGB);
            var jpx = new org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject(
                    new org.apache.pdfbox.pdmodel.common.PDStream(s), null);
            var ccitt = org.apache.pdfbox.pdmodel.graphics.image.CCITTFactory.createFromImage(doc, bilevel);
            var jpeg = org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory.createFromImage(doc, photo, 0.8f);
            try (var cs = new org.apache.pdfbox.pdmodel.PDPageContentStream(doc, page)) {
                cs.drawImage(jpx, 40, 500, 240, 180);
                cs.drawImage(ccitt, 300, 500, 240, 180);
                cs.drawImage(jpeg, 40, 300, 240, 180);
                cs.saveGraphicsState();
                var translucent = new org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState();
                translucent.setNonStrokingAlphaConstant(0.6f);
                translucent.setBlendMode(org.apache.pdfbox.pdmodel.graphics.blend.BlendMode.MULTIPLY);
                cs.setGraphicsStateParameters(translucent);
                cs.addRect(300, 300, 240, 180);
                cs.clip();
                cs.shadingFill(meshShading(doc, 7, 300, 300, 240, 180));
                cs.shadingFill(meshShading(doc, 6, 320, 320, 200, 140));
                cs.restoreGraphicsState();
                cs.beginText();
                cs.setFont(new org.apache.pdfbox.pdmodel.font.PDType1Font(
                        org.apache.pdfbox.pdmodel.font.Standard14Fonts.FontName.TIMES_ROMAN), 14);
                cs.newLineAtOffset(40, 100);
                cs.showText("A page of our own that warms the decoders up.");
                cs.endText();
            }
            doc.save(file.toFile());
        }
        return file;
    }

    /** A one-patch Coons (6) or tensor-product (7) mesh shading over a rectangle in points, its patch bent. */
    private static org.apache.pdfbox.pdmodel.graphics.shading.PDShading meshShading(
            org.apache.pdfbox.pdmodel.PDDocument doc, int type, float x, float y, float w, float h) throws IOException {
        int points = type == 7 ? 16 : 12;
        var data = new java.io.ByteArrayOutputStream();
        data.write(0);
        double[][] uv = {{0, 0}, {0, 1 / 3.0}, {0, 2 / 3.0}, {0, 1}, {1 / 3.0, 1}, {2 / 3.0, 1}, {1, 1},
            {1, 2 / 3.0}, {1, 1 / 3.0}, {1, 0}, {2 / 3.0, 0}, {1 / 3.0, 0}, {1 / 3.0, 1 / 3.0}, {1 / 3.0, 2 / 3.0},
            {2 / 3.0, 2 / 3.0}, {2 / 3.0, 1 / 3.0}};
        for (int i = 0; i < points; i++) {
            double bend = Math.sin(i) * 0.08;
            int px = (int) Math.round(Math.max(0, Math.min(1, uv[i][0] + bend)) * 65535);
            int py = (int) Math.round(Math.max(0, Math.min(1, uv[i][1] - bend)) * 65535);
            data.write(px >> 8);
            data.write(px);
            data.write(py >> 8);
            data.write(py);
        }
        for (int v : new int[] {255, 40, 0, 0, 160, 255, 250, 230, 0, 90, 0, 140}) {
            data.write(v);
        }
        var s = doc.getDocument().createCOSStream();
        try (var out = s.createOutputStream()) {
            out.write(data.toByteArray());
        }
        s.setInt(org.apache.pdfbox.cos.COSName.SHADING_TYPE, type);
        s.setItem(org.apache.pdfbox.cos.COSName.COLORSPACE, org.apache.pdfbox.cos.COSName.DEVICERGB);
        s.setInt(org.apache.pdfbox.cos.COSName.BITS_PER_COORDINATE, 16);
        s.setInt(org.apache.pdfbox.cos.COSName.BITS_PER_COMPONENT, 8);
        s.setInt(org.apache.pdfbox.cos.COSName.BITS_PER_FLAG, 8);
        var decode = new org.apache.pdfbox.cos.COSArray();
        for (float v : new float[] {x, x + w, y, y + h, 0, 1, 0, 1, 0, 1}) {
            decode.add(new org.apache.pdfbox.cos.COSFloat(v));
        }
        s.setItem(org.apache.pdfbox.cos.COSName.DECODE, decode);
        return org.apache.pdfbox.pdmodel.graphics.shading.PDShading.create(s);
    }

    private static long used(List<MemoryPoolMXBean> heap) {
        return heap.stream().mapToLong(p -> p.getUsage().getUsed()).sum();
    }

    private static double tool(List<String> command) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(new File("/dev/null"))
                .start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
        }
        return ms(t0);
    }

    private static double ms(long t0) {
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(List<Double> values) {
        return pct(values, 50);
    }

    private static double pct(List<Double> values, int p) {
        if (values.isEmpty()) {
            return 0;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        int i = (int) Math.ceil(p / 100.0 * v.length) - 1;
        return v[Math.max(0, Math.min(v.length - 1, i))];
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
