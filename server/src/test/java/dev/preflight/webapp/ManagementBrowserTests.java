package dev.preflight.webapp;

import dev.preflight.support.BrowserTestBase;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard's other sections in Chromium against the real server: the profile and check browsers, an import
 * mapping previewed while it is edited, workflows (and a submission through one), vanity endpoints and their plan
 * gate. What the pages show is compared with what the API answers; every page is checked with axe-core.
 */
class ManagementBrowserTests extends BrowserTestBase {

    @Test
    void browsesProfilesTheirChecksAndTheCheckRegistry() {
        var tenant = newTenant("growth");
        signIn(tenant);
        press("g", "p");
        browser.awaitVisible("main table tbody tr");
        List<JsonNode> profiles = new ArrayList<>();
        api.get("/api/v1/profiles", tenant.key()).json().get("profiles").forEach(profiles::add);
        assertThat(browser.all("main table tbody tr")).hasSize(profiles.size());
        browser.assertAccessible("profiles");

        browser.find("#profile-search").sendKeys("GWG2015");
        long gwg2015 = profiles.stream().filter(p -> contains("gwg2015", p, "profile_id", "name", "standard", "description")).count();
        assertThat(gwg2015).isPositive();
        browser.await("profiles filtered", 5, d -> browser.all("main table tbody tr").size() == gwg2015);

        WebElement first = browser.find("main table tbody tr td a");
        String name = first.getText();
        first.click();
        browser.awaitText("main h1", name, 10);
        String profileId = browser.driver().getCurrentUrl().replaceAll(".*/app/profiles/", "");
        JsonNode profile = api.get("/api/v1/profiles/" + profileId, tenant.key()).json();
        List<JsonNode> checks = new ArrayList<>();
        profile.get("checks").forEach(checks::add);
        assertThat(browser.all("main table tbody tr")).hasSize(checks.size());
        browser.find("#check-search").sendKeys("img");
        long img = checks.stream().filter(c -> contains("img", c, "inspection_id", "name", "category", "iso_clause")).count();
        browser.await("checks filtered", 5, d -> browser.all("main table tbody tr").size() == img);
        browser.assertAccessible("profile");

        press("g", "c");
        JsonNode registry = api.get("/api/v1/check-names", null).json();
        browser.awaitText("main [role=status]", registry.size() + " of " + registry.size() + " checks", 10);
        new Select(browser.find("main .toolbar select")).selectByValue("font");
        long fonts = registry.valueStream().filter(c -> c.get("category").asString().equals("font")).count();
        browser.awaitText("main [role=status]", fonts + " of " + registry.size() + " checks", 5);
        assertThat(browser.all("main table tbody tr")).hasSize((int) fonts);
        browser.assertAccessible("checks");
    }

