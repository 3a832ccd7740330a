package dev.preflight.reports;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import dev.preflight.support.LocalDns;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two behaviours that need servers of their own, sharing one extra application context: report links mailed
 * over real SMTP (GreenMail) and custom-domain verification by a real DNS lookup against a local DNS server.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReportMailAndDomainVerificationTests extends ReportFixtures {

    static final int SMTP_PORT = freePort();
    static GreenMail mail = startMail();
    static LocalDns dns = startDns();

    @DynamicPropertySource
    static void servers(DynamicPropertyRegistry r) {
        r.add("preflight.reports.smtp.host", () -> "127.0.0.1");
        r.add("preflight.reports.smtp.port", () -> SMTP_PORT);
        r.add("preflight.reports.smtp.from", () -> "reports@print.example");
        r.add("preflight.branding.dns-servers", () -> "127.0.0.1:" + dns.port());
        r.add("preflight.branding.dns-timeout", () -> "3s");
        r.add("preflight.branding.edge-host", () -> "edge.print.example");
    }

    @AfterAll
    static void stop() {
        mail.stop();
        dns.close();
    }

    @Test
    @Order(1)
    void mintedLinksAreMailedToEmailTo() throws Exception {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        var r = mint(t, job, Map.of("formats", List.of("pdf", Map.of("format", "json", "return", "both")),
                "email_to", "buyer@customer.example"));
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        assertThat(mail.waitForIncomingEmail(10_000, 1)).isTrue();
        MimeMessage m = mail.getReceivedMessagesForDomain("customer.example")[0];
        assertThat(m.getAllRecipients()[0].toString()).isEqualTo("buyer@customer.example");
        assertThat(m.getFrom()[0].toString()).isEqualTo("reports@print.example");
        assertThat(m.getSubject()).isEqualTo("Preflight: report for test.pdf");
        String body = m.getContent().toString();
        for (JsonNode row : r.json().get("reports")) {
            assertThat(body).contains(row.get("url").asString());
        }
        assertThat(body).contains("until ").contains("Checked with Preflight");
    }

    @Test
    @Order(2)
    void anAnonymousReportsMailNamesNoBrand() throws Exception {
        TenantKey t = newTenant("starter");
        String job = completedJob(t, "unbranded", "true");
        int before = mail.getReceivedMessages().length;
        assertThat(mint(t, job, Map.of("formats", List.of("pdf"), "email_to", "anon@customer.example")).status())
                .isEqualTo(201);
        assertThat(mail.waitForIncomingEmail(10_000, before + 1)).isTrue();
        MimeMessage m = mail.getReceivedMessagesForDomain("customer.example")[before];
        assertThat(m.getSubject()).isEqualTo("report for test.pdf");
        assertThat(m.getContent().toString().toLowerCase()).doesNotContain("preflight");
    }

    @Test
    @Order(3)
    void verifyFollowsTheCnameToTheEdgeHost() {
        TenantKey t = newTenant("scale");
        String path = "/api/v1/tenants/" + t.tenantId() + "/custom-domain";
        String host = "proofs-" + t.tenantId().substring(0, 8) + ".example.com";
        JsonNode claim = api.patchJson(path, t.key(), Map.of("domain", host)).json();
        assertThat(claim.get("dns_target").asString()).isEqualTo("edge.print.example");

        var missing = api.post(path + "/verify", t.key());
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().get("detail").asString()).contains("has no CNAME record", "edge.print.example");

        dns.cname(host, "elsewhere.example.net");
        var wrong = api.post(path + "/verify", t.key());
        assertThat(wrong.status()).isEqualTo(422);
        assertThat(wrong.json().get("detail").asString()).contains("elsewhere.example.net");
        assertThat(api.get(path, t.key()).json().get("verified").asBoolean()).isFalse();

        dns.cname(host, "customers.print-cdn.example");
        dns.cname("customers.print-cdn.example", "edge.print.example");
        var ok = api.post(path + "/verify", t.key());
        assertThat(ok.status()).as(ok.text()).isEqualTo(200);
        assertThat(ok.json().get("verified").asBoolean()).isTrue();

        String app = "app-" + t.tenantId().substring(0, 8) + ".example.com";
        api.patchJson("/api/v1/tenants/" + t.tenantId() + "/app-custom-domain", t.key(), Map.of("domain", app));
        dns.fail(app);
        var down = api.post("/api/v1/tenants/" + t.tenantId() + "/app-custom-domain/verify", t.key());
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.json().get("detail").asString()).contains("SERVFAIL");
    }

    @Test
    @Order(4)
    void aMailServerThatRefusesRollsTheMintBack() {
        TenantKey t = newTenant("starter");
        String job = completedJob(t);
        mail.stop();
        var r = mint(t, job, Map.of("formats", List.of("pdf"), "email_to", "buyer@customer.example"));
        assertThat(r.status()).isEqualTo(502);
        assertThat(r.json().get("detail").asString()).contains("nothing was minted");
        assertThat(api.get("/api/v1/jobs/" + job + "/reports", t.key()).json().get("reports")).isEmpty();
    }

    private static int freePort() {
        try (var s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static GreenMail startMail() {
        var g = new GreenMail(new ServerSetup(SMTP_PORT, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        g.start();
        return g;
    }

    private static LocalDns startDns() {
        try {
            return new LocalDns();
        } catch (java.net.SocketException e) {
            throw new IllegalStateException(e);
        }
    }
}
