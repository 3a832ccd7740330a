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

    private record Row(String file, double coldMs, double engineMs, double mutoolMs, double pdftoppmMs, double sepMs,
                       double engineSepMs, String device, double gsMs, double tiffsepMs, String note) {
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

        // Warm the JVM on jobs of their own, so that the measured jobs still open their documents cold.
        for (Path f : files.subList(0, Math.min(6, files.size()))) {
            String warmup = minimalJob(t, f);
            if (warmup != null) {
                get(t, "/api/v1/viewer/jobs/" + warmup + "/pages/1/tile?dpi=" + DPI);
                get(t, "/api/v1/viewer/jobs/" + warmup + "/pages/1/densitometer?x=10&y=10&dpi=" + DPI);
            }
        }

        var rows = new ArrayList<Row>();
        if (Boolean.getBoolean("bench.bigOnly")) {
            files = List.of();
        }
        var warm = new ArrayList<Double>();
        var dens = new ArrayList<Double>();
        var random = new Random(42);
        for (Path f : files) {
            String name = f.getFileName().toString();
            String job = minimalJob(t, f);
            if (job == null) {
                rows.add(new Row(name, 0, 0, 0, 0, 0, 0, "", 0, 0, "job failed (unreadable or encrypted)"));
                continue;
            }
            String base = "/api/v1/viewer/jobs/" + job;
            String tile = base + "/pages/1/tile?dpi=" + DPI;
            // the in-process render first: what either pays for meeting a document first, the HTTP route does not
            double engine = engineCold(f);
            long t0 = System.nanoTime();
            int status = get(t, tile);
            double cold = ms(t0);
            if (status != 200) {
                rows.add(new Row(name, 0, 0, 0, 0, 0, 0, "", 0, 0, "tile answered " + status));
                continue;
            }
            for (int i = 0; i < 20; i++) {
                long w0 = System.nanoTime();
                get(t, tile);
                warm.add(ms(w0));
            }
            double mutool = tool(List.of("mutool", "draw", "-q", "-r", String.valueOf(DPI), "-o",
                    scratch.resolve("mu.png").toString(), f.toString(), "1"));
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
            }
            double engineSep = engineSeparations(f, scratch);
            rows.add(new Row(name, cold, engine, mutool, pdftoppm, sepStatus == 200 ? sep : 0, engineSep,
                    spots ? "tiffsep" : "pamcmyk32", gs, tiffsep,
                    sepStatus == 200 ? "" : "separations answered " + sepStatus));
        }

        var out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d files, %d cores, max heap %d MB, tile warming off%n%n",
                files.size(), Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20));
        out.append("| file | cold tile via HTTP ms | same render in-process ms | mutool draw ms | pdftoppm ms"
                + " | HTTP / mutool | separations via HTTP ms | same render in-process ms | device | same gs command ms"
                + " | HTTP vs gs | gs tiffsep ms | HTTP / tiffsep |\n|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n");
        double sumCold = 0;
        double sumEngine = 0;
        double sumMu = 0;
        double sumPp = 0;
        double sumSep = 0;
        double sumEngineSep = 0;
        double sumGs = 0;
        double sumTiffsep = 0;
        var tileRatios = new ArrayList<Double>();
        var sepRatios = new ArrayList<Double>();
        var tiffsepRatios = new ArrayList<Double>();
        for (Row r : rows) {
            if (!r.note().isEmpty() && r.coldMs() == 0) {
                out.append("| ").append(r.file()).append(" | ").append(r.note()).append(" | | | | | | | | | | | |\n");
                continue;
            }
            out.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.0f | %.2f | %s | %.0f | %s | %.0f | %s | %.0f"
                            + " | %s |%n",
                    r.file(), r.coldMs(), r.engineMs(), r.mutoolMs(), r.pdftoppmMs(), r.coldMs() / r.mutoolMs(),
                    r.sepMs() > 0 ? String.format(Locale.ROOT, "%.0f", r.sepMs()) : r.note(), r.engineSepMs(),
                    r.device(), r.gsMs(),
                    r.sepMs() > 0 ? String.format(Locale.ROOT, "%+.0f %%", (r.sepMs() / r.gsMs() - 1) * 100) : "",
                    r.tiffsepMs(),
                    r.sepMs() > 0 ? String.format(Locale.ROOT, "%.2f", r.sepMs() / r.tiffsepMs()) : ""));
            sumCold += r.coldMs();
            sumEngine += r.engineMs();
            sumMu += r.mutoolMs();
            sumPp += r.pdftoppmMs();
            tileRatios.add(r.coldMs() / r.mutoolMs());
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
                        + " vs mutool draw %.1f s = %.2fx (median per page %.2fx); pdftoppm %.1f s; the same open,"
                        + " render and PNG in-process (no HTTP, no store) %.1f s",
                tileRatios.size(), sumCold / 1000, sumMu / 1000, sumCold / sumMu, median(tileRatios), sumPp / 1000,
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

        Path big = corpus.resolve(BIG);
        String heapLine = "BENCH " + BIG + " not in the corpus";
        if (Files.exists(big)) {
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
        for (String line : List.of(tiles, warmLine, sepLine, densLine, heapLine)) {
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