    @Test
    void previewsAnImportMappingAgainstItsSampleWhileItIsEdited() {
        var tenant = newTenant("growth");
        signIn(tenant);
        press("g", "m");
        browser.awaitText("main", "No mappings yet.", 10);
        browser.find("main > button.primary").click();
        WebElement form = browser.awaitVisible("#new-mapping");
        form.findElement(By.xpath(".//label[starts-with(normalize-space(), 'Name')]/input")).sendKeys("QC tool");
        new Select(form.findElement(By.cssSelector("select"))).selectByValue("json");
        WebElement config = form.findElements(By.cssSelector("textarea")).get(0);
        config.clear();
        config.sendKeys("""
                {"item_selector": "$.issues[*]",
                 "fields": {"message": "text", "severity": "level", "page_num": "page"},
                 "severity_map": {"E": "error", "W": "warning"}}""");
        form.findElements(By.cssSelector("textarea")).get(1).sendKeys("""
                {"issues": [{"text": "Image too coarse", "level": "E", "page": 1},
                            {"text": "Thin line", "level": "W", "page": 2}]}""");
        browser.assertAccessible("new-mapping");
        form.findElement(By.cssSelector("button[type=submit]")).click();

        browser.await("on the mapping", 10, ExpectedConditions.urlMatches(".*/app/mappings/[0-9a-f-]{36}$"));
        String id = browser.driver().getCurrentUrl().replaceAll(".*/app/mappings/", "");
        browser.awaitText(".preview", "2 findings from the sample", 10);
        assertThat(texts(".preview-findings li")).hasSize(2);
        assertThat(browser.find(".preview-findings").getText()).contains("Image too coarse").contains("page 2");

        // Edits are previewed before they are saved.
        WebElement sample = browser.all("main form textarea").get(1);
        sample.clear();
        sample.sendKeys("""
                {"issues": [{"text": "Image too coarse", "level": "E", "page": 1},
                            {"text": "Thin line", "level": "W", "page": 2},
                            {"text": "Overprint white", "level": "E", "page": 3}]}""");
        browser.awaitText(".preview", "3 findings from the sample", 10);
        assertThat(api.get("/api/v1/tenant/import-mappings/" + id, tenant.key()).json().get("sample_payload").asString())
                .doesNotContain("Overprint white");
        browser.assertAccessible("mapping-preview");

        WebElement config2 = browser.all("main form textarea").get(0);
        config2.sendKeys(" trailing");
        browser.awaitText(".preview .banner.error", "The config is not valid JSON", 10);
        config2.clear();
        config2.sendKeys("""
                {"item_selector": "$.issues[*]", "fields": {"message": "text", "severity": "level"},
                 "severity_map": {"E": "error", "W": "warning"}}""");
        browser.awaitText(".preview", "3 findings from the sample", 10);

        browser.find("main form button[type=submit]").click();
        browser.awaitText("main form [role=status]", "Saved.", 10);
        JsonNode saved = api.get("/api/v1/tenant/import-mappings/" + id, tenant.key()).json();
        assertThat(saved.get("sample_payload").asString()).contains("Overprint white");
        assertThat(saved.get("config").get("fields").has("page_num")).isFalse();

        browser.find("main form button.danger").click();
        browser.awaitVisible("dialog.confirm").findElement(By.cssSelector("button[type=submit]")).click();
        browser.awaitText("main h1", "inactive", 10);
        assertThat(api.get("/api/v1/tenant/import-mappings/" + id, tenant.key()).json().get("is_active").asBoolean()).isFalse();
    }

    @Test
    void createsAWorkflowSubmitsThroughItEditsAndDeletesIt() {
        var tenant = newTenant("growth");
        signIn(tenant);
        press("g", "w");
        browser.awaitText("main", "No workflows yet.", 10);
        browser.find("#workflow-name").sendKeys("Magazines");
        List<WebElement> selects = browser.all("main form select");
        new Select(selects.get(0)).selectByValue("pdfx-4");
        new Select(selects.get(1)).selectByValue("engine");
        browser.assertAccessible("workflows-empty");
        browser.find("main form button[type=submit]").click();
        browser.awaitText("main table tbody tr", "Magazines", 10);
        JsonNode workflow = api.get("/api/v1/workflows", tenant.key()).json().get("workflows").get(0);
        assertThat(workflow.get("name").asString()).isEqualTo("Magazines");
        assertThat(workflow.get("profile_id").asString()).isEqualTo("pdfx-4");
        assertThat(workflow.get("preflight_source").asString()).isEqualTo("engine");
        browser.assertAccessible("workflows");

        // A submission through the workflow runs under its profile; the form's own profile choice steps aside.
        press("g", "j");
        new Select(browser.awaitVisible(".fields select")).selectByVisibleText("Magazines");
        assertThat(browser.find(".fields fieldset").getDomProperty("disabled")).isEqualTo("true");
        browser.find("#files").sendKeys(browser.file("magazine.pdf", SamplePdfs.clean().bytes()).toString());
        browser.await("the job finished", 120, ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("table.jobs tbody tr[data-row='0'] .status"), "completed"));
        JsonNode job = api.get("/api/v1/jobs", tenant.key()).json().get("jobs").get(0);
        assertThat(job.get("file_name").asString()).isEqualTo("magazine.pdf");
        assertThat(job.get("profile_id").asString()).isEqualTo("pdfx-4");

