package dev.preflight.webapp;

import dev.preflight.support.BrowserTestBase;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard and the job page in Chromium against the real server (api-key mode): signing in, submitting a
 * generated PDF with a chosen profile, watching it finish, its findings grouped by check and filtered by severity,
 * importing a dropped report, deleting. Every page is checked with axe-core, in light and dark mode.
 */
class DashboardBrowserTests extends BrowserTestBase {

    @Test
    void asksForTheKeyOnceAndKeepsItForThisTabOnly() {
        var tenant = newTenant("growth");
        browser.go("/app/");
        WebElement key = browser.awaitVisible("#api-key");
        browser.assertAccessible("sign-in");

        key.sendKeys("svc_live_not-a-key");
        key.sendKeys(Keys.ENTER);
        browser.awaitText(".banner.error", "refused", 10);
        browser.screenshot("refused");

        key = browser.find("#api-key");
        key.clear();
        key.sendKeys(tenant.key());
        key.sendKeys(Keys.ENTER);
        browser.awaitText("header.top .who", "Tenant growth · growth", 10);
        assertThat((String) browser.script("return sessionStorage.getItem('preflight.apiKey')")).isEqualTo(tenant.key());
        assertThat((String) browser.script("return JSON.stringify(localStorage)")).doesNotContain(tenant.key());

        // Once per tab: a reload keeps the session ...
        browser.driver().navigate().refresh();
        browser.awaitText("header.top .who", "Tenant growth", 10);
        assertThat(browser.all("#api-key")).isEmpty();

        // ... another tab does not have it ...
        String first = browser.driver().getWindowHandle();
        browser.driver().switchTo().newWindow(WindowType.TAB);
        browser.go("/app/");
        browser.awaitVisible("#api-key");
        browser.driver().close();
        browser.driver().switchTo().window(first);

        // ... and forgetting it asks again.
        browser.find("header.top").findElement(By.xpath(".//button[normalize-space()='Forget key']")).click();
        browser.awaitVisible("#api-key");
        assertThat((Object) browser.script("return sessionStorage.getItem('preflight.apiKey')")).isNull();
    }

    @Test
    void submitsAPdfWithAProfileWatchesItFinishFiltersFindingsBySeverityAndDeletesIt() {
        var tenant = newTenant("growth");
        signIn(tenant);
        browser.awaitText("#jobs-title", "Recent jobs", 10);
        browser.assertAccessible("dashboard-empty");
        browser.assertFitsTheWindow();

        // The profile list is searchable: the query keeps only matching profiles (and the current choice).
        Select profile = new Select(browser.awaitVisible(".profile-pick select"));
        int allProfiles = profile.getOptions().size();
        browser.find(".profile-pick input[type=search]").sendKeys("digital");
        browser.await("profiles filtered", 5, d -> new Select(browser.find(".profile-pick select")).getOptions().size() < allProfiles);
        var expected = new ArrayList<String>(List.of("service-default"));
        api.get("/api/v1/profiles", tenant.key()).json().get("profiles").forEach(p -> {
            String id = p.get("profile_id").asString();
            boolean hit = (id + " " + p.get("name").asString() + " " + (p.get("standard").isNull() ? "" : p.get("standard").asString())).toLowerCase()
                    .contains("digital");
            if (hit && !expected.contains(id)) {
                expected.add(id);
            }
        });
        profile = new Select(browser.find(".profile-pick select"));
        assertThat(profile.getOptions()).extracting(o -> o.getDomProperty("value"))
                .containsExactlyInAnyOrderElementsOf(expected).contains("digital-print");
        profile.selectByValue("digital-print");

        byte[] pdf = SamplePdfs.clean().withoutTrimBox().unembeddedHelveticaText().rgbImage(100, 72).bytes();
        browser.find("#files").sendKeys(browser.file("flyer.pdf", pdf).toString());
        WebElement row = browser.awaitText("table.jobs tbody tr", "flyer.pdf", 30);
        browser.await("the job finished", 120, ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("table.jobs tbody tr[data-row='0'] .status"), "completed"));
        browser.screenshot("dashboard-completed");

