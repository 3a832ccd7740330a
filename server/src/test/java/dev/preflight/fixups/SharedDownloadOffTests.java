package dev.preflight.fixups;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the viewer config's enable_download off, a share link no longer downloads the job's file (403, either file),
 * while the tenant's own key still does.
 */
@TestPropertySource(properties = "preflight.viewer.defaults.enable-download=false")
class SharedDownloadOffTests extends ServerTestBase {

    @Test
    void theShareLinkTwinAnswers403AndTheKeyedRouteStillServes() {
        var t = newTenant("growth");
        byte[] pdf = SamplePdfs.clean().bytes();
        String jobId = run(t, pdf).get("job_id").asString();
        var mint = api.postJson("/api/v1/jobs/" + jobId + "/reports", t.key(), Map.of("formats", List.of("json")));
        assertThat(mint.status()).as(mint.text()).isEqualTo(201);
        String token = mint.json().get("reports").get(0).get("token").asString();
        assertThat(api.get("/api/v1/viewer/public/" + token + "/config", null).json().get("enable_download")
                .asBoolean()).isFalse();

        for (String query : List.of("", "?original=true")) {
            var r = api.get("/api/v1/viewer/public/" + token + "/file" + query, null);
            assertThat(r.status()).as(query).isEqualTo(403);
            assertThat(r.json().get("detail").asString()).contains("enable_download");
        }
        var own = api.get("/api/v1/jobs/" + jobId + "/file?original=true", t.key());
        assertThat(own.status()).isEqualTo(200);
        assertThat(own.raw()).isEqualTo(pdf);
    }
}
