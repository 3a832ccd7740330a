package dev.preflight.bench;

import dev.preflight.support.BrowserTestBase;
import dev.preflight.viewer.ViewerPdfs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * First paint of the web app's viewer (not part of the suite: tagged "benchmark", run by
 * bench/webapp-first-paint-bench.sh). A complete 14-page job (A4 pages of CMYK boxes and text, analysed with
 * service-default) with its tiles warmed; then the job page is loaded again and again in headless Chromium (1366 x
 * 768) and the time from the start of navigation to the viewer's performance mark {@code preflight:first-page-painted}
 * is read: the mark is set when the canvas has drawn page 1 completely from its tile. That span covers loading the app
 * (HTML, CSS, ES modules, lit-html), the sign-in check, the job, the viewer config and page list, and the tile.
 * Measured twice: with Chromium's HTTP cache disabled (every file fetched, the server's warm tile included) and with
 * it enabled (a returning visitor).
 */
@Tag("benchmark")
class ViewerFirstPaintBenchmark extends BrowserTestBase {

    private static final int PAGES = 14;
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 15);

    @Test
    void measure() throws InterruptedException {
        var tenant = newTenant("growth");
        var pdf = ViewerPdfs.create();
        for (int p = 1; p <= PAGES; p++) {
            pdf.a4().cmyk(60, 600, 200, 150, 1, 0.2f, 0, 0).cmyk(320, 600, 200, 150, 0, 0.8f, 0.9f, 0)
                    .cmyk(60, 200, 460, 300, 0.6f, 0.5f, 0.4f, 0.9f).text("Page " + p + " of the benchmark", 60, 780, 24);
        }
        JsonNode job = run(tenant, pdf.bytes());
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(job.get("page_count").asInt()).isEqualTo(PAGES);
        String id = job.get("job_id").asString();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!"complete".equals(api.get("/api/v1/viewer/jobs/" + id + "/tile-warming", tenant.key()).json()
                .get("status").asString())) {
            assertThat(System.nanoTime()).as("tile warming finished").isLessThan(deadline);
            Thread.sleep(200);
        }
        signIn(tenant);

        List<Double> cold = rounds(id, true);
        List<Double> cached = rounds(id, false);
        System.out.println("BENCH first paint, 14-page job, warm tiles, browser cache disabled: " + summary(cold));
        System.out.println("BENCH first paint, 14-page job, warm tiles, browser cache enabled: " + summary(cached));
        browser.screenshot("first-paint");
    }

    private List<Double> rounds(String id, boolean disableCache) {
        ((org.openqa.selenium.chrome.ChromeDriver) browser.driver()).executeCdpCommand("Network.enable", Map.of());
        ((org.openqa.selenium.chrome.ChromeDriver) browser.driver()).executeCdpCommand("Network.setCacheDisabled",
                Map.of("cacheDisabled", disableCache));
        var times = new ArrayList<Double>();
        for (int i = 0; i < ROUNDS + 2; i++) {
            browser.go("/app/");
            browser.go("/app/jobs/" + id);
            Number ms = browser.await("the first page painted", 30, d -> browser.script(
                    "const m = performance.getEntriesByName('preflight:first-page-painted'); return m.length ? m[0].startTime : null;"));
            if (i >= 2) {
                times.add(ms.doubleValue());
            }
        }
        return times;
    }

    private static String summary(List<Double> times) {
        var sorted = times.stream().sorted().toList();
        return String.format(Locale.ROOT, "p50 %.0f ms, p90 %.0f ms, max %.0f ms (n=%d)", sorted.get(sorted.size() / 2),
                sorted.get((int) Math.ceil(sorted.size() * 0.9) - 1), sorted.get(sorted.size() - 1), sorted.size());
    }
}
