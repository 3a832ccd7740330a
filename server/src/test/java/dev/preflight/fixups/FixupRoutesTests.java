package dev.preflight.fixups;

import dev.preflight.support.Api;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.ServerTestBase;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The server's fixups (issue 23): the registry, POST /api/v1/jobs/{job_id}/fixups into a new job, fixups and
 * auto_fix at submit, the job file download and its share-link twin, job.fixed and billing. Every answer is checked
 * against /openapi.json by {@link Api}. The engine's one fixup today, SET_PAGE_BOXES, resolves PAGE_TRIMBOX_MISSING.
 */
class FixupRoutesTests extends ServerTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final double MM = 72 / 25.4;

    @Autowired
    JdbcClient jdbc;

    /** A PDF that passes service-default except for PAGE_TRIMBOX_MISSING (no TrimBox). */
    private static byte[] noTrimBox() {
        return SamplePdfs.clean().withoutTrimBox().bytes();
    }

    private Api.Answer fix(TenantKey t, String jobId, Object body) {
        return api.postJson("/api/v1/jobs/" + jobId + "/fixups", t.key(), body);
    }

    private static Map<String, Object> setPageBoxes(Map<String, Object> params) {
        var m = new HashMap<String, Object>();
        m.put("fixup_id", "SET_PAGE_BOXES");
        m.put("params", params);
        return m;
    }

    private int filesUsed(TenantKey t) {
        return api.get("/admin/tenants/" + t.tenantId() + "/billing", ADMIN).json().get("files_used").asInt();
    }

    private List<JsonNode> outbox(TenantKey t, String type) {
        return jdbc.sql("SELECT body FROM event_outbox WHERE tenant_id = ? AND event_type = ? ORDER BY occurred_at")
                .params(t.tenantId(), type).query(String.class).list().stream()
                .map(b -> (JsonNode) JSON.readTree(b)).toList();
    }

    private byte[] download(TenantKey t, String jobId, String query) {
        var r = api.get("/api/v1/jobs/" + jobId + "/file" + query, t.key());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.raw();
    }

    private static PDRectangle mediaBox(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return doc.getPage(0).getMediaBox();
        }
    }

    private static PDRectangle trimBox(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            PDPage page = doc.getPage(0);
            return page.getCOSObject().containsKey(org.apache.pdfbox.cos.COSName.TRIM_BOX) ? page.getTrimBox() : null;
        }
    }

    @Test
    void theRegistryListsEachFixupWithItsParametersAndIsCachedWithAnEtag() {
        var r = api.get("/api/v1/fixups", null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Cache-Control")).isEqualTo("max-age=86400, public");
        String etag = r.header("ETag");
        assertThat(etag).matches("\"[0-9a-f]{32}\"");
        JsonNode boxes = null;
        for (JsonNode f : r.json().get("fixups")) {
            if (f.get("fixup_id").asString().equals("SET_PAGE_BOXES")) {
                boxes = f;
            }
        }
        assertThat(boxes).isNotNull();
        assertThat(boxes.propertyNames()).containsExactlyInAnyOrder("fixup_id", "name", "description", "category",
                "params", "resolves", "tool");
        assertThat(boxes.get("category").asString()).isEqualTo("page");
        assertThat(boxes.get("tool").asString()).isEqualTo("pdfbox");
        assertThat(boxes.get("resolves").valueStream().map(JsonNode::asString).toList())
                .contains("PAGE_TRIMBOX_MISSING", "PAGE_BLEEDBOX_MISSING");
        var names = new ArrayList<String>();
        boxes.get("params").forEach(p -> names.add(p.get("name").asString()));
        assertThat(names).containsExactly("mode", "inset_mm", "finished_width_mm", "finished_height_mm", "bleed_mm",
                "overwrite");
        JsonNode mode = boxes.get("params").get(0);
        assertThat(mode.get("type").asString()).isEqualTo("string");
        assertThat(mode.get("default_value").asString()).isEqualTo("inset");
        assertThat(mode.get("allowed").valueStream().map(JsonNode::asString).toList())
                .containsExactly("inset", "finished_size", "crop_marks");
        JsonNode inset = boxes.get("params").get(1);
        assertThat(inset.get("type").asString()).isEqualTo("number");
        assertThat(inset.get("default_value").asDouble()).isEqualTo(3.0);
        assertThat(inset.get("min").asDouble()).isEqualTo(0.0);
        assertThat(inset.get("max").asDouble()).isEqualTo(100.0);

        var again = api.getWithHeaders("/api/v1/fixups", Map.of("If-None-Match", etag));
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.raw()).isEmpty();
        assertThat(again.header("ETag")).isEqualTo(etag);
        assertThat(api.getWithHeaders("/api/v1/fixups", Map.of("If-None-Match", "\"other\"")).status())
                .isEqualTo(200);
    }

    @Test
    void fixingAJobMakesANewJobWithTheFixedFileAndLeavesTheSourceAsItWas() throws IOException {
        var t = newTenant("growth");
        byte[] pdf = noTrimBox();
        JsonNode source = run(t, pdf);
        String sourceId = source.get("job_id").asString();
        assertThat(source.get("status").asString()).isEqualTo("completed");
        assertThat(inspectionIds(source)).contains("PAGE_TRIMBOX_MISSING");
        assertThat(source.get("source_job_id").isNull()).isTrue();
        assertThat(source.get("fixups_applied").size()).isZero();
        int used = filesUsed(t);

        var r = fix(t, sourceId, Map.of("fixups", List.of(setPageBoxes(Map.of("inset_mm", 5)))));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        assertThat(r.json().propertyNames()).containsExactlyInAnyOrder("job_id", "source_job_id", "status");
        assertThat(r.json().get("source_job_id").asString()).isEqualTo(sourceId);
        assertThat(r.json().get("status").asString()).isEqualTo("queued");
        assertThat(r.header("X-RateLimit-Used")).isEqualTo(Integer.toString(used + 1));
        String fixedId = r.json().get("job_id").asString();
        assertThat(fixedId).isNotEqualTo(sourceId);

        JsonNode fixed = awaitJob(t, fixedId);
        assertThat(fixed.get("status").asString()).as(fixed.toString()).isEqualTo("completed");
        assertThat(fixed.get("source_job_id").asString()).isEqualTo(sourceId);
        assertThat(fixed.get("profile_id").asString()).isEqualTo("service-default");
        assertThat(fixed.get("preflight_source").asString()).isEqualTo("engine");
        JsonNode applied = fixed.get("fixups_applied");
        assertThat(applied.size()).isEqualTo(1);
        JsonNode a = applied.get(0);
        assertThat(a.propertyNames()).containsExactlyInAnyOrder("fixup_id", "params", "pages", "objects_changed",
                "notes");
        assertThat(a.get("fixup_id").asString()).isEqualTo("SET_PAGE_BOXES");
        assertThat(a.get("params").get("mode").asString()).isEqualTo("inset");
        assertThat(a.get("params").get("inset_mm").asDouble()).isEqualTo(5.0);
        assertThat(a.get("params").get("overwrite").asBoolean()).isFalse();
        assertThat(a.get("pages").valueStream().map(JsonNode::asInt).toList()).containsExactly(1);
        assertThat(a.get("objects_changed").asInt()).isPositive();
        assertThat(inspectionIds(fixed)).doesNotContain("PAGE_TRIMBOX_MISSING");
        assertThat(fixed.get("summary").get("error_count").asInt())
                .isLessThanOrEqualTo(source.get("summary").get("error_count").asInt());
        assertThat(filesUsed(t)).isEqualTo(used + 1);

        // The source never changes: same findings, same file.
        JsonNode after = api.get("/api/v1/jobs/" + sourceId, t.key()).json();
        assertThat(after.get("findings").toString()).isEqualTo(source.get("findings").toString());
        assertThat(after.get("summary").toString()).isEqualTo(source.get("summary").toString());
        assertThat(download(t, sourceId, "")).isEqualTo(pdf);
        assertThat(download(t, sourceId, "?original=true")).isEqualTo(pdf);
        assertThat(trimBox(pdf)).isNull();

        // The new job's file has the TrimBox 5 mm inside the MediaBox; its original is the source's file.
        byte[] fixedPdf = download(t, fixedId, "");
        PDRectangle trim = trimBox(fixedPdf);
        PDRectangle media = mediaBox(fixedPdf);
        assertThat(trim).isNotNull();
        assertThat((double) trim.getLowerLeftX()).isCloseTo(media.getLowerLeftX() + 5 * MM, within(0.01));
        assertThat((double) trim.getLowerLeftY()).isCloseTo(media.getLowerLeftY() + 5 * MM, within(0.01));
        assertThat((double) trim.getUpperRightX()).isCloseTo(media.getUpperRightX() - 5 * MM, within(0.01));
        assertThat((double) trim.getUpperRightY()).isCloseTo(media.getUpperRightY() - 5 * MM, within(0.01));
        assertThat(mediaBox(pdf).toString()).isEqualTo(media.toString());
        assertThat(download(t, fixedId, "?original=true")).isEqualTo(pdf);
        var file = api.get("/api/v1/jobs/" + fixedId + "/file", t.key());
        assertThat(file.header("Content-Type")).isEqualTo("application/pdf");
        assertThat(file.header("Content-Disposition")).contains("attachment", "test-fixed.pdf");

        // job.fixed in the outbox, in the documented shape.
        List<JsonNode> events = outbox(t, "job.fixed");
        assertThat(events).hasSize(1);
        JsonNode e = events.get(0);
        assertThat(e.get("job_id").asString()).isEqualTo(fixedId);
        assertThat(e.get("source_job_id").asString()).isEqualTo(sourceId);
        assertThat(e.get("profile_id").asString()).isEqualTo("service-default");
        assertThat(e.get("fixups_applied").get(0).get("fixup_id").asString()).isEqualTo("SET_PAGE_BOXES");
        assertThat(e.get("summary").toString()).isEqualTo(fixed.get("summary").toString());
        api.checkWebhook("job.fixed", e.toString().getBytes());

        // The viewer compares a job and its fixed job: only boxes changed, so no pixel did.
        var c = api.postJson("/api/v1/viewer/compare", t.key(), Map.of("job_a", sourceId, "job_b", fixedId,
                "dpi", 36));
        assertThat(c.status()).as(c.text()).isEqualTo(200);
        assertThat(c.json().get("pages").get(0).get("ssim_score").asDouble()).isEqualTo(1.0);
        assertThat(c.json().get("pages").get(0).get("diff_pixel_count").asLong()).isZero();
        var diff = api.get("/api/v1/viewer/compare/" + c.json().get("comparison_id").asString()
                + "/pages/1/diff?dpi=36", t.key());
        assertThat(diff.status()).isEqualTo(200);
        assertThat(diff.header("Content-Type")).isEqualTo("image/png");
    }

    @Test
    void autoChoosesTheFixupsThatResolveTheFindingsAndSaysWhenNothingResolvesAny() {
        var t = newTenant("growth");
        String sourceId = run(t, noTrimBox()).get("job_id").asString();
        var r = fix(t, sourceId, Map.of("auto", true, "profile_id", "service-default"));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode fixed = awaitJob(t, r.json().get("job_id").asString());
        assertThat(fixed.get("status").asString()).isEqualTo("completed");
        assertThat(fixed.get("fixups_applied").valueStream().map(f -> f.get("fixup_id").asString()).toList())
                .as("boxes first, then the bleed the new trim lacks").containsExactly("SET_PAGE_BOXES", "ADD_BLEED");
        assertThat(fixed.get("fixups_applied").get(0).get("params").get("inset_mm").asDouble()).isEqualTo(3.0);
        assertThat(inspectionIds(fixed)).doesNotContain("PAGE_TRIMBOX_MISSING", "PAGE_BLEED_INSUFFICIENT");

        var nothing = fix(t, fixed.get("job_id").asString(), Map.of("auto", true));
        assertThat(nothing.status()).as(nothing.text()).isEqualTo(422);
        JsonNode d = nothing.json().get("detail").get(0);
        assertThat(d.get("loc").toString()).isEqualTo("[\"body\",\"auto\"]");
        assertThat(d.get("msg").asString()).contains("nothing to fix", fixed.get("job_id").asString());
    }

    @Test
    void badRequestsAnswer422WithTheReason() {
        var t = newTenant("growth");
        String jobId = run(t, noTrimBox()).get("job_id").asString();
        record Case(Object body, String field, String message) {
        }
        List<Case> cases = List.of(
                new Case(Map.of("fixups", List.of()), "fixups", "no fixups asked for"),
                new Case(Map.of(), "fixups", "no fixups asked for"),
                new Case(Map.of("fixups", List.of(Map.of("fixup_id", "NO_SUCH_FIXUP"))), "fixups",
                        "unknown fixup_id 'NO_SUCH_FIXUP'"),
                new Case(Map.of("fixups", List.of(setPageBoxes(Map.of("inset_mm", -1)))), "fixups",
                        "parameter 'inset_mm' must be >= 0"),
                new Case(Map.of("fixups", List.of(setPageBoxes(Map.of("inset_mm", "three")))), "fixups",
                        "parameter 'inset_mm' must be a number"),
                new Case(Map.of("fixups", List.of(setPageBoxes(Map.of("colour", "red")))), "fixups",
                        "has no parameter 'colour'"),
                new Case(Map.of("fixups", List.of(setPageBoxes(Map.of()), setPageBoxes(Map.of()))), "fixups",
                        "asked for twice"),
                new Case(Map.of("auto", true, "fixups", List.of(setPageBoxes(Map.of()))), "fixups",
                        "not both"),
                new Case(Map.of("auto", true, "profile_id", ""), "profile_id", "at least 1 character"));
        for (Case c : cases) {
            var r = fix(t, jobId, c.body());
            assertThat(r.status()).as(c.toString() + " " + r.text()).isEqualTo(422);
            JsonNode d = r.json().get("detail").get(0);
            assertThat(d.get("loc").toString()).as(c.toString()).isEqualTo("[\"body\",\"" + c.field() + "\"]");
            assertThat(d.get("msg").asString()).as(c.toString()).contains(c.message());
        }
        assertThat(outbox(t, "job.fixed")).isEmpty();
    }

    @Test
    void onlyACompletedEngineJobOfTheCallersTenantOnGrowthCanBeFixed() {
        var t = newTenant("growth");
        var body = Map.of("fixups", List.of(setPageBoxes(Map.of())));
        String jobId = run(t, noTrimBox()).get("job_id").asString();

        JsonNode failed = run(t, "not a pdf at all".getBytes());
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        var conflict = fix(t, failed.get("job_id").asString(), body);
        assertThat(conflict.status()).isEqualTo(409);
        assertThat(conflict.json().get("detail").asString()).contains("is failed", "only a completed job");

        var submitted = api.postForm("/api/v1/jobs", t.key(), Api.form().file("file", "a.pdf", noTrimBox())
                .field("preflight_source", "external").field("external_format", "service_json")
                .file("external_report", "r.json", "{\"findings\":[]}".getBytes()));
        assertThat(submitted.status()).as(submitted.text()).isEqualTo(202);
        JsonNode external = awaitJob(t, submitted.json().get("job_id").asString());
        assertThat(external.get("status").asString()).as(external.toString()).isEqualTo("completed");
        var imported = fix(t, external.get("job_id").asString(), body);
        assertThat(imported.status()).isEqualTo(409);
        assertThat(imported.json().get("detail").asString()).contains("preflight_source external");

        var other = newTenant("growth");
        for (String path : List.of("/api/v1/jobs/" + jobId + "/file", "/api/v1/jobs/" + jobId + "/file?original=true")) {
            var r = api.get(path, other.key());
            assertThat(r.status()).as(path).isEqualTo(404);
            assertThat(r.json().get("detail").asString()).contains(jobId);
        }
        var foreign = fix(other, jobId, body);
        assertThat(foreign.status()).isEqualTo(404);
        assertThat(fix(t, UUID.randomUUID().toString(), body).status()).isEqualTo(404);

        var unknownProfile = fix(t, jobId, Map.of("fixups", List.of(setPageBoxes(Map.of())), "profile_id", "nope"));
        assertThat(unknownProfile.status()).isEqualTo(404);

        var starter = newTenant("starter");
        String starterJob = run(starter, noTrimBox()).get("job_id").asString();
        var gated = fix(starter, starterJob, body);
        assertThat(gated.status()).isEqualTo(403);
        assertThat(gated.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        assertThat(gated.json().get("detail").asString()).contains("starter", "Growth");
        assertThat(api.get("/api/v1/jobs/" + starterJob + "/file", starter.key()).status()).isEqualTo(200);

        var readOnly = newKey(t.tenantId(), List.of("profiles:manage"));
        assertThat(api.postJson("/api/v1/jobs/" + jobId + "/fixups", readOnly.key(), body).status()).isEqualTo(403);
        assertThat(api.get("/api/v1/jobs/" + jobId + "/file?original=maybe", t.key()).status()).isEqualTo(422);
        assertThat(outbox(t, "job.fixed")).isEmpty();
    }

    @Test
    void fixupsAtSubmitFixBeforeTheAnalysisAndTheJobKeepsTheOriginal() throws IOException {
        var t = newTenant("growth");
        byte[] pdf = noTrimBox();
        JsonNode listed = run(t, pdf, "fixups", "[{\"fixup_id\": \"SET_PAGE_BOXES\", \"params\": {\"inset_mm\": 4}}]");
        assertThat(listed.get("status").asString()).as(listed.toString()).isEqualTo("completed");
        assertThat(listed.get("source_job_id").isNull()).isTrue();
        assertThat(listed.get("fixups_applied").get(0).get("params").get("inset_mm").asDouble()).isEqualTo(4.0);
        assertThat(inspectionIds(listed)).doesNotContain("PAGE_TRIMBOX_MISSING");
        String id = listed.get("job_id").asString();
        assertThat(download(t, id, "?original=true")).isEqualTo(pdf);
        byte[] fixedPdf = download(t, id, "");
        assertThat((double) trimBox(fixedPdf).getLowerLeftX())
                .isCloseTo(mediaBox(fixedPdf).getLowerLeftX() + 4 * MM, within(0.01));

        JsonNode auto = run(t, pdf, "auto_fix", "true");
        assertThat(auto.get("status").asString()).isEqualTo("completed");
        assertThat(auto.get("fixups_applied").get(0).get("fixup_id").asString()).isEqualTo("SET_PAGE_BOXES");
        assertThat(inspectionIds(auto)).doesNotContain("PAGE_TRIMBOX_MISSING");
        assertThat(download(t, auto.get("job_id").asString(), "?original=true")).isEqualTo(pdf);

        // auto_fix on a file with nothing to fix: analysed as it is, nothing applied, no job.fixed.
        JsonNode clean = run(t, SamplePdfs.clean().bytes(), "auto_fix", "true");
        assertThat(clean.get("status").asString()).isEqualTo("completed");
        assertThat(clean.get("fixups_applied").size()).isZero();
        assertThat(download(t, clean.get("job_id").asString(), ""))
                .isEqualTo(download(t, clean.get("job_id").asString(), "?original=true"));

        List<String> fixedEvents = outbox(t, "job.fixed").stream().map(e -> e.get("job_id").asString()).toList();
        assertThat(fixedEvents).containsExactlyInAnyOrder(id, auto.get("job_id").asString());
        assertThat(outbox(t, "job.fixed").get(0).get("source_job_id").isNull()).isTrue();
    }

    @Test
    void badFixupFieldsAtSubmitAnswer422AndBelowGrowth403() {
        var t = newTenant("growth");
        byte[] pdf = noTrimBox();
        record Case(String[] fields, String loc, String message) {
        }
        List<Case> cases = List.of(
                new Case(new String[] {"fixups", "not json"}, "fixups", "JSON list"),
                new Case(new String[] {"fixups", "[]"}, "fixups", "no fixups asked for"),
                new Case(new String[] {"fixups", "[{\"fixup_id\": \"NOPE\"}]"}, "fixups", "unknown fixup_id 'NOPE'"),
                new Case(new String[] {"fixups", "[{\"fixup_id\": \"SET_PAGE_BOXES\"}]", "auto_fix", "true"},
                        "fixups", "mutually exclusive"),
                new Case(new String[] {"auto_fix", "perhaps"}, "auto_fix", ""),
                new Case(new String[] {"auto_fix", "true", "preflight_source", "minimal"}, "auto_fix",
                        "engine jobs"));
        for (Case c : cases) {
            var form = Api.form().file("file", "a.pdf", pdf);
            for (int i = 0; i < c.fields().length; i += 2) {
                form.field(c.fields()[i], c.fields()[i + 1]);
            }
            var r = api.postForm("/api/v1/jobs", t.key(), form);
            assertThat(r.status()).as(List.of(c.fields()) + " " + r.text()).isEqualTo(422);
            JsonNode d = r.json().get("detail").get(0);
            assertThat(d.get("loc").toString()).isEqualTo("[\"body\",\"" + c.loc() + "\"]");
            assertThat(d.get("msg").asString()).contains(c.message());
        }
        var starter = newTenant("starter");
        var gated = api.postForm("/api/v1/jobs", starter.key(), Api.form().file("file", "a.pdf", pdf)
                .field("auto_fix", "true"));
        assertThat(gated.status()).isEqualTo(403);
        assertThat(gated.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        assertThat(api.get("/api/v1/jobs", starter.key()).json().get("total").asInt()).isZero();
    }

    @Test
    void aFileThatCannotBeFixedGivesAFailedJobWithTheReason() {
        var t = newTenant("growth");
        JsonNode damaged = run(t, "%PDF-1.7\nthis is not really a PDF".getBytes(), "fixups",
                "[{\"fixup_id\": \"SET_PAGE_BOXES\"}]");
        assertThat(damaged.get("status").asString()).isEqualTo("failed");
        assertThat(damaged.get("error").asString()).startsWith("The file could not be fixed: ");
        assertThat(damaged.get("fixups_applied").size()).isZero();

        byte[] encrypted = SamplePdfs.clean().withoutTrimBox().encryptedWithUserPassword("").bytes();
        JsonNode source = run(t, encrypted);
        assertThat(source.get("status").asString()).as(source.toString()).isEqualTo("completed");
        var r = fix(t, source.get("job_id").asString(), Map.of("fixups", List.of(setPageBoxes(Map.of()))));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode fixed = awaitJob(t, r.json().get("job_id").asString());
        assertThat(fixed.get("status").asString()).isEqualTo("failed");
        assertThat(fixed.get("error").asString()).startsWith("The file could not be fixed: ").contains("encrypted");
        assertThat(fixed.get("source_job_id").asString()).isEqualTo(source.get("job_id").asString());
        var pdf = api.get("/api/v1/jobs/" + fixed.get("job_id").asString() + "/file", t.key());
        assertThat(pdf.status()).isEqualTo(409);
        assertThat(download(t, fixed.get("job_id").asString(), "?original=true")).isEqualTo(encrypted);
        JsonNode again = api.get("/api/v1/jobs/" + source.get("job_id").asString(), t.key()).json();
        assertThat(again.get("status").asString()).isEqualTo("completed");
        assertThat(again.get("findings").toString()).isEqualTo(source.get("findings").toString());
        assertThat(outbox(t, "job.fixed")).isEmpty();
    }

    @Test
    void theShareLinkTwinDownloadsTheSameFiles() {
        var t = newTenant("growth");
        byte[] pdf = noTrimBox();
        String sourceId = run(t, pdf).get("job_id").asString();
        var r = fix(t, sourceId, Map.of("auto", true));
        String fixedId = awaitJob(t, r.json().get("job_id").asString()).get("job_id").asString();
        var mint = api.postJson("/api/v1/jobs/" + fixedId + "/reports", t.key(), Map.of("formats", List.of("json")));
        assertThat(mint.status()).as(mint.text()).isEqualTo(201);
        String token = mint.json().get("reports").get(0).get("token").asString();

        var shared = api.get("/api/v1/viewer/public/" + token + "/file", null);
        assertThat(shared.status()).as(shared.text()).isEqualTo(200);
        assertThat(shared.raw()).isEqualTo(download(t, fixedId, ""));
        assertThat(shared.header("Content-Type")).isEqualTo("application/pdf");
        var original = api.get("/api/v1/viewer/public/" + token + "/file?original=true", null);
        assertThat(original.raw()).isEqualTo(pdf);
        assertThat(api.get("/api/v1/viewer/public/not-a-token/file", null).status()).isEqualTo(404);
    }

    @Test
    void anOutputIntentComesFromTheIccCatalogueWithItsBundledProfile() throws Exception {
        var t = newTenant("growth");
        String sourceId = run(t, noTrimBox()).get("job_id").asString();
        var r = fix(t, sourceId, Map.of("fixups", List.of(Map.of("fixup_id", "SET_OUTPUT_INTENT",
                "params", Map.of("condition", "fogra39", "pdfx", "none", "replace", true)))));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode fixed = awaitJob(t, r.json().get("job_id").asString());
        assertThat(fixed.get("status").asString()).as(fixed.toString()).isEqualTo("completed");
        assertThat(fixed.get("fixups_applied").get(0).get("fixup_id").asString()).isEqualTo("SET_OUTPUT_INTENT");
        byte[] bundled;
        try (var in = getClass().getClassLoader().getResourceAsStream("icc/profiles/fogra39.icc")) {
            bundled = in.readAllBytes();
        }
        try (PDDocument doc = Loader.loadPDF(download(t, fixed.get("job_id").asString(), ""))) {
            var intents = doc.getDocumentCatalog().getOutputIntents();
            assertThat(intents).hasSize(1);
            assertThat(intents.get(0).getOutputConditionIdentifier()).isEqualTo("FOGRA39");
            try (var profile = intents.get(0).getDestOutputIntent().createInputStream()) {
                assertThat(profile.readAllBytes()).isEqualTo(bundled);
            }
        }
        var unknown = fix(t, sourceId, Map.of("fixups", List.of(Map.of("fixup_id", "SET_OUTPUT_INTENT",
                "params", Map.of("condition", "no-such-condition")))));
        assertThat(unknown.status()).as(unknown.text()).isEqualTo(202);
        JsonNode failed = awaitJob(t, unknown.json().get("job_id").asString());
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        assertThat(failed.toString()).contains("no-such-condition");
    }

    @Test
    void autoUnderAnotherProfileFixesWhatThatProfileFinds() {
        var t = newTenant("growth");
        JsonNode source = run(t, noTrimBox());
        assertThat(source.get("profile_id").asString()).isEqualTo("service-default");
        var r = fix(t, source.get("job_id").asString(), Map.of("auto", true, "profile_id", "gwg2022-sheetcmyk-cmyk"));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode fixed = awaitJob(t, r.json().get("job_id").asString());
        assertThat(fixed.get("status").asString()).as(fixed.toString()).isEqualTo("completed");
        assertThat(fixed.get("profile_id").asString()).isEqualTo("gwg2022-sheetcmyk-cmyk");
        var applied = fixed.get("fixups_applied").valueStream().map(f -> f.get("fixup_id").asString()).toList();
        // the GWG profile's PDF/X finding (no TrimBox or ArtBox), which the source's profile does not judge, was fixed
        assertThat(applied).contains("SET_PAGE_BOXES");
        assertThat(inspectionIds(fixed)).doesNotContain("PDFX_TRIM_OR_ART_MISSING");
        assertThat(inspectionIds(source)).doesNotContain("PDFX_TRIM_OR_ART_MISSING");
    }

    /** The clean sample with a PANTONE square and a Varnish square (Separations, alternates DeviceCMYK). */
    private static byte[] twoSpots() throws IOException {
        try (PDDocument doc = Loader.loadPDF(SamplePdfs.clean().bytes())) {
            PDPage page = doc.getPage(0);
            try (var cs = new org.apache.pdfbox.pdmodel.PDPageContentStream(doc, page,
                    org.apache.pdfbox.pdmodel.PDPageContentStream.AppendMode.APPEND, true)) {
                float x = 100;
                for (String name : List.of("PANTONE 185 C", "Varnish")) {
                    var sep = new org.apache.pdfbox.pdmodel.graphics.color.PDSeparation();
                    sep.setColorantName(name);
                    sep.setAlternateColorSpace(org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK.INSTANCE);
                    var fn = new org.apache.pdfbox.cos.COSDictionary();
                    fn.setInt(org.apache.pdfbox.cos.COSName.FUNCTION_TYPE, 2);
                    fn.setItem(org.apache.pdfbox.cos.COSName.DOMAIN, floats(0, 1));
                    fn.setItem(org.apache.pdfbox.cos.COSName.C0, floats(0, 0, 0, 0));
                    fn.setItem(org.apache.pdfbox.cos.COSName.C1, floats(0, 0.91f, 0.76f, 0));
                    fn.setInt(org.apache.pdfbox.cos.COSName.N, 1);
                    sep.setTintTransform(new org.apache.pdfbox.pdmodel.common.function.PDFunctionType2(fn));
                    cs.setNonStrokingColor(new org.apache.pdfbox.pdmodel.graphics.color.PDColor(new float[] {1f},
                            sep));
                    cs.addRect(x, 300, 50, 50);
                    cs.fill();
                    x += 100;
                }
            }
            var out = new java.io.ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }

    private static org.apache.pdfbox.cos.COSArray floats(float... values) {
        var a = new org.apache.pdfbox.cos.COSArray();
        for (float v : values) {
            a.add(new org.apache.pdfbox.cos.COSFloat(v));
        }
        return a;
    }

    @Test
    void spotToProcessTakesNameListsAndEchoesThemInFixupsApplied() throws IOException {
        var t = newTenant("growth");
        JsonNode source = run(t, twoSpots());
        assertThat(source.get("status").asString()).as(source.toString()).isEqualTo("completed");
        var r = fix(t, source.get("job_id").asString(), Map.of("fixups", List.of(Map.of("fixup_id",
                "SPOT_TO_PROCESS", "params", Map.of("keep_names", List.of("varnish"))))));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode fixed = awaitJob(t, r.json().get("job_id").asString());
        assertThat(fixed.get("status").asString()).as(fixed.toString()).isEqualTo("completed");
        JsonNode a = fixed.get("fixups_applied").get(0);
        assertThat(a.get("fixup_id").asString()).isEqualTo("SPOT_TO_PROCESS");
        assertThat(a.get("params").get("keep_names").valueStream().map(JsonNode::asString).toList())
                .containsExactly("varnish");
        assertThat(a.get("params").get("spot_names").size()).isZero();
        assertThat(a.get("objects_changed").asInt()).isEqualTo(2);
        assertThat(a.get("notes").valueStream().map(JsonNode::asString).toList()).containsExactly(
                "converted to process: PANTONE 185 C", "kept as spot colours: Varnish");
        try (PDDocument doc = Loader.loadPDF(download(t, fixed.get("job_id").asString(), ""))) {
            String content = new String(doc.getPage(0).getContents().readAllBytes(),
                    java.nio.charset.StandardCharsets.ISO_8859_1);
            assertThat(content).contains("/DeviceCMYK cs", "0.91 0.76 0.0 scn");
        }
        var bad = fix(t, source.get("job_id").asString(), Map.of("fixups", List.of(Map.of("fixup_id",
                "SPOT_TO_PROCESS", "params", Map.of("keep_names", "Varnish")))));
        assertThat(bad.status()).as(bad.text()).isEqualTo(422);
    }

    @Test
    void autoKeepsTheSpotColoursItsProfileAllowsOnBothPaths() throws IOException {
        var t = newTenant("growth");
        var profile = api.postJson("/api/v1/profiles", t.key(), Map.of("profile_id", "booked-inks", "name",
                "Booked inks", "base_profile_id", "service-default", "checks", List.of(Map.of("inspection_id",
                        "SPOT_NOT_ALLOWED", "severity", "error", "params", Map.of("allowed_names",
                                List.of("Varnish"))))));
        assertThat(profile.status()).as(profile.text()).isEqualTo(200);
        JsonNode source = run(t, twoSpots(), "profile_id", "booked-inks");
        assertThat(source.get("status").asString()).as(source.toString()).isEqualTo("completed");
        assertThat(source.get("findings").valueStream().filter(f -> f.get("inspection_id").asString()
                .equals("SPOT_NOT_ALLOWED")).count()).as("only PANTONE 185 C is not booked").isEqualTo(1);

        // the route's own plan (same profile) and the processing task's (auto_fix at submit) both read the profile
        var r = fix(t, source.get("job_id").asString(), Map.of("auto", true));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        JsonNode fixedHere = awaitJob(t, r.json().get("job_id").asString());
        JsonNode fixedAtSubmit = run(t, twoSpots(), "profile_id", "booked-inks", "auto_fix", "true");
        for (JsonNode fixed : List.of(fixedHere, fixedAtSubmit)) {
            assertThat(fixed.get("status").asString()).as(fixed.toString()).isEqualTo("completed");
            JsonNode spot = fixed.get("fixups_applied").valueStream()
                    .filter(a -> a.get("fixup_id").asString().equals("SPOT_TO_PROCESS")).findFirst().orElseThrow();
            assertThat(spot.get("params").get("keep_names").valueStream().map(JsonNode::asString).toList())
                    .containsExactly("Varnish");
            assertThat(spot.get("notes").valueStream().map(JsonNode::asString).toList()).containsExactly(
                    "converted to process: PANTONE 185 C", "kept as spot colours: Varnish");
            assertThat(inspectionIds(fixed)).doesNotContain("SPOT_NOT_ALLOWED");
            try (PDDocument doc = Loader.loadPDF(download(t, fixed.get("job_id").asString(), ""))) {
                var names = new java.util.ArrayList<String>();
                for (var n : doc.getPage(0).getResources().getColorSpaceNames()) {
                    if (doc.getPage(0).getResources().getColorSpace(n)
                            instanceof org.apache.pdfbox.pdmodel.graphics.color.PDSeparation sep) {
                        names.add(sep.getColorantName());
                    }
                }
                assertThat(names).as("the booked ink is still a separation").contains("Varnish")
                        .doesNotContain("PANTONE 185 C");
            }
        }
    }
}