        press("g", "w");
        browser.awaitText("main table tbody tr", "Magazines", 10).findElement(By.xpath(".//button[text()='Edit']")).click();
        WebElement name = browser.find("#workflow-name");
        name.clear();
        name.sendKeys("Magazines (PDF/X-4)");
        browser.find("main form button[type=submit]").click();
        browser.awaitText("main table tbody tr", "Magazines (PDF/X-4)", 10);
        assertThat(api.get("/api/v1/workflows/" + workflow.get("id").asString(), tenant.key()).json().get("name")
                .asString()).isEqualTo("Magazines (PDF/X-4)");

        browser.find("main table tbody tr").findElement(By.xpath(".//button[text()='Delete']")).click();
        browser.awaitVisible("dialog.confirm").findElement(By.cssSelector("button[type=submit]")).click();
        browser.awaitText("main", "No workflows yet.", 10);
        assertThat(api.get("/api/v1/workflows", tenant.key()).json().get("workflows").size()).isZero();
    }

    @Test
    void managesVanityEndpointsAndShowsThePlanGateBelowGrowth() {
        var tenant = newTenant("growth");
        signIn(tenant);
        press("g", "e");
        browser.awaitText("main", "No endpoints yet.", 10);
        WebElement form = browser.find("main form");
        form.findElement(By.xpath(".//label[starts-with(normalize-space(), 'Slug')]/input")).sendKeys("hot-folder");
        new Select(form.findElements(By.cssSelector("select")).get(0)).selectByValue("newspaper");
        form.findElement(By.xpath(".//label[starts-with(normalize-space(), 'Description')]/input")).sendKeys("Night shift");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        JsonNode endpoint = browser.await("endpoint created", 10, d -> {
            JsonNode list = api.get("/api/v1/endpoints", tenant.key()).json().get("endpoints");
            return list.isEmpty() ? null : list.get(0);
        });
        assertThat(endpoint.get("slug").asString()).isEqualTo("hot-folder");
        assertThat(endpoint.get("profile_id").asString()).isEqualTo("newspaper");
        WebElement row = browser.awaitText("main table tbody tr", "POST " + endpoint.get("submit_path").asString(), 10);
        assertThat(row.getText()).contains("Night shift").contains("newspaper").contains("active");
        browser.assertAccessible("endpoints");

        row.findElement(By.xpath(".//button[text()='Deactivate']")).click();
        browser.awaitText("main table tbody tr", "inactive", 10);
        assertThat(api.get("/api/v1/endpoints/hot-folder", tenant.key()).json().get("is_active").asBoolean()).isFalse();
        browser.find("main table tbody tr").findElement(By.xpath(".//button[text()='Delete']")).click();
        browser.awaitVisible("dialog.confirm").findElement(By.cssSelector("button[type=submit]")).click();
        browser.awaitText("main", "No endpoints yet.", 10);

        // Below Growth the section says why, in the server's words.
        var starter = newTenant("starter");
        String detail = api.get("/api/v1/endpoints", starter.key()).json().get("detail").asString();
        browser.find("header.top").findElement(By.xpath(".//button[normalize-space()='Forget key']")).click();
        signIn(starter);
        press("g", "e");
        assertThat(browser.awaitVisible("main .banner.notice").getText()).isEqualTo(detail);
        assertThat(browser.all("main form")).isEmpty();
        browser.assertAccessible("endpoints-plan-gate");
    }

    private static boolean contains(String query, JsonNode node, String... fields) {
        for (String f : fields) {
            JsonNode v = node.get(f);
            if (v != null && !v.isNull() && v.asString().toLowerCase(Locale.ROOT).contains(query.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }
}
