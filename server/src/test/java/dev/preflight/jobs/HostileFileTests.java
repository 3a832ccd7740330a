package dev.preflight.jobs;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad input gives a failed job with a readable error (or findings), never a 500, a hang or a dead worker. */
class HostileFileTests extends ServerTestBase {

    @Test
    void notAPdfFailsWithAReadableError() {
        var t = newTenant("growth");
        JsonNode job = run(t, "hello, this is a text file".getBytes());
        assertThat(job.get("status").asString()).isEqualTo("failed");
        assertThat(job.get("error").asString()).containsIgnoringCase("not");
        assertThat(job.get("summary").get("passed").asBoolean()).isFalse();
    }

    @Test
    void emptyFileIsAValidationError() {
        var t = newTenant("growth");
        var r = api.postForm("/api/v1/jobs", t.key(), dev.preflight.support.Api.form().file("file", "e.pdf", new byte[0]));
        assertThat(r.status()).isEqualTo(422);
    }

    @Test
    void truncatedPdfEitherFailsReadablyOrIsReportedDamaged() {
        var t = newTenant("growth");
        byte[] pdf = SamplePdfs.clean().unembeddedHelveticaText().bytes();
        for (int keep : new int[] {9, pdf.length / 3, pdf.length - 40}) {
            JsonNode job = run(t, SamplePdfs.truncated(pdf, keep));
            String status = job.get("status").asString();
            assertThat(status).isIn("completed", "failed");
            if (status.equals("failed")) {
                assertThat(job.get("error").asString()).isNotBlank();
            } else {
                assertThat(inspectionIds(job)).contains("DOC_DAMAGED");
            }
        }
    }

    @Test
    void passwordProtectedPdfFailsWithAReadableError() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().encryptedWithUserPassword("secret").bytes());
        assertThat(job.get("status").asString()).isEqualTo("failed");
        assertThat(job.get("error").asString()).contains("password");
    }

    @Test
    void encryptedPdfWithoutUserPasswordIsAnalysedAndFlagged() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().encryptedWithUserPassword("").bytes());
        assertThat(job.get("status").asString()).isEqualTo("completed");
        assertThat(inspectionIds(job)).contains("DOC_ENCRYPTED");
    }

    @Test
    void decompressionBombFinishesWithinItsBounds() {
        var t = newTenant("growth");
        // 1 GiB of inflated content in a file of about 1 MB.
        byte[] bomb = SamplePdfs.decompressionBomb(1L << 30);
        assertThat(bomb.length).isLessThan(3 * 1024 * 1024);
        JsonNode job = run(t, bomb);
        assertThat(job.get("status").asString()).isIn("completed", "failed");
        if (job.get("status").asString().equals("failed")) {
            assertThat(job.get("error").asString()).isNotBlank();
        }
        // The worker is still alive: a normal job completes afterwards.
        assertThat(run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal").get("status").asString())
                .isEqualTo("completed");
    }

    @Test
    void deeplyNestedObjectsDoNotKillTheWorker() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.deeplyNested(200_000));
        assertThat(job.get("status").asString()).isIn("completed", "failed");
        if (job.get("status").asString().equals("failed")) {
            assertThat(job.get("error").asString()).isNotBlank();
        }
        assertThat(run(t, SamplePdfs.clean().bytes(), "preflight_source", "minimal").get("status").asString())
                .isEqualTo("completed");
    }
}
