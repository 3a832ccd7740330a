package dev.preflight.viewer;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Filling capabilities on jobs that did not get them at ingest: the answer of the fill request (202 with a task,
 * the same task while queued, already_filled, 422, 403 plan_upgrade_required), the flag turning true in the config,
 * and the data the capability stands for being served afterwards (it was refused with 409 before).
 */
class CapabilityFillTests extends ServerTestBase {

    private String url(String jobId, String rest) {
        return "/api/v1/viewer/jobs/" + jobId + rest;
    }

    private String minimalJob(TenantKey t, byte[] pdf) {
        JsonNode job = run(t, pdf, "preflight_source", "minimal");
        assertThat(job.get("status").asString()).isEqualTo("completed");
        return job.get("job_id").asString();
    }

    /** Polls the config until the capability is true. */
    private void awaitCapability(TenantKey t, String jobId, String capability) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode c = api.get(url(jobId, "/config"), t.key()).json();
            if (c.get("capabilities").get(capability).asBoolean()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(capability + " never turned true for " + jobId);
    }

    @Test
    void fontsAreRefusedUntilFilledThenListed() throws InterruptedException {
        var t = newTenant("starter");
        String job = minimalJob(t, SamplePdfs.clean().unembeddedHelveticaText().bytes());
        var before = api.get(url(job, "/fonts"), t.key());
        assertThat(before.status()).isEqualTo(409);
        assertThat(before.json().get("detail").asString()).contains("minimal", "/capabilities/fonts");

        var queued = api.postJson(url(job, "/capabilities/fonts"), t.key(), "");
        assertThat(queued.status()).as(queued.text()).isEqualTo(202);
        assertThat(queued.json().get("job_id").asString()).isEqualTo(job);
        assertThat(queued.json().get("capability").asString()).isEqualTo("fonts");
        assertThat(queued.json().get("status").asString()).isEqualTo("queued");
        String taskId = queued.json().get("task_id").asString();
        assertThat(taskId).hasSize(36);

        awaitCapability(t, job, "fonts");
        var fonts = api.get(url(job, "/fonts"), t.key());
        assertThat(fonts.status()).as(fonts.text()).isEqualTo(200);
        assertThat(fonts.json().get("fonts").get(0).get("name").asString()).isEqualTo("Helvetica");

        var again = api.postJson(url(job, "/capabilities/fonts"), t.key(), "");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("status").asString()).isEqualTo("already_filled");
        assertThat(again.json().has("task_id")).isFalse();
        // images were not filled: still refused
        assertThat(api.get(url(job, "/images"), t.key()).status()).isEqualTo(409);
    }

    @Test
    void aSecondRequestWhileQueuedGetsTheSameTask() {
        var t = newTenant("starter");
        String job = minimalJob(t, SamplePdfs.clean().pages(2).bytes());
        var first = api.postJson(url(job, "/capabilities/images"), t.key(), "");
        var second = api.postJson(url(job, "/capabilities/images"), t.key(), "");
        assertThat(first.status()).isEqualTo(202);
        // the task may have finished in between; then the capability is filled
        if (second.status() == 202) {
            assertThat(second.json().get("task_id").asString()).isEqualTo(first.json().get("task_id").asString());
        } else {
            assertThat(second.json().get("status").asString()).isEqualTo("already_filled");
        }
    }

    @Test
    void separationsAndTacOfAMinimalJobComeFromTheInkPass() throws InterruptedException {
        var t = newTenant("growth");
        byte[] pdf = ViewerPdfs.create().a4().cmyk(100, 100, 200, 200, 0.9f, 0.9f, 0.9f, 0.9f)
                .spot("Varnish", 300, 500, 50, 50, 1).bytes();
        String job = minimalJob(t, pdf);
        assertThat(api.get(url(job, "/separations"), t.key()).status()).isEqualTo(409);
        assertThat(api.get(url(job, "/tac"), t.key()).status()).isEqualTo(409);
        assertThat(api.postJson(url(job, "/capabilities/separations"), t.key(), "").status()).isEqualTo(202);
        awaitCapability(t, job, "separations");
        var names = new ArrayList<String>();
        api.get(url(job, "/separations"), t.key()).json().get("channels")
                .forEach(c -> names.add(c.get("name").asString() + ":" + c.get("type").asString()));
        assertThat(names).containsExactly("Cyan:process", "Magenta:process", "Yellow:process", "Black:process",
                "Varnish:spot");
        // tac is its own capability, filled from the stored pass without rendering again
        assertThat(api.get(url(job, "/tac"), t.key()).status()).isEqualTo(409);
        assertThat(api.postJson(url(job, "/capabilities/tac"), t.key(), "").status()).isEqualTo(202);
        awaitCapability(t, job, "tac");
        JsonNode config = api.get(url(job, "/config"), t.key()).json();
        assertThat(config.get("capabilities").get("tac_runs").asBoolean()).isTrue();
        JsonNode page = api.get(url(job, "/tac"), t.key()).json().get("pages").get(0);
        assertThat(page.get("max_pixel_tac").asDouble()).isCloseTo(360, within(1.0));
        assertThat(page.get("area_over_limit_pct").asDouble()).isGreaterThan(0);
    }

    @Test
    void textRegionsAreReadByOcrWithWordBoxesInPoints() throws InterruptedException {
        var t = newTenant("starter");
        byte[] pdf = ViewerPdfs.create().a4().text("PREFLIGHT VIEWER", 72, 700, 36).bytes();
        String job = minimalJob(t, pdf);
        assertThat(api.get(url(job, "/pages/1/text-regions"), t.key()).status()).isEqualTo(409);
        assertThat(api.postJson(url(job, "/capabilities/text_regions"), t.key(), "").status()).isEqualTo(202);
        awaitCapability(t, job, "text_regions");
        var r = api.get(url(job, "/pages/1/text-regions"), t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("dpi").asInt()).isEqualTo(300);
        JsonNode first = r.json().get("words").get(0);
        assertThat(first.get("text").asString()).isEqualTo("PREFLIGHT");
        assertThat(first.get("confidence").asDouble()).isGreaterThan(50);
        JsonNode box = first.get("bbox");
        // the baseline is at y 700 and the capitals are about 26 pt tall; the word starts at x 72
        assertThat(box.get("x0").asDouble()).isCloseTo(72, within(4.0));
        assertThat(box.get("y0").asDouble()).isCloseTo(700, within(4.0));
        assertThat(box.get("y1").asDouble()).isCloseTo(726, within(4.0));
        assertThat(api.get(url(job, "/pages/2/text-regions"), t.key()).status()).isEqualTo(404);
    }

    @Test
    void nonFillableAndUnknownCapabilities422() {
        var t = newTenant("growth");
        String job = minimalJob(t, SamplePdfs.clean().bytes());
        for (String key : new String[] {"layers", "tac_runs", "tiles_warmed", "ai_explain", "epm_verdict"}) {
            var r = api.postJson(url(job, "/capabilities/" + key), t.key(), "");
            assertThat(r.status()).as(key).isEqualTo(422);
            assertThat(r.json().get("detail").asString()).contains("cannot be filled");
        }
        var unknown = api.postJson(url(job, "/capabilities/thumbnails"), t.key(), "");
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().get("detail").asString()).contains("Unknown capability");
    }

    @Test
    void theViewerTierHasNoFillIn() {
        var t = newTenant("viewer");
        String job = minimalJob(t, SamplePdfs.clean().bytes());
        var r = api.postJson(url(job, "/capabilities/fonts"), t.key(), "");
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        assertThat(r.json().get("detail").asString()).contains("viewer");
    }
}
