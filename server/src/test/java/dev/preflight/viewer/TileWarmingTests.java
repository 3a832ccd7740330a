package dev.preflight.viewer;

import dev.preflight.jobs.JobActivity;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Tile warming steps aside while the node stores submissions and runs jobs, and finishes once it is quiet. */
class TileWarmingTests extends ServerTestBase {

    @Autowired
    JobActivity activity;

    private JsonNode warming(TenantKey t, String jobId) {
        var r = api.get("/api/v1/viewer/jobs/" + jobId + "/tile-warming", t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    /** Pages of the given sizes in points, nothing drawn on them. */
    private static byte[] pagesOfSize(float... sides) throws Exception {
        try (var doc = new PDDocument(); var out = new ByteArrayOutputStream()) {
            for (float side : sides) {
                doc.addPage(new PDPage(new PDRectangle(side, side)));
            }
            doc.save(out);
            return out.toByteArray();
        }
    }

    private JsonNode awaitEnd(TenantKey t, String jobId) throws InterruptedException {
        JsonNode w = warming(t, jobId);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (w.get("status").asString().equals("in_progress") && System.nanoTime() < deadline) {
            Thread.sleep(100);
            w = warming(t, jobId);
        }
        return w;
    }

    @Test
    void pagesThatCannotBeRenderedAreCountedAcrossRunsAndTheFirstThreeNamed() throws Exception {
        TenantKey t = newTenant("growth");
        // 14,400 pt at 150 dpi is 30,000 px a side: far above the pixel budget of one tile
        String jobId = run(t, pagesOfSize(300, 14_400, 14_400, 300, 14_400, 14_400), "preflight_source", "minimal")
                .get("job_id").asString();
        JsonNode w = awaitEnd(t, jobId);
        assertThat(w.get("status").asString()).isEqualTo("failed");
        assertThat(w.get("rendered").asInt()).isEqualTo(2);
        assertThat(w.get("total").asInt()).isEqualTo(6);
        String error = w.get("error").asString();
        assertThat(error).startsWith("4 pages could not be rendered: page 2: ").contains("; page 3: ")
                .contains("; page 5: ").endsWith("; ...").doesNotContain("page 6:").doesNotContain("page 4:");
    }

    @Test
    void warmingWaitsWhileWorkUsersWaitForRunsAndCompletesAfterIt() throws Exception {
        TenantKey t = newTenant("growth");
        String jobId = run(t, SamplePdfs.clean().pages(2).bytes(), "preflight_source", "minimal")
                .get("job_id").asString();
        var busy = activity.begin();
        try {
            long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (System.nanoTime() < until) {
                JsonNode w = warming(t, jobId);
                assertThat(w.get("status").asString()).isEqualTo("in_progress");
                assertThat(w.get("rendered").asInt()).as("no page rendered while the node is busy").isZero();
                Thread.sleep(200);
            }
        } finally {
            busy.close();
        }
        JsonNode w = awaitEnd(t, jobId);
        assertThat(w.get("status").asString()).isEqualTo("complete");
        assertThat(w.get("rendered").asInt()).isEqualTo(2);
        assertThat(w.get("error").isNull()).isTrue();
    }
}