        String href = browser.find("table.jobs tbody tr[data-row='0'] td.file a").getDomAttribute("href");
        String jobId = href.substring(href.lastIndexOf('/') + 1);
        JsonNode job = api.get("/api/v1/jobs/" + jobId, tenant.key()).json();
        assertThat(job.get("profile_id").asString()).isEqualTo("digital-print");
        assertThat(job.get("file_name").asString()).isEqualTo("flyer.pdf");
        JsonNode summary = job.get("summary");
        row = browser.find("table.jobs tbody tr[data-row='0']");
        assertThat(row.findElements(By.cssSelector(".count")).stream().map(e -> e.getText().split("\\s")[0]).toList())
                .containsExactly(summary.get("error_count").asString(), summary.get("warning_count").asString(),
                        summary.get("advisory_count").asString());
        assertThat(row.findElement(By.cssSelector(".verdict")).getText())
                .isEqualTo(summary.get("passed").asBoolean() ? "Passed" : "Failed");
        browser.assertAccessible("dashboard-with-job");

        // The job page: every check that fired is one group; the severity filter hides exactly that severity.
        row.findElement(By.cssSelector("td.file a")).click();
        browser.awaitText("main h1", "flyer.pdf", 10);
        assertThat(browser.driver().getCurrentUrl()).endsWith("/app/jobs/" + jobId);
        browser.awaitText("#findings-title", "of " + job.get("findings").size() + ")", 10);
        List<JsonNode> findings = new ArrayList<>();
        job.get("findings").forEach(findings::add);
        assertThat(findings).as("the test PDF gives errors and other severities")
                .anyMatch(f -> f.get("severity").asString().equals("error"))
                .anyMatch(f -> !f.get("severity").asString().equals("error"));
        Set<String> checks = new HashSet<>();
        findings.forEach(f -> checks.add(f.get("inspection_id").asString()));
        assertThat(browser.all(".group").stream().map(g -> g.getDomAttribute("data-check")).toList())
                .containsExactlyInAnyOrderElementsOf(checks);
        assertThat(visibleFindings()).containsExactlyInAnyOrderElementsOf(ids(findings, null));
        browser.assertAccessible("job-page");
        browser.assertFitsTheWindow();

        WebElement errors = browser.find("button.filter.sev-error");
        errors.click();
        assertThat(errors.getDomAttribute("aria-pressed")).isEqualTo("false");
        assertThat(visibleFindings()).containsExactlyInAnyOrderElementsOf(ids(findings, "error"));
        long others = findings.stream().filter(f -> !f.get("severity").asString().equals("error")).count();
        assertThat(browser.find("#findings-title").getText()).isEqualTo("Findings (" + others + " of " + findings.size() + ")");
        browser.screenshot("errors-hidden");
        errors.click();
        assertThat(visibleFindings()).hasSize(findings.size());

        // Selecting a finding shows where it is; j moves to the next one.
        WebElement firstFinding = browser.all("button.finding").get(0);
        firstFinding.click();
        assertThat(firstFinding.getDomAttribute("aria-pressed")).isEqualTo("true");
        assertThat(browser.find(".finding-detail").getText()).contains("Page").contains("Source\nengine");
        press("j");
        assertThat(browser.all("button.finding").get(1).getDomAttribute("aria-pressed")).isEqualTo("true");
        assertThat(browser.all("button.finding").get(0).getDomAttribute("aria-pressed")).isEqualTo("false");

        browser.emulateColorScheme("dark");
        assertThat((String) browser.script("return getComputedStyle(document.body).backgroundColor")).isEqualTo("rgb(21, 24, 28)");
        browser.assertAccessible("job-page-dark");
        browser.emulateColorScheme("light");

