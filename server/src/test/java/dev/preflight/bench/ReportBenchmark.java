package dev.preflight.bench;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Report minting benchmark (tagged "benchmark", run by bench/report-bench.sh under -Xmx512m): for a one-page file and
 * the 352-page corpus file, the time of one mint per format (server side, through the API) and the peak heap during
 * it; beside them, headless Chromium printing the same HTML report to PDF (what a user would otherwise reach for).
 */
@Tag("benchmark")
@TestPropertySource(properties = {"preflight.jobs.analysis-timeout-seconds=1800", "SVC_SYNC_MAX_WAIT_S=1800"})
class ReportBenchmark extends ServerTestBase {

    private static final List<String> FORMATS = List.of("json", "xml", "html", "pdf", "annotated_pdf",
            "annotated_pdf_markup");

    @Test
    void measure() throws Exception {
        var t = newTenant("enterprise");
        byte[] onePage = SamplePdfs.clean().unembeddedHelveticaText().rgbImage(300, 100).bleedMm(0).bytes();
        String small = awaitJob(t, submit(t, onePage)).get("job_id").asString();
        for (int i = 0; i < 3; i++) {
            for (String f : FORMATS) {
                mint(t, small, f); // warm-up
            }
        }
        report("1-page", t, small, 5);

        Path corpus = Path.of(System.getProperty("bench.corpus", "../../shared/corpus/pdfs/pdfjs__freeculture.pdf"));
        if (!Files.exists(corpus)) {
            System.out.println("BENCH corpus file not found: " + corpus.toAbsolutePath());
            return;
        }
        long t0 = System.nanoTime();
        JsonNode big = awaitJob(t, submit(t, Files.readAllBytes(corpus)));
        System.out.printf("BENCH analysis of %s (%d pages, %d findings): %.1f s%n", corpus.getFileName(),
                big.get("page_count").asInt(), big.get("summary").get("total_findings").asInt(),
                (System.nanoTime() - t0) / 1e9);
        report("352-page", t, big.get("job_id").asString(), 1);
        for (String f : List.of("html", "pdf")) {
            System.gc();
            resetPeaks();
            long c0 = System.nanoTime();
            var r = api.postJson("/api/v1/jobs/" + big.get("job_id").asString() + "/reports", t.key(),
                    Map.of("formats", List.of(f), "detail_level", "comprehensive"));
            double ms = (System.nanoTime() - c0) / 1e6;
            long size = api.get(path(r.json().get("reports").get(0)), null).raw().length;
            System.out.printf("BENCH mint 352-page %-21s median %8.0f ms  peak heap %4d MB  size %,d bytes%n",
                    f + " (comprehensive)", ms, peakHeap() / (1024 * 1024), size);
        }
        chromium(t, big.get("job_id").asString());
    }

    private void report(String label, TenantKey t, String job, int rounds) {
        for (String f : FORMATS) {
            double[] ms = new double[rounds];
            long peak = 0;
            long bytes = 0;
            for (int i = 0; i < rounds; i++) {
                System.gc();
                resetPeaks();
                long t0 = System.nanoTime();
                JsonNode row = mint(t, job, f);
                ms[i] = (System.nanoTime() - t0) / 1e6;
                peak = Math.max(peak, peakHeap());
                bytes = api.get(path(row), null).raw().length;
            }
            Arrays.sort(ms);
            System.out.printf("BENCH mint %s %-21s median %8.0f ms  peak heap %4d MB  size %,d bytes%n", label, f,
                    ms[ms.length / 2], peak / (1024 * 1024), bytes);
        }
    }

    private void chromium(TenantKey t, String job) throws Exception {
        JsonNode row = mint(t, job, "html");
        Path dir = Files.createTempDirectory("report-bench");
        Path html = dir.resolve("report.html");
        Files.write(html, api.get(path(row), null).raw());
        Path pdf = dir.resolve("report.pdf");
        long t0 = System.nanoTime();
        var p = new ProcessBuilder("/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + dir.resolve("profile"), "--print-to-pdf=" + pdf, html.toUri().toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        System.out.printf("BENCH chromium --print-to-pdf of the same 352-page html report: %.0f ms, %,d bytes%n",
                (System.nanoTime() - t0) / 1e6, Files.exists(pdf) ? Files.size(pdf) : 0);
    }

    private JsonNode mint(TenantKey t, String job, String format) {
        var r = api.postJson("/api/v1/jobs/" + job + "/reports", t.key(), Map.of("formats", List.of(format)));
        if (r.status() != 201) {
            throw new AssertionError(format + ": " + r.text());
        }
        return r.json().get("reports").get(0);
    }

    private static String path(JsonNode row) {
        String url = row.get("url").asString();
        return url.substring(url.indexOf("/r/"));
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

}
