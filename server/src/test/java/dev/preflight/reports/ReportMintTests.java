package dev.preflight.reports;

import dev.preflight.support.EventLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ReportMintTests extends ReportFixtures {

    @Autowired
    EventLog events;

    @Test
    void mintsEveryFormatWithATokenAndAUrlEach() {
        TenantKey t = newTenant("scale");
        String job = completedJob(t);
        var rows = minted(t, job, "json", "xml", "html", "pdf", "annotated_pdf", "annotated_pdf_markup");
        assertThat(rows).hasSize(6);
        var types = Map.of("json", "application/json", "xml", "application/xml", "html", "text/html",
                "pdf", "application/pdf", "annotated_pdf", "application/pdf", "annotated_pdf_markup", "application/pdf");
        for (JsonNode row : rows.values()) {
            String format = row.get("format").asString();
            assertThat(row.get("token").asString()).matches("[A-Za-z0-9_-]{43}");
            assertThat(row.get("url").asString()).isEqualTo("http://127.0.0.1:" + port + "/r/"
                    + row.get("token").asString() + "." + (format.contains("pdf") ? "pdf" : format));
            assertThat(row.get("data").isNull()).isTrue();
            assertThat(row.get("content_type").isNull()).isTrue();
            var file = api.get(path(row), null);
            assertThat(file.status()).as(format).isEqualTo(200);
            assertThat(file.header("Content-Type")).startsWith(types.get(format));
            assertThat(file.raw().length).isGreaterThan(100);
        }
        assertThat(new String(api.get(path(rows.get("pdf")), null).raw(), 0, 5, StandardCharsets.US_ASCII))
                .isEqualTo("%PDF-");
    }

    @Test
    void withoutABodyMintsHtmlAndPdfExpiringAfterThePlanDefault() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        var r = api.sendJson("POST", "/api/v1/jobs/" + job + "/reports", t.key(), "", Map.of());
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        JsonNode reports = r.json().get("reports");
        assertThat(reports).hasSize(2);
        assertThat(reports.get(0).get("format").asString()).isEqualTo("html");
        assertThat(reports.get(1).get("format").asString()).isEqualTo("pdf");
        Instant expires = Instant.parse(reports.get(0).get("expires_at").asString());
        assertThat(Duration.between(Instant.now(), expires).toHours()).isBetween(167L, 168L);
    }

    @Test
    void expiryDaysNullMeansNoExpiryAndZeroIsRejected() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        var body = new LinkedHashMap<String, Object>();
        body.put("formats", List.of("json"));
        body.put("expiry_days", null);
        var r = mint(t, job, body);
        assertThat(r.status()).isEqualTo(201);
        assertThat(r.json().get("reports").get(0).get("expires_at").isNull()).isTrue();
        var zero = mint(t, job, Map.of("formats", List.of("json"), "expiry_days", 0));
        assertThat(zero.status()).isEqualTo(422);
        assertThat(zero.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"expiry_days\"]");
    }

    @Test
    void returnsJsonAndXmlInlineAndRefusesInlineForOtherFormats() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        var r = mint(t, job, Map.of("formats", List.of(Map.of("format", "json", "return", "inline"),
                Map.of("format", "xml", "return", "both"), "pdf")));
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        JsonNode json = r.json().get("reports").get(0);
        assertThat(json.get("url").isNull()).isTrue();
        assertThat(json.get("token").isNull()).isTrue();
        assertThat(json.get("expires_at").isNull()).isTrue();
        assertThat(json.get("content_type").asString()).isEqualTo("application/json");
        assertThat(json.get("data").get("job").get("job_id").asString()).isEqualTo(job);
        assertThat(json.get("data").get("schema_version").asString()).isEqualTo("1");
        JsonNode xml = r.json().get("reports").get(1);
        assertThat(xml.get("url").asString()).endsWith(".xml");
        assertThat(xml.get("content_type").asString()).isEqualTo("application/xml");
        assertThat(xml.get("data").asString()).startsWith("<?xml").contains("<job_id>" + job + "</job_id>");
        assertThat(api.get(path(xml), null).text()).isEqualTo(xml.get("data").asString());

        for (String binary : List.of("pdf", "html", "annotated_pdf")) {
            var bad = mint(t, job, Map.of("formats", List.of(Map.of("format", binary, "return", "inline"))));
            assertThat(bad.status()).as(binary).isEqualTo(422);
            assertThat(bad.text()).contains("inline is available for json and xml only");
        }
        assertThat(mint(t, job, Map.of("formats", List.of("docx"))).status()).isEqualTo(422);
        assertThat(mint(t, job, Map.of("formats", List.of("pdf", "pdf"))).status()).isEqualTo(422);
    }

    @Test
    void formatsAndBrandingAboveThePlanAre403WithTheUpgradeCode() {
        TenantKey starter = newTenant("starter");
        String job = completedJob(starter);
        var annotated = mint(starter, job, Map.of("formats", List.of("annotated_pdf")));
        assertThat(annotated.status()).isEqualTo(403);
        assertThat(annotated.json().get("code").asString()).isEqualTo("plan_upgrade_required");
        assertThat(mint(starter, job, Map.of("formats", List.of("annotated_pdf_markup"))).status()).isEqualTo(403);
        var branded = mint(starter, job, Map.of("formats", List.of("json"), "branding", Map.of("name", "Acme")));
        assertThat(branded.status()).isEqualTo(403);
        assertThat(branded.json().get("detail").asString()).contains("white-label");

        TenantKey viewer = newTenant("viewer");
        String viewerJob = completedJob(viewer);
        var none = mint(viewer, viewerJob, Map.of("formats", List.of("json")));
        assertThat(none.status()).isEqualTo(403);
        assertThat(none.json().get("code").asString()).isEqualTo("plan_upgrade_required");
    }

    @Test
    void mintsOnlyCompletedJobs() {
        TenantKey t = newTenant("starter");
        JsonNode failed = run(t, "not a pdf at all".getBytes(StandardCharsets.UTF_8));
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        var r = mint(t, failed.get("job_id").asString(), Map.of("formats", List.of("json")));
        assertThat(r.status()).isEqualTo(409);
        assertThat(r.json().get("detail").asString()).contains("completed jobs only");
    }

    @Test
    void emailToWithoutOutgoingMailIs422() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        var r = mint(t, job, Map.of("formats", List.of("pdf"), "email_to", "customer@example.com"));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().get("detail").asString()).contains("PREFLIGHT_SMTP_HOST");
        assertThat(mint(t, job, Map.of("formats", List.of("pdf"), "email_to", "not-an-address")).status())
                .isEqualTo(422);
    }

    @Test
    void anIdempotencyKeyMakesTheTokenDeterministicAndReusesTheStoredReport() throws Exception {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        int mintedBefore = events.of(ReportMinted.class).size();
        var first = mint(t, job, Map.of("formats", List.of("pdf", "json")), "order-4711");
        assertThat(first.status()).isEqualTo(201);
        String pdfToken = first.json().get("reports").get(0).get("token").asString();
        byte[] digest = MessageDigest.getInstance("SHA-256")
                .digest((t.tenantId() + "order-4711" + "pdf").getBytes(StandardCharsets.UTF_8));
        assertThat(pdfToken).hasSize(43).isEqualTo(Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
        byte[] stored = api.get(path(first.json().get("reports").get(0)), null).raw();

        var again = mint(t, job, Map.of("formats", List.of("pdf", "json")), "order-4711");
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.json().get("reports").get(0).get("token").asString()).isEqualTo(pdfToken);
        assertThat(again.json().get("reports").get(0).get("expires_at").asString())
                .isEqualTo(first.json().get("reports").get(0).get("expires_at").asString());
        assertThat(api.get(path(again.json().get("reports").get(0)), null).raw()).isEqualTo(stored);
        assertThat(events.of(ReportMinted.class)).hasSize(mintedBefore + 1);
        assertThat(api.get("/api/v1/jobs/" + job + "/reports", t.key()).json().get("reports")).hasSize(2);

        String otherJob = completedJob(t);
        assertThat(mint(t, otherJob, Map.of("formats", List.of("pdf")), "order-4711").status()).isEqualTo(409);
        TenantKey other = newTenant("starter");
        String foreignJob = completedJob(other);
        var sameKeyOtherTenant = mint(other, foreignJob, Map.of("formats", List.of("pdf")), "order-4711");
        assertThat(sameKeyOtherTenant.status()).isEqualTo(201);
        assertThat(sameKeyOtherTenant.json().get("reports").get(0).get("token").asString()).isNotEqualTo(pdfToken);
        var tooLong = mint(t, job, Map.of("formats", List.of("pdf")), "k".repeat(256));
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(tooLong.json().get("detail").get(0).get("loc").toString())
                .isEqualTo("[\"header\",\"Idempotency-Key\"]");
    }

    @Test
    void withoutAKeyEveryMintIsANewRandomToken() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        String a = minted(t, job, "json").get("json").get("token").asString();
        String b = minted(t, job, "json").get("json").get("token").asString();
        assertThat(a).hasSize(43).isNotEqualTo(b);
    }

    @Test
    void reportMintedCarriesEveryLinkedFormatWithUrlAndExpiry() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        var r = mint(t, job, Map.of("formats", List.of("pdf", Map.of("format", "json", "return", "inline"))));
        assertThat(r.status()).isEqualTo(201);
        ReportMinted e = events.of(ReportMinted.class).stream().filter(m -> m.jobId().equals(job)).findFirst()
                .orElseThrow();
        assertThat(e.tenantId()).isEqualTo(t.tenantId());
        assertThat(e.reports()).hasSize(1);
        assertThat(e.reports().get(0).format()).isEqualTo("pdf");
        assertThat(e.reports().get(0).url()).isEqualTo(r.json().get("reports").get(0).get("url").asString());
        assertThat(e.reports().get(0).expiresAt().toString())
                .isEqualTo(r.json().get("reports").get(0).get("expires_at").asString());
        int before = events.of(ReportMinted.class).size();
        mint(t, job, Map.of("formats", List.of(Map.of("format", "json", "return", "inline"))));
        assertThat(events.of(ReportMinted.class)).as("inline only: no URL, no event").hasSize(before);
    }

    @Test
    void listsActiveTokensAndRevokingDeletesTheFile() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        var rows = minted(t, job, "pdf", "json");
        api.get(path(rows.get("pdf")), null);
        JsonNode list = api.get("/api/v1/jobs/" + job + "/reports", t.key()).json().get("reports");
        assertThat(list).hasSize(2);
        JsonNode pdf = list.get(0).get("format").asString().equals("pdf") ? list.get(0) : list.get(1);
        assertThat(pdf.get("token").asString()).isEqualTo(rows.get("pdf").get("token").asString());
        assertThat(pdf.get("accessed_count").asLong()).isEqualTo(1);
        assertThat(pdf.propertyNames()).containsExactlyInAnyOrder("token", "format", "expires_at", "created_at",
                "accessed_count");

        String token = rows.get("pdf").get("token").asString();
        assertThat(api.delete("/api/v1/jobs/" + job + "/reports/" + token, t.key()).status()).isEqualTo(204);
        assertThat(api.get(path(rows.get("pdf")), null).status()).isEqualTo(410);
        assertThat(api.get("/r/" + token, null).status()).isEqualTo(410);
        assertThat(api.get("/api/v1/reports/tokens/" + token, null).status()).isEqualTo(410);
        assertThat(api.get("/api/v1/jobs/" + job + "/reports", t.key()).json().get("reports")).hasSize(1);
        assertThat(api.get(path(rows.get("json")), null).status()).isEqualTo(200);
    }

    @Test
    void anotherTenantCannotMintListOrRevoke() {
        TenantKey owner = newTenant("scale");
        TenantKey other = newTenant("scale");
        String job = completedJob(owner);
        String token = minted(owner, job, "pdf").get("pdf").get("token").asString();
        assertThat(mint(other, job, Map.of("formats", List.of("pdf"))).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/jobs/" + job + "/reports", other.key()).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/jobs/" + job + "/reports/" + token, other.key()).status()).isEqualTo(404);
        String otherJob = completedJob(other);
        assertThat(api.delete("/api/v1/jobs/" + otherJob + "/reports/" + token, other.key()).status()).isEqualTo(404);
        assertThat(api.get("/r/" + token, null).status()).isEqualTo(200);
    }

    @Test
    void batchMintReportsEveryJobAndOneFailureNeverDropsTheBatch() {
        TenantKey t = newTenant("scale");
        String a = completedJob(t);
        String b = completedJob(t);
        String failed = run(t, "garbage".getBytes(StandardCharsets.UTF_8)).get("job_id").asString();
        TenantKey other = newTenant("scale");
        String foreign = completedJob(other);
        String unknown = "00000000-0000-4000-8000-000000000042";
        var body = new LinkedHashMap<String, Object>();
        body.put("job_ids", List.of(a, failed, unknown, foreign, b));
        body.put("formats", List.of("pdf", "json"));
        body.put("allow_annotations", true);
        body.put("require_visitor_email", true);
        var r = api.postJson("/api/v1/reports:batchMint", t.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("summary").get("ok").asInt()).isEqualTo(2);
        assertThat(r.json().get("summary").get("failed").asInt()).isEqualTo(3);
        JsonNode results = r.json().get("results");
        assertThat(results.get(0).get("status").asString()).isEqualTo("ok");
        assertThat(results.get(1).get("status").asString()).isEqualTo("failed");
        assertThat(results.get(1).get("error").asString()).contains("completed jobs only");
        assertThat(results.get(2).get("error").asString()).contains("not found");
        assertThat(results.get(3).get("error").asString()).contains("not found");
        assertThat(results.get(4).get("status").asString()).isEqualTo("ok");
        JsonNode row = results.get(0).get("reports").get(0);
        assertThat(row.get("format").asString()).isEqualTo("pdf");
        assertThat(row.get("viewer_url").asString()).isEqualTo("http://127.0.0.1:" + port + "/app/s/"
                + row.get("token").asString());
        assertThat(row.get("allow_annotations").asBoolean()).isTrue();
        assertThat(row.get("require_visitor_email").asBoolean()).isTrue();
        assertThat(api.get("/api/v1/reports/tokens/" + row.get("token").asString(), null).json()
                .get("email_required").asBoolean()).isTrue();

        var tooMany = new LinkedHashMap<String, Object>();
        tooMany.put("job_ids", java.util.Collections.nCopies(501, a));
        assertThat(api.postJson("/api/v1/reports:batchMint", t.key(), tooMany).status()).isEqualTo(422);
        assertThat(api.postJson("/api/v1/reports:batchMint", t.key(), Map.of("job_ids", List.of("x"))).status())
                .isEqualTo(422);
        assertThat(api.postJson("/api/v1/reports:batchMint", t.key(), Map.of("job_ids", List.of(a),
                "formats", List.of(Map.of("format", "json", "return", "inline")))).status()).isEqualTo(422);
    }

    @Test
    void theJobBodyLinksTheNewestPdfAndHtmlReport() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        JsonNode before = api.get("/api/v1/jobs/" + job, t.key()).json().get("reports");
        assertThat(before.get("pdf").isNull()).isTrue();
        minted(t, job, "pdf", "html");
        var newest = minted(t, job, "pdf");
        JsonNode links = api.get("/api/v1/jobs/" + job, t.key()).json().get("reports");
        assertThat(links.get("pdf").asString()).isEqualTo(newest.get("pdf").get("url").asString());
        assertThat(links.get("html").asString()).contains("/r/").endsWith(".html");
    }

    @Test
    void deletingTheJobDeletesItsTokens() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        String token = minted(t, job, "json").get("json").get("token").asString();
        assertThat(api.delete("/api/v1/jobs/" + job, t.key()).status()).isEqualTo(204);
        assertThat(api.get("/api/v1/reports/tokens/" + token, null).status()).isEqualTo(404);
        assertThat(api.get("/r/" + token + ".json", null).status()).isEqualTo(404);
    }

}