        // Delete from the job page: confirmed in a dialog, then gone from the list and from the API.
        browser.find(".job-head button.danger").click();
        WebElement dialog = browser.awaitVisible("dialog.confirm");
        browser.assertAccessible("delete-dialog");
        dialog.findElement(By.cssSelector("button[type=submit]")).click();
        browser.await("back on the dashboard", 10, ExpectedConditions.urlToBe(browser.base() + "/app/"));
        browser.awaitText("#jobs-title", "(0)", 10);
        assertThat(api.get("/api/v1/jobs/" + jobId, tenant.key()).status()).isEqualTo(404);
    }

    @Test
    void importsTheChosenReportFormatForADroppedPdf() {
        var tenant = newTenant("growth");
        signIn(tenant);
        browser.awaitVisible(".drop");
        browser.find("input[name=source][value=external]").click();
        String report = """
                {"schema_version": "1", "source": {"tool": "Browser QA"},
                 "findings": [
                   {"severity": "error", "message": "Bleed is 1 mm", "inspection_id": "BLEED", "page_num": 1,
                    "bbox": [0, 0, 20, 20]},
                   {"severity": "advisory", "message": "Spot colour named Pantone 185 C"}]}""";
        browser.awaitVisible(".profile-pick input[type=file]")
                .sendKeys(browser.file("report.json", report.getBytes(StandardCharsets.UTF_8)).toString());
        new Select(browser.find(".profile-pick select")).selectByValue("service_json");
        browser.assertAccessible("import-form");

        // A real drop event on the drop zone, carrying the PDF as a File.
        browser.script("""
                const bytes = Uint8Array.from(atob(arguments[0]), c => c.charCodeAt(0));
                const data = new DataTransfer();
                data.items.add(new File([bytes], 'dropped.pdf', {type: 'application/pdf'}));
                const zone = document.querySelector('.drop');
                zone.dispatchEvent(new DragEvent('dragover', {dataTransfer: data, bubbles: true, cancelable: true}));
                zone.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
                """, Base64.getEncoder().encodeToString(SamplePdfs.clean().bytes()));
        browser.awaitText("table.jobs tbody tr", "dropped.pdf", 30);
        browser.await("the import finished", 60, ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("table.jobs tbody tr[data-row='0'] .status"), "completed"));

        JsonNode list = api.get("/api/v1/jobs", tenant.key()).json();
        String jobId = list.get("jobs").get(0).get("job_id").asString();
        JsonNode job = api.get("/api/v1/jobs/" + jobId, tenant.key()).json();
        assertThat(job.get("preflight_source").asString()).isEqualTo("external");
        assertThat(job.get("external_format").asString()).isEqualTo("service_json");
        assertThat(job.get("findings").findValues("message").stream().map(JsonNode::asString).toList())
                .containsExactly("Bleed is 1 mm", "Spot colour named Pantone 185 C");

        browser.find("table.jobs tbody tr[data-row='0'] td.file a").click();
        browser.awaitText("#findings-title", "(2 of 2)", 10);
        assertThat(browser.find(".facts").getText()).contains("imported service_json").contains("Report tool\nBrowser QA");
        browser.find("button.filter.sev-advisory").click();
        assertThat(texts("button.finding .msg")).containsExactly("Bleed is 1 mm");
        browser.find("button.filter.sev-error").click();
        assertThat(browser.find(".findings-panel .empty").getText()).isEqualTo("No findings match these filters.");
        browser.assertAccessible("imported-job");
    }

    @Test
    void keyboardShortcutsOpenHelpMoveBetweenSectionsAndSwitchToDarkMode() {
        signIn(newTenant("growth"));
        browser.awaitText("#jobs-title", "Recent jobs", 10);
        press("?");
        WebElement help = browser.awaitVisible("dialog#shortcuts");
        assertThat(help.getText()).contains("Next job").contains("Go to Profiles").contains("Choose files to submit");
        browser.assertAccessible("shortcuts");
        help.findElement(By.cssSelector("button")).click();

        press("g", "p");
        browser.await("on the profiles", 5, ExpectedConditions.urlToBe(browser.base() + "/app/profiles"));
        browser.awaitText("main h1", "Profiles", 5);
        assertThat(browser.find("nav a[aria-current=page]").getText()).isEqualTo("Profiles");

        press("t");
        assertThat((String) browser.script("return document.documentElement.dataset.theme")).isEqualTo("dark");
        assertThat(browser.find("header.top button[aria-pressed]").getDomAttribute("aria-pressed")).isEqualTo("true");
        browser.awaitVisible("table tbody tr");
        browser.assertAccessible("profiles-dark");
        // The choice is remembered for the next visit (the theme is not a secret; the key is).
        browser.driver().navigate().refresh();
        browser.awaitVisible("header.top");
        assertThat((String) browser.script("return document.documentElement.dataset.theme")).isEqualTo("dark");
    }

    /** The finding ids of the findings panel, as rendered (groups open). */
    private List<String> visibleFindings() {
        return browser.all("button.finding").stream().filter(WebElement::isDisplayed)
                .map(e -> e.getDomAttribute("data-finding")).toList();
    }

    /** The finding ids of the findings whose severity is not {@code without}. */
    private static List<String> ids(List<JsonNode> findings, String without) {
        return findings.stream().filter(f -> !f.get("severity").asString().equals(without))
                .map(f -> f.get("finding_id").asString()).toList();
    }
}
