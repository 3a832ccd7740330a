package dev.preflight.intake;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /api/v1/batch and GET /api/v1/batch/{batch_id}: files and ZIPs, hostile archives, status and counts. */
class BatchTests extends ServerTestBase {

    private TenantKey tenant;
    private byte[] pdf;

    @BeforeEach
    void setUp() {
        tenant = newTenant("growth");
        pdf = SamplePdfs.clean().bytes();
    }

    private Api.Answer post(Api.Form form) {
        return api.postForm("/api/v1/batch", tenant.key(), form);
    }

    private static byte[] png() {
        var img = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
        var out = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Items of a batch body by name. */
    private static Map<String, JsonNode> byName(JsonNode batch) {
        var out = new HashMap<String, JsonNode>();
        batch.get("items").forEach(i -> out.put(i.get("name").asString(), i));
        return out;
    }

    private JsonNode awaitDone(String batchId) {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            var r = api.get("/api/v1/batch/" + batchId, tenant.key());
            assertThat(r.status()).as(r.text()).isEqualTo(200);
            if (r.json().get("done").asBoolean()) {
                return r.json();
            }
            assertThat(System.nanoTime()).as("batch done within 120 s").isLessThan(deadline);
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private long jobCount() {
        return api.get("/api/v1/jobs", tenant.key()).json().get("total").asLong();
    }

    @Test
    void turnsEveryGoodMemberOfAMixedZipIntoAJobAndReportsEveryBadOne() {
        byte[] zip = Zips.zip()
                .file("docs/good.pdf", pdf)
                .file("photo.png", png())
                .file("notes.txt", "just text".getBytes(StandardCharsets.UTF_8))
                .file("broken.pdf", SamplePdfs.truncated(pdf, 200))
                .file("empty.pdf", new byte[0])
                .file("inner.zip", Zips.zip().file("a.pdf", pdf).bytes())
                .file("../escape.pdf", pdf)
                .file("/etc/abs.pdf", pdf)
                .file("C:/windows/drive.pdf", pdf)
                .symlink("link.pdf", "/etc/passwd")
                .encrypted("secret.pdf", pdf)
                .file("bomb.pdf", new byte[20 * 1024 * 1024])
                .directory("docs")
                .file("__MACOSX/docs/._good.pdf", "resource fork".getBytes(StandardCharsets.UTF_8))
                .bytes();
        var r = post(Api.form().file("files", "upload.zip", zip).field("preflight_source", "engine"));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode body = r.json();
        assertThat(body.propertyNames()).containsExactlyInAnyOrder("batch_id", "created_at", "total", "counts", "done",
                "items");
        assertThat(body.get("total").asInt()).isEqualTo(12);
        Map<String, JsonNode> items = byName(body);
        assertThat(items.keySet()).doesNotContain("docs/", "__MACOSX/docs/._good.pdf");
        for (String accepted : List.of("docs/good.pdf", "photo.png", "broken.pdf")) {
            JsonNode i = items.get(accepted);
            assertThat(i.get("job_id").isNull()).as(accepted).isFalse();
            assertThat(i.get("archive").asString()).isEqualTo("upload.zip");
            assertThat(i.get("error").isNull()).isTrue();
        }
        Map<String, String> refused = Map.of("notes.txt", "unsupported_type", "empty.pdf", "empty",
                "inner.zip", "nested_archive", "../escape.pdf", "unsafe_path", "/etc/abs.pdf", "unsafe_path",
                "C:/windows/drive.pdf", "unsafe_path", "link.pdf", "symlink", "secret.pdf", "encrypted",
                "bomb.pdf", "zip_bomb");
        refused.forEach((name, code) -> {
            JsonNode i = items.get(name);
            assertThat(i).as(name).isNotNull();
            assertThat(i.get("status").asString()).as(name).isEqualTo("rejected");
            assertThat(i.get("error_code").asString()).as(name).isEqualTo(code);
            assertThat(i.get("error").asString()).as(name).isNotBlank();
            assertThat(i.get("job_id").isNull()).as(name).isTrue();
        });
        assertThat(body.get("counts").get("rejected").asInt()).isEqualTo(9);

        JsonNode done = awaitDone(body.get("batch_id").asString());
        Map<String, JsonNode> after = byName(done);
        assertThat(after.get("docs/good.pdf").get("status").asString()).isEqualTo("completed");
        assertThat(after.get("photo.png").get("status").asString()).isEqualTo("completed");
        assertThat(after.get("broken.pdf").get("status").asString()).isEqualTo("failed");
        assertThat(done.get("counts").get("completed").asInt()).isEqualTo(2);
        assertThat(done.get("counts").get("failed").asInt()).isEqualTo(1);
        assertThat(done.get("counts").get("queued").asInt()).isZero();
        assertThat(done.get("counts").get("rejected").asInt()).isEqualTo(9);
        assertThat(done.get("counts").get("deleted").asInt()).isZero();
        JsonNode good = api.get("/api/v1/jobs/" + after.get("docs/good.pdf").get("job_id").asString(), tenant.key()).json();
        assertThat(good.get("file_name").asString()).isEqualTo("good.pdf");
        assertThat(good.get("preflight_source").asString()).isEqualTo("engine");
    }

    @Test
    void acceptsSeveralFilePartsWithSharedFieldsAndReportsAPartOfNoAcceptedKind() {
        var r = post(Api.form().file("files", "one.pdf", pdf).file("files", "two.pdf", pdf)
                .file("files", "readme.md", "# hi".getBytes(StandardCharsets.UTF_8))
                .field("preflight_source", "minimal"));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode body = r.json();
        assertThat(body.get("total").asInt()).isEqualTo(3);
        JsonNode readme = byName(body).get("readme.md");
        assertThat(readme.get("part").asInt()).isEqualTo(2);
        assertThat(readme.get("archive").isNull()).isTrue();
        assertThat(readme.get("error_code").asString()).isEqualTo("unsupported_type");
        JsonNode done = awaitDone(body.get("batch_id").asString());
        assertThat(done.get("done").asBoolean()).isTrue();
        for (String name : List.of("one.pdf", "two.pdf")) {
            String jobId = byName(done).get(name).get("job_id").asString();
            JsonNode job = api.get("/api/v1/jobs/" + jobId, tenant.key()).json();
            assertThat(job.get("preflight_source").asString()).isEqualTo("minimal");
            assertThat(job.get("file_name").asString()).isEqualTo(name);
        }
    }

    @Test
    void answers422WithOneProblemPerItemWhenNoFileBecomesAJob() {
        long before = jobCount();
        byte[] zip = Zips.zip().file("../../x.pdf", pdf).file("y.txt", "y".getBytes(StandardCharsets.UTF_8)).bytes();
        var r = post(Api.form().file("files", "bad.zip", zip).file("files", "z.bin", new byte[] {1, 2, 3}));
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        JsonNode detail = r.json().get("detail");
        assertThat(detail.size()).isEqualTo(3);
        assertThat(detail.get(0).get("loc").toString()).isEqualTo("[\"body\",\"files\",0,\"../../x.pdf\"]");
        assertThat(detail.get(0).get("type").asString()).isEqualTo("unsafe_path");
        assertThat(detail.get(1).get("loc").toString()).isEqualTo("[\"body\",\"files\",0,\"y.txt\"]");
        assertThat(detail.get(1).get("type").asString()).isEqualTo("unsupported_type");
        assertThat(detail.get(2).get("loc").toString()).isEqualTo("[\"body\",\"files\",1]");
        assertThat(detail.get(2).get("msg").asString()).contains("not a PDF");
        assertThat(jobCount()).isEqualTo(before);
    }

    @Test
    void refusesAnArchiveWithMoreEntriesThanAllowedAsAWhole() {
        long before = jobCount();
        var r = post(Api.form().file("files", "many.zip", Zips.manyEntries(1001)).file("files", "ok.pdf", pdf));
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        assertThat(r.json().get("detail").asString()).contains("many.zip", "more than 1000 entries");
        assertThat(jobCount()).isEqualTo(before);
    }

    @Test
    void refusesABatchOfMoreFilesThanAllowed() {
        var z = Zips.zip();
        for (int i = 0; i < 101; i++) {
            z.file("f" + i + ".pdf", pdf);
        }
        var r = post(Api.form().file("files", "lots.zip", z.bytes()));
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        assertThat(r.json().get("detail").asString()).contains("more than 100 files");
    }

    @Test
    void countsSeparatePartsAgainstTheSameLimitAsArchiveMembers() {
        long before = jobCount();
        var form = Api.form();
        for (int i = 0; i < 101; i++) {
            form.file("files", "f" + i + ".pdf", pdf);
        }
        var r = post(form.field("preflight_source", "minimal"));
        assertThat(r.status()).as(r.text()).isEqualTo(422);
        assertThat(r.json().get("detail").asString()).contains("more than 100 files");
        assertThat(jobCount()).isEqualTo(before);
    }

    @Test
    void reportsAZipPartThatCannotBeReadAndStillSubmitsTheOthers() {
        byte[] corrupt = new byte[300];
        corrupt[0] = 'P';
        corrupt[1] = 'K';
        corrupt[2] = 3;
        corrupt[3] = 4;
        var r = post(Api.form().file("files", "corrupt.zip", corrupt).file("files", "ok.pdf", pdf)
                .field("preflight_source", "minimal"));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode corruptItem = byName(r.json()).get("corrupt.zip");
        assertThat(corruptItem.get("error_code").asString()).isEqualTo("unreadable_archive");
        assertThat(corruptItem.get("archive").isNull()).isTrue();
    }

    @Test
    void refusesTheWholeBatchForAProblemWithASharedField() {
        long before = jobCount();
        var unknown = post(Api.form().file("files", "a.pdf", pdf).field("profile_id", "no-such-profile"));
        assertThat(unknown.status()).as(unknown.text()).isEqualTo(404);
        var external = post(Api.form().file("files", "a.pdf", pdf).field("preflight_source", "external"));
        assertThat(external.status()).isEqualTo(422);
        assertThat(external.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"preflight_source\"]");
        var badWorkflow = post(Api.form().file("files", "a.pdf", pdf).field("workflow_id", UUID.randomUUID().toString()));
        assertThat(badWorkflow.status()).isEqualTo(404);
        var missing = post(Api.form().field("profile_id", "service-default"));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"files\"]");
        assertThat(jobCount()).isEqualTo(before);
    }

    @Test
    void appliesAWorkflowToEveryFile() {
        var wf = api.postJson("/api/v1/workflows", tenant.key(), Map.of("name", "minimal intake",
                "profile_id", "service-default", "preflight_source", "minimal"));
        assertThat(wf.status()).as(wf.text()).isEqualTo(200);
        var r = post(Api.form().file("files", "a.pdf", pdf).field("workflow_id", wf.json().get("id").asString()));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        String jobId = r.json().get("items").get(0).get("job_id").asString();
        assertThat(api.get("/api/v1/jobs/" + jobId, tenant.key()).json().get("preflight_source").asString())
                .isEqualTo("minimal");
    }

    @Test
    void showsADeletedJobAsDeleted() {
        var r = post(Api.form().file("files", "a.pdf", pdf).field("preflight_source", "minimal"));
        String batchId = r.json().get("batch_id").asString();
        String jobId = r.json().get("items").get(0).get("job_id").asString();
        awaitJob(tenant, jobId);
        assertThat(api.delete("/api/v1/jobs/" + jobId, tenant.key()).status()).isEqualTo(204);
        JsonNode batch = api.get("/api/v1/batch/" + batchId, tenant.key()).json();
        assertThat(batch.get("items").get(0).get("status").asString()).isEqualTo("deleted");
        assertThat(batch.get("counts").get("deleted").asInt()).isEqualTo(1);
        assertThat(batch.get("done").asBoolean()).isTrue();
    }

    @Test
    void anotherTenantsBatchIsNotFound() {
        var r = post(Api.form().file("files", "a.pdf", pdf).field("preflight_source", "minimal"));
        String batchId = r.json().get("batch_id").asString();
        TenantKey other = newTenant("growth");
        var foreign = api.get("/api/v1/batch/" + batchId, other.key());
        assertThat(foreign.status()).isEqualTo(404);
        assertThat(foreign.json().get("detail").asString()).contains(batchId);
        assertThat(api.get("/api/v1/batch/" + UUID.randomUUID(), tenant.key()).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/batch/not-a-uuid", tenant.key()).status()).isEqualTo(422);
    }

    @Test
    void needsTheJobsPermission() {
        TenantKey readOnly = newKey(tenant.tenantId(), List.of("profiles:manage"));
        var r = api.postForm("/api/v1/batch", readOnly.key(), Api.form().file("files", "a.pdf", pdf));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("detail").asString()).contains("jobs:write");
    }
}
