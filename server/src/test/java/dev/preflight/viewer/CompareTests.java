package dev.preflight.viewer;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import static dev.preflight.viewer.ViewerInkTests.png;
import static org.assertj.core.api.Assertions.assertThat;

/** Two jobs compared page by page: SSIM, changed pixels, and the diff picture's colours where they belong. */
class CompareTests extends ServerTestBase {

    private String job(TenantKey t, byte[] pdf) {
        JsonNode job = run(t, pdf, "preflight_source", "minimal");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        return job.get("job_id").asString();
    }

    private static Map<String, Object> body(String a, String b, Integer dpi) {
        var m = new LinkedHashMap<String, Object>();
        m.put("job_a", a);
        m.put("job_b", b);
        if (dpi != null) {
            m.put("dpi", dpi);
        }
        return m;
    }

    @Test
    void identicalJobsScoreOneAndChangeNoPixel() {
        var t = newTenant("growth");
        byte[] pdf = ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0).bytes();
        var r = api.postJson("/api/v1/viewer/compare", t.key(), body(job(t, pdf), job(t, pdf), 72));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode c = r.json();
        assertThat(c.get("comparison_id").asString()).hasSize(36);
        assertThat(c.get("page_count_a").asInt()).isEqualTo(1);
        assertThat(c.get("page_count_b").asInt()).isEqualTo(1);
        JsonNode page = c.get("pages").get(0);
        assertThat(page.get("page_num").asInt()).isEqualTo(1);
        assertThat(page.get("ssim_score").asDouble()).isEqualTo(1.0);
        assertThat(page.get("diff_pixel_count").asLong()).isZero();
        assertThat(page.get("total_pixels").asLong()).isEqualTo(595L * 842);
    }

    @Test
    void aMovedBoxIsGreenWhereItWasAndRedWhereItWentAndARecolouredOneAmber() throws IOException {
        var t = newTenant("growth");
        String a = job(t, ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 0, 0, 0, 1)
                .cmyk(100, 200, 100, 100, 1, 0, 0, 0).bytes());
        String b = job(t, ViewerPdfs.create().a4().cmyk(300, 600, 100, 100, 0, 0, 0, 1)
                .cmyk(100, 200, 100, 100, 0, 1, 0, 0).bytes());
        JsonNode c = api.postJson("/api/v1/viewer/compare", t.key(), body(a, b, null)).json();
        JsonNode page = c.get("pages").get(0);
        assertThat(page.get("ssim_score").asDouble()).isLessThan(0.99);
        // two 100 x 100 pt boxes moved and one recoloured, at the default 72 dpi: 3 x 10 000 pixels
        assertThat(page.get("diff_pixel_count").asLong()).isBetween(29_000L, 31_500L);

        var diff = api.get("/api/v1/viewer/compare/" + c.get("comparison_id").asString() + "/pages/1/diff",
                t.key());
        BufferedImage img = png(diff);
        assertThat(img.getColorModel().hasAlpha()).isTrue();
        assertThat(img.getRGB(150, 842 - 650)).isEqualTo(0xFF00C800); // only in job_a: green
        assertThat(img.getRGB(350, 842 - 650)).isEqualTo(0xFFE00000); // only in job_b: red
        assertThat(img.getRGB(150, 842 - 250)).isEqualTo(0xFFFFB000); // cyan became magenta: amber
        assertThat(img.getRGB(500, 50) >>> 24).isZero(); // unchanged paper: transparent
        assertThat(diff.header("ETag")).isNotBlank();
        BufferedImage finer = png(api.get("/api/v1/viewer/compare/" + c.get("comparison_id").asString()
                + "/pages/1/diff?dpi=144", t.key()));
        assertThat(finer.getWidth()).isEqualTo(1191);
    }

    @Test
    void aPageOnlyOneJobHasIsReportedNotRefused() throws IOException {
        var t = newTenant("growth");
        String one = job(t, ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 0, 0, 0, 1).bytes());
        String two = job(t, ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 0, 0, 0, 1).a4()
                .cmyk(100, 100, 100, 100, 0, 0, 0, 1).bytes());
        JsonNode c = api.postJson("/api/v1/viewer/compare", t.key(), body(one, two, 36)).json();
        assertThat(c.get("page_count_a").asInt()).isEqualTo(1);
        assertThat(c.get("page_count_b").asInt()).isEqualTo(2);
        assertThat(c.get("pages")).hasSize(2);
        assertThat(c.get("pages").get(0).get("diff_pixel_count").asLong()).isZero();
        assertThat(c.get("pages").get(1).get("diff_pixel_count").asLong()).isPositive();
        BufferedImage second = png(api.get("/api/v1/viewer/compare/" + c.get("comparison_id").asString()
                + "/pages/2/diff", t.key()));
        assertThat(second.getRGB(75, 421 - 75)).isEqualTo(0xFFE00000);
        assertThat(api.get("/api/v1/viewer/compare/" + c.get("comparison_id").asString() + "/pages/3/diff",
                t.key()).status()).isEqualTo(404);
    }

    @Test
    void comparisonsStayInsideTheTenantAndNeedCompletedJobs() {
        var t = newTenant("growth");
        var other = newTenant("growth");
        String mine = job(t, SamplePdfs.clean().bytes());
        String theirs = job(other, SamplePdfs.clean().bytes());
        assertThat(api.postJson("/api/v1/viewer/compare", t.key(), body(mine, theirs, 36)).status()).isEqualTo(404);
        JsonNode failed = run(t, SamplePdfs.truncated(SamplePdfs.clean().bytes(), 300));
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        var r = api.postJson("/api/v1/viewer/compare", t.key(), body(mine, failed.get("job_id").asString(), 36));
        assertThat(r.status()).isEqualTo(409);
        assertThat(r.json().get("detail").asString()).contains("failed");

        var bad = api.postJson("/api/v1/viewer/compare", t.key(), body("nope", null, 700));
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.json().get("detail").toString()).contains("\"job_a\"", "\"job_b\"", "\"dpi\"");

        String id = api.postJson("/api/v1/viewer/compare", t.key(), body(mine, mine, 36)).json()
                .get("comparison_id").asString();
        assertThat(api.get("/api/v1/viewer/compare/" + id + "/pages/1/diff", other.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/viewer/compare/" + id + "/pages/1/diff", t.key()).status()).isEqualTo(200);
        // deleting a compared job deletes the comparison
        assertThat(api.delete("/api/v1/jobs/" + mine, t.key()).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/viewer/compare/" + id + "/pages/1/diff", t.key()).status()).isEqualTo(404);
    }
}
