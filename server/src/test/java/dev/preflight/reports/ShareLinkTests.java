package dev.preflight.reports;

import dev.preflight.support.EventLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The public, token-gated surfaces: landing page, files, token metadata and findings, the visitor gate. */
class ShareLinkTests extends ReportFixtures {

    @Autowired
    EventLog events;

    @Test
    void theLandingPageShowsVerdictSummaryDownloadsAndTheViewer() {
        TenantKey t = newTenant("scale");
        String job = completedJob(t);
        var rows = minted(t, job, "pdf", "html", "json");
        String token = rows.get("html").get("token").asString();
        var page = api.get("/r/" + token, null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(page.header("Content-Security-Policy")).contains("default-src 'none'");
        String html = page.text();
        assertThat(html).contains("test.pdf", "Failed", "Preflight", "Open the file in the viewer",
                "/app/s/" + token);
        assertThat(html).contains("/r/" + rows.get("pdf").get("token").asString() + ".pdf?download=1",
                "/r/" + rows.get("html").get("token").asString() + ".html",
                "/r/" + rows.get("json").get("token").asString() + ".json");
        assertThat(api.get("/r/" + token + ".pdf", null).status()).as("the html token is not a pdf").isEqualTo(404);
        assertThat(api.get("/r/" + token + ".json", null).status()).isEqualTo(404);
    }

    @Test
    void tokenMetadataAndFindingsAnswerWithoutAKey() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        String token = minted(t, job, "pdf").get("pdf").get("token").asString();
        JsonNode info = api.get("/api/v1/reports/tokens/" + token, null).json();
        assertThat(info.get("job_id").asString()).isEqualTo(job);
        assertThat(info.get("tenant_id").asString()).isEqualTo(t.tenantId());
        assertThat(info.get("file_name").asString()).isEqualTo("test.pdf");
        assertThat(info.get("email_required").asBoolean()).isFalse();
        JsonNode findings = api.get("/api/v1/reports/tokens/" + token + "/findings", null).json().get("findings");
        assertThat(findings).isEqualTo(api.get("/api/v1/jobs/" + job, t.key()).json().get("findings"));
    }

    @Test
    void unknownAndMalformedTokensAre404() {
        String wellFormed = "A".repeat(43);
        assertThat(api.get("/r/" + wellFormed, null).status()).isEqualTo(404);
        assertThat(api.get("/r/" + wellFormed + ".pdf", null).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/reports/tokens/" + wellFormed, null).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/reports/tokens/" + wellFormed + "/findings", null).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/reports/tokens/short", null).status()).isEqualTo(404);
        assertThat(api.get("/r/" + "x".repeat(200), null).status()).isEqualTo(404);
    }

    @Test
    void aLinkThatRequiresAnEmailShowsNothingUntilTheVisitorIdentifies() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        var r = mint(t, job, Map.of("formats", List.of("pdf"), "require_visitor_email", true));
        JsonNode row = r.json().get("reports").get(0);
        String token = row.get("token").asString();

        String gate = api.get("/r/" + token, null).text();
        assertThat(gate).contains("enter your email", "/r/" + token + "/visitor").doesNotContain("test.pdf", "Failed");
        assertThat(api.get("/api/v1/reports/tokens/" + token, null).json().get("email_required").asBoolean()).isTrue();
        assertThat(api.get("/api/v1/reports/tokens/" + token + "/findings", null).status()).isEqualTo(403);
        assertThat(api.get(path(row), null).status()).isEqualTo(403);

        var bad = api.postJson("/api/v1/reports/tokens/" + token + "/visitor", null, Map.of("email", "nobody"));
        assertThat(bad.status()).isEqualTo(422);
        var ok = api.postJson("/api/v1/reports/tokens/" + token + "/visitor", null, Map.of("email", "Ann@Example.com"));
        assertThat(ok.status()).isEqualTo(200);
        String visitor = ok.json().get("visitor_token").asString();
        assertThat(ok.json().get("email").asString()).isEqualTo("ann@example.com");
        assertThat(ok.header("Set-Cookie")).startsWith("share_visitor=" + visitor).contains("HttpOnly", "SameSite=Lax");
        var header = Map.of("X-Visitor-Token", visitor);
        assertThat(api.getWithHeaders("/api/v1/reports/tokens/" + token + "/findings", header).status())
                .isEqualTo(200);
        assertThat(api.getWithHeaders(path(row), header).status()).isEqualTo(200);
        String forged = visitor.substring(0, visitor.lastIndexOf('.') + 1) + "AAAA";
        assertThat(api.getWithHeaders("/api/v1/reports/tokens/" + token + "/findings",
                Map.of("X-Visitor-Token", forged)).status()).isEqualTo(403);

