package dev.preflight.viewer;

import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The verdict: automatic from summary.passed, then whatever a reviewer records, with verdict.changed events. */
class VerdictTests extends ServerTestBase {

    private String url(String jobId) {
        return "/api/v1/viewer/jobs/" + jobId + "/verdict";
    }

    @Test
    void aJobIsAutoPassedUntilAReviewerFailsItWithNotes() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().bytes());
        assertThat(job.get("summary").get("passed").asBoolean()).isTrue();
        String id = job.get("job_id").asString();

        JsonNode auto = api.get(url(id), t.key()).json();
        assertThat(auto.get("verdict").asString()).isEqualTo("pass");
        assertThat(auto.get("auto_passed").asBoolean()).isTrue();
        assertThat(auto.get("verdict_by").isNull()).isTrue();
        assertThat(auto.get("verdict_at").isNull()).isTrue();
        assertThat(auto.get("notes").isNull()).isTrue();

        var failed = api.postJson(url(id), t.key(), Map.of("verdict", "fail", "notes", "Logo is the old one."));
        assertThat(failed.status()).as(failed.text()).isEqualTo(200);
        JsonNode f = failed.json();
        assertThat(f.get("verdict").asString()).isEqualTo("fail");
        assertThat(f.get("auto_passed").asBoolean()).isTrue();
        assertThat(f.get("verdict_by").asString()).isEqualTo("api_key:" + t.keyId());
        assertThat(f.get("verdict_at").asString()).endsWith("Z");
        assertThat(f.get("notes").asString()).isEqualTo("Logo is the old one.");
        assertThat(api.get(url(id), t.key()).json()).isEqualTo(f);

        var events = RecordedVerdicts.of(id);
        assertThat(events).hasSize(1);
        VerdictChanged e = events.getFirst();
        assertThat(e.tenantId()).isEqualTo(t.tenantId());
        assertThat(e.previous()).isEqualTo("pass");
        assertThat(e.current()).isEqualTo("fail");
        assertThat(e.verdictBy()).isEqualTo("api_key:" + t.keyId());
        assertThat(e.notes()).isEqualTo("Logo is the old one.");

        // the same verdict again changes nothing and publishes nothing; a pass does
        api.postJson(url(id), t.key(), Map.of("verdict", "fail", "notes", "Logo is the old one."));
        assertThat(RecordedVerdicts.of(id)).hasSize(1);
        JsonNode passed = api.postJson(url(id), t.key(), Map.of("verdict", "pass")).json();
        assertThat(passed.get("verdict").asString()).isEqualTo("pass");
        assertThat(passed.get("notes").isNull()).isTrue();
        assertThat(RecordedVerdicts.of(id)).hasSize(2);
        assertThat(RecordedVerdicts.of(id).get(1).previous()).isEqualTo("fail");
    }

    @Test
    void aFailedAnalysisIsAutoFailed() {
        var t = newTenant("growth");
        JsonNode job = run(t, SamplePdfs.clean().withoutTrimBox().bytes());
        assertThat(job.get("summary").get("passed").asBoolean()).isFalse();
        JsonNode v = api.get(url(job.get("job_id").asString()), t.key()).json();
        assertThat(v.get("verdict").asString()).isEqualTo("fail");
        assertThat(v.get("auto_passed").asBoolean()).isFalse();
    }

    @Test
    void anythingButPassOrFailAndAFailWithoutNotesAre422() {
        var t = newTenant("growth");
        String id = run(t, SamplePdfs.clean().bytes()).get("job_id").asString();
        var other = api.postJson(url(id), t.key(), Map.of("verdict", "maybe"));
        assertThat(other.status()).isEqualTo(422);
        assertThat(other.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"verdict\"]");
        assertThat(other.json().get("detail").get(0).get("type").asString()).isEqualTo("enum");
        var missing = api.postJson(url(id), t.key(), Map.of("notes", "x"));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().get("detail").get(0).get("type").asString()).isEqualTo("missing");
        var noNotes = api.postJson(url(id), t.key(), Map.of("verdict", "fail", "notes", "  "));
        assertThat(noNotes.status()).isEqualTo(422);
        assertThat(noNotes.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"notes\"]");
        var tooLong = api.postJson(url(id), t.key(), Map.of("verdict", "pass", "notes", "x".repeat(4001)));
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(RecordedVerdicts.of(id)).isEmpty();
        assertThat(api.get(url(id), t.key()).json().get("verdict_by").isNull()).isTrue();
    }

    @Test
    void aKeyWithoutJobsWriteReadsTheVerdictButCannotRecordOne() {
        var t = newTenant("growth");
        String id = run(t, SamplePdfs.clean().bytes()).get("job_id").asString();
        var readOnly = newKey(t.tenantId(), java.util.List.of());
        assertThat(api.get(url(id), readOnly.key()).status()).isEqualTo(200);
        var r = api.postJson(url(id), readOnly.key(), Map.of("verdict", "pass"));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("detail").asString()).contains("jobs:write");
        assertThat(r.json().has("code")).isFalse();
        var fill = api.postJson("/api/v1/viewer/jobs/" + id + "/capabilities/text_regions", readOnly.key(), "");
        assertThat(fill.status()).isEqualTo(403);
        assertThat(fill.json().has("code")).isFalse();
    }
}
