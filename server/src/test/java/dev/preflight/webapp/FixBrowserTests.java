package dev.preflight.webapp;

import dev.preflight.support.BrowserTestBase;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job page offers "Fix" (issue 23): the fixups that resolve a finding are ticked, "Fix automatically" makes the
 * fixed job and opens it, the fixed job says where it came from and what each fixup did, and its before/after link
 * opens the comparison of the two side by side.
 */
class FixBrowserTests extends BrowserTestBase {

    @Test
    void fixesAJobAutomaticallyAndComparesBeforeAndAfter() {
        var tenant = newTenant("growth");
        JsonNode source = run(tenant, SamplePdfs.clean().withoutTrimBox().bytes());
        String sourceId = source.get("job_id").asString();
        assertThat(inspectionIds(source)).contains("PAGE_TRIMBOX_MISSING");

        signIn(tenant);
        browser.go("/app/jobs/" + sourceId);
        browser.awaitVisible(".fix-panel");
        var box = browser.find(".fix-panel input[value=SET_PAGE_BOXES]");
        assertThat(box.isSelected()).isTrue();
        browser.assertAccessible("fix-panel");
        browser.find(".fix-panel .fix-auto").click();

        browser.await("the fixed job opened", 30, d -> !d.getCurrentUrl().endsWith(sourceId)
                && d.getCurrentUrl().contains("/app/jobs/"));
        String url = browser.driver().getCurrentUrl();
        String fixedId = url.substring(url.lastIndexOf('/') + 1);
        browser.awaitText(".fixed-from li", "SET_PAGE_BOXES", 60);
        JsonNode fixed = api.get("/api/v1/jobs/" + fixedId, tenant.key()).json();
        assertThat(fixed.get("source_job_id").asString()).isEqualTo(sourceId);
        int changed = fixed.get("fixups_applied").get(0).get("objects_changed").asInt();
        assertThat(changed).isEqualTo(2); // the page's TrimBox and BleedBox
        assertThat(browser.find(".fixed-from li").getText())
                .isEqualTo("SET_PAGE_BOXES: 2 objects changed on 1 page");
        assertThat(browser.find(".fixed-from a.before-after").getDomAttribute("href"))
                .isEqualTo("/app/compare/" + sourceId + "/" + fixedId);
        browser.assertAccessible("fixed-job");

        browser.find(".fixed-from a.before-after").click();
        browser.awaitVisible("table.compare-pages");
        browser.await("scores shown", 30, d -> !d.findElements(By.cssSelector("tr[data-page='1'] .ssim")).isEmpty());
        assertThat(browser.find("tr[data-page='1'] .ssim").getText()).isEqualTo("1.0000");
    }
}