        var form = api.send("POST", "/r/" + token + "/visitor",
                Map.of("Content-Type", "application/x-www-form-urlencoded"),
                "email=bob%40example.org".getBytes(StandardCharsets.UTF_8));
        assertThat(form.status()).isEqualTo(200);
        assertThat(form.text()).contains("test.pdf", "Failed").doesNotContain("enter your email");
        String cookie = form.header("Set-Cookie").split(";")[0];
        assertThat(cookie).startsWith("share_visitor=v1.");
        String page = api.getWithHeaders("/r/" + token, Map.of("Cookie", cookie)).text();
        assertThat(page).contains("test.pdf", "Failed").doesNotContain("enter your email");
        assertThat(api.getWithHeaders(path(row), Map.of("Cookie", cookie)).status()).isEqualTo(200);
        var invalid = api.send("POST", "/r/" + token + "/visitor",
                Map.of("Content-Type", "application/x-www-form-urlencoded"), "email=x".getBytes(StandardCharsets.UTF_8));
        assertThat(invalid.status()).isEqualTo(200);
        assertThat(invalid.header("Set-Cookie")).isNull();
        assertThat(invalid.text()).contains("does not look like an email", "enter your email").doesNotContain("test.pdf");
        assertThat(api.get("/r/" + token + "?error=email", null).text()).contains("does not look like an email");
    }

    @Test
    void realVisitsAreCountedAndTheFirstTouchPerVisitorIsAnEvent() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        JsonNode row = minted(t, job, "pdf").get("pdf");
        String token = row.get("token").asString();
        api.get("/r/" + token, null);
        api.get(path(row), null);
        api.getWithHeaders("/r/" + token, Map.of("User-Agent", "Slackbot-LinkExpanding 1.0"));
        api.getWithHeaders("/r/" + token, Map.of("Sec-Purpose", "prefetch"));
        api.get("/api/v1/reports/tokens/" + token, null);
        JsonNode list = api.get("/api/v1/jobs/" + job + "/reports", t.key()).json().get("reports");
        assertThat(list.get(0).get("accessed_count").asLong()).isEqualTo(2);
        var visits = events.of(ShareLinkVisited.class).stream().filter(v -> v.token().equals(token)).toList();
        assertThat(visits).hasSize(1);
        assertThat(visits.get(0).visitorEmail()).isNull();
        assertThat(visits.get(0).jobId()).isEqualTo(job);
        assertThat(visits.get(0).tenantId()).isEqualTo(t.tenantId());
        assertThat(visits.get(0).format()).isEqualTo("pdf");

        String visitor = api.postJson("/api/v1/reports/tokens/" + token + "/visitor", null,
                Map.of("email", "carol@example.com")).json().get("visitor_token").asString();
        api.getWithHeaders("/r/" + token, Map.of("X-Visitor-Token", visitor));
        api.getWithHeaders("/r/" + token, Map.of("X-Visitor-Token", visitor));
        var after = events.of(ShareLinkVisited.class).stream().filter(v -> v.token().equals(token)).toList();
        assertThat(after).hasSize(2);
        assertThat(after.get(1).visitorEmail()).isEqualTo("carol@example.com");
    }

    @Test
    void aVerifiedCustomDomainServesOnlyItsTenantsLinks() throws IOException {
        TenantKey a = newTenant("scale");
        TenantKey b = newTenant("scale");
        String domain = "proofs-" + a.tenantId().substring(0, 8) + ".example.com";
        assertThat(api.patchJson("/api/v1/tenants/" + a.tenantId() + "/custom-domain", a.key(),
                Map.of("domain", domain)).status()).isEqualTo(200);
        String tokenBefore = minted(a, completedJob(a), "json").get("json").get("token").asString();
        assertThat(api.post("/admin/domains/" + domain + "/verify", ADMIN).status()).isEqualTo(200);

        JsonNode mintedA = minted(a, completedJob(a), "json").get("json");
        assertThat(mintedA.get("url").asString()).startsWith("https://" + domain + "/r/");
        String tokenA = mintedA.get("token").asString();
        String tokenB = minted(b, completedJob(b), "json").get("json").get("token").asString();

        assertThat(rawGet(domain, "/r/" + tokenA)).startsWith("HTTP/1.1 200");
        assertThat(rawGet(domain, "/r/" + tokenBefore)).startsWith("HTTP/1.1 200");
        assertThat(rawGet(domain, "/r/" + tokenB)).startsWith("HTTP/1.1 404");
        assertThat(rawGet(domain, "/r/" + tokenB + ".json")).startsWith("HTTP/1.1 404");
        assertThat(rawGet(domain, "/api/v1/reports/tokens/" + tokenB)).startsWith("HTTP/1.1 404");
        assertThat(rawGet("127.0.0.1", "/r/" + tokenB)).startsWith("HTTP/1.1 200");
    }

    /** A GET with an arbitrary Host header (the JDK client does not let a test set Host). */
    private String rawGet(String host, String path) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(60_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            var buf = new ByteArrayOutputStream();
            in.transferTo(buf);
            return buf.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
