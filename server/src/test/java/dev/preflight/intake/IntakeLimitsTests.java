package dev.preflight.intake;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The intake limits that are too large to reach cheaply at their defaults, lowered for one server: the total and
 * per-member inflated size of a batch, the ICC upload size, and a zero SVC_SYNC_MAX_WAIT_S for sync endpoints.
 */
@TestPropertySource(properties = {"preflight.intake.batch.max-total-inflated-bytes=3000000",
        "preflight.intake.batch.max-entry-inflated-bytes=1500000", "preflight.intake.icc.max-upload-bytes=1024",
        "preflight.jobs.sync-max-wait-seconds=0"})
class IntakeLimitsTests extends ServerTestBase {

    private static byte[] random(int size) {
        byte[] b = new byte[size];
        new Random(7).nextBytes(b);
        return b;
    }

    @Test
    void refusesAMemberInflatingPastThePerFileLimitAndKeepsTheOthers() {
        TenantKey t = newTenant("growth");
        byte[] zip = Zips.zip().file("big.pdf", random(1_600_000)).file("ok.pdf", SamplePdfs.clean().bytes()).bytes();
        var r = api.postForm("/api/v1/batch", t.key(), Api.form().file("files", "a.zip", zip)
                .field("preflight_source", "minimal"));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode big = r.json().get("items").get(0);
        assertThat(big.get("name").asString()).isEqualTo("big.pdf");
        assertThat(big.get("error_code").asString()).isEqualTo("too_large");
        assertThat(big.get("error").asString()).contains("1500000");
        assertThat(r.json().get("items").get(1).get("job_id").isNull()).isFalse();
    }

    @Test
    void refusesTheWholeBatchWhenItsArchivesInflatePastTheTotalLimit() {
        TenantKey t = newTenant("growth");
        long before = api.get("/api/v1/jobs", t.key()).json().get("total").asLong();
        var zip = Zips.zip().file("ok.pdf", SamplePdfs.clean().bytes());
        for (int i = 0; i < 3; i++) {
            zip.stored("part" + i + ".bin", random(1_200_000));
        }
        var r = api.postForm("/api/v1/batch", t.key(), Api.form().file("files", "a.zip", zip.bytes()));
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        assertThat(r.json().get("detail").asString()).contains("3000000", "ZIP bomb");
        assertThat(api.get("/api/v1/jobs", t.key()).json().get("total").asLong()).isEqualTo(before);
    }

    @Test
    void aSyncEndpointAnswers202AtOnceWhenTheSyncWaitCeilingIsZero() {
        TenantKey t = newTenant("growth");
        var e = api.postJson("/api/v1/endpoints", t.key(), Map.of("slug", "sync-desk", "profile_id",
                "service-default", "response_mode", "sync"));
        assertThat(e.status()).isEqualTo(200);
        var r = api.postForm("/api/v1/endpoints/sync-desk/submit?wait=30", t.key(),
                Api.form().file("file", "a.pdf", SamplePdfs.clean().bytes()));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        assertThat(r.json().get("status").asString()).isEqualTo("queued");
    }

    @Test
    void refusesAnIccUploadAboveTheConfiguredSizeWith413() {
        TenantKey t = newTenant("starter");
        var r = api.postForm("/api/v1/icc-profiles", t.key(), Api.form().file("file", "big.icc", new byte[2048])
                .field("name", "too big"));
        assertThat(r.status()).isEqualTo(413);
        assertThat(r.json().get("detail").asString()).contains("1024");
    }
}
