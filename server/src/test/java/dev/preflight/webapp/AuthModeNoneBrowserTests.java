package dev.preflight.webapp;

import dev.preflight.support.Api;
import dev.preflight.support.BrowserTestBase;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The self-hosted default in the browser: no key is asked for, and the hosted status wording (pending, complete)
 * reads as well as the self-hosted one. Same settings as AuthModeNoneTests, so both share one server.
 */
@TestPropertySource(properties = {"preflight.tenancy.auth-mode=none", "preflight.jobs.status-wording=hosted"})
class AuthModeNoneBrowserTests extends BrowserTestBase {

    @Test
    void opensTheDashboardWithoutAKeyAndReadsTheHostedWording() {
        var r = api.postForm("/api/v1/jobs?wait=60", null, Api.form().file("file", "clean.pdf", SamplePdfs.clean().bytes()));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("status").asString()).isEqualTo("complete");
        String jobId = r.json().get("job_id").asString();

        browser.go("/app/");
        browser.awaitText("header.top .who", "enterprise", 10);
        assertThat(browser.all("#api-key")).isEmpty();
        assertThat(browser.find("header.top").findElements(By.xpath(".//button[normalize-space()='Forget key']"))).isEmpty();
        var row = browser.awaitText("table.jobs tbody tr", "clean.pdf", 10);
        assertThat(row.findElement(By.cssSelector(".status")).getText()).isEqualTo("complete");
        assertThat(row.findElement(By.cssSelector(".verdict")).getText()).isEqualTo("Passed");
        browser.assertAccessible("dashboard-no-auth");

        browser.go("/app/jobs/" + jobId);
        browser.awaitText(".findings-panel .empty", "No findings: the file passed every check of service-default", 10);
        browser.assertAccessible("clean-job");
    }

    @Test
    void theApiKeysPageExplainsThatThisServerUsesNoKeys() {
        browser.go("/app/keys");
        browser.awaitText("#keyless-title", "This server runs without keys", 10);
        assertThat(browser.find("main").getText()).contains("PREFLIGHT_AUTH_MODE=api-key");
        assertThat(browser.all("form.key-form")).isEmpty();
        assertThat(browser.all("section.new-key")).isEmpty();
        browser.assertAccessible("keys-no-auth");
    }
}
