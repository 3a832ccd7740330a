package dev.preflight.bench;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Service benchmarks (not part of the suite: tagged "benchmark", run by bench/service-bench.sh). Prints
 * submit-to-complete latency for a one-page PDF with ?wait and with polling, jobs per minute sustained with 20
 * concurrent submitters, and the peak heap while analysing a 500-page PDF.
 */
@Tag("benchmark")
@TestPropertySource(properties = {"preflight.jobs.worker-threads=2", "db-scheduler.threads=2",
        "db-scheduler.polling-interval=100ms", "preflight.jobs.analysis-timeout-seconds=1800"})
class ServiceBenchmark extends ServerTestBase {

    private static final int ROUNDS = Integer.getInteger("bench.rounds", 30);

    @Test
    void measure() throws Exception {
        var t = newTenant("enterprise");
        byte[] onePage = SamplePdfs.clean().unembeddedHelveticaText().rgbImage(300, 150).bytes();
        String source = System.getProperty("bench.source", "engine");

        // Warm up the JVM and PDFBox.
        for (int i = 0; i < 5; i++) {
            waitJob(t, onePage, source);
        }

        double[] waitMs = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            long t0 = System.nanoTime();
            waitJob(t, onePage, source);
            waitMs[i] = (System.nanoTime() - t0) / 1e6;
        }
        double[] pollMs = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            long t0 = System.nanoTime();
            String id = submit(t, onePage, "preflight_source", source);
            awaitJob(t, id);
            pollMs[i] = (System.nanoTime() - t0) / 1e6;
        }
        System.out.printf("BENCH latency one-page %s job, ?wait: p50 %.1f ms, p90 %.1f ms, max %.1f ms (n=%d)%n",
                source, pct(waitMs, 50), pct(waitMs, 90), pct(waitMs, 100), ROUNDS);
        System.out.printf("BENCH latency one-page %s job, polling every 100 ms: p50 %.1f ms, p90 %.1f ms, max %.1f ms (n=%d)%n",
                source, pct(pollMs, 50), pct(pollMs, 90), pct(pollMs, 100), ROUNDS);

        int jobs = Integer.getInteger("bench.throughput.jobs", 200);
        ExecutorService pool = Executors.newFixedThreadPool(20);
        long t0 = System.nanoTime();
        List<Future<String>> futures = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            futures.add(pool.submit(() -> submit(t, onePage, "preflight_source", source)));
        }
        var ids = new ArrayList<String>();
        for (var f : futures) {
            ids.add(f.get());
        }
        for (String id : ids) {
            JsonNode job = awaitJob(t, id);
            if (!job.get("status").asString().equals("completed")) {
                throw new AssertionError("job failed: " + job);
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        pool.shutdown();
        System.out.printf("BENCH throughput: %d one-page %s jobs from 20 concurrent submitters in %.1f s = %.0f jobs/min%n",
                jobs, source, seconds, jobs / seconds * 60);

        int pages = Integer.getInteger("bench.pages", 500);
        byte[] big = SamplePdfs.clean().unembeddedHelveticaText().rgbImage(200, 150).pages(pages).bytes();
        System.gc();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long before = heap.stream().mapToLong(p -> p.getUsage().getUsed()).sum();
        long b0 = System.nanoTime();
        JsonNode bigJob = waitJob(t, big, "engine");
        double bigSeconds = (System.nanoTime() - b0) / 1e9;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf("BENCH %d-page PDF (%d KB): %s in %.1f s, %d findings; heap before %d MB, peak %d MB (whole server JVM, -Xmx %d MB)%n",
                pages, big.length / 1024, bigJob.get("status").asString(), bigSeconds,
                bigJob.get("summary").get("total_findings").asInt(), before >> 20, peak >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
    }

    private JsonNode waitJob(TenantKey t, byte[] pdf, String source) {
        var r = api.postForm("/api/v1/jobs?wait=600", t.key(), Api.form().file("file", "bench.pdf", pdf)
                .field("preflight_source", source));
        if (r.status() != 200) {
            throw new AssertionError(r.status() + " " + r.text());
        }
        return r.json();
    }

    private static double pct(double[] values, int p) {
        double[] v = values.clone();
        Arrays.sort(v);
        int i = (int) Math.ceil(p / 100.0 * v.length) - 1;
        return v[Math.max(0, Math.min(v.length - 1, i))];
    }
}
