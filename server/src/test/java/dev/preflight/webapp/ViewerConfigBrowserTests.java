package dev.preflight.webapp;

import dev.preflight.support.BrowserTestBase;
import dev.preflight.viewer.ViewerPdfs;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.interactions.Actions;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * viewer_config flags hide what they disable: with every optional part of the viewer turned off by the operator's
 * defaults, the job page shows the page and nothing it was told not to (no zoom, separations, heatmap, layers,
 * densitometer, verdict, comparison, thumbnails or findings panel), and a click on the page reads nothing. Minting a
 * report stays: the plan's allowed_report_formats governs it.
 */
@TestPropertySource(properties = {"preflight.viewer.defaults.enable-separations=false",
        "preflight.viewer.defaults.enable-tac-heatmap=false", "preflight.viewer.defaults.enable-layers=false",
        "preflight.viewer.defaults.enable-measurement=false", "preflight.viewer.defaults.enable-zoom=false",
        "preflight.viewer.defaults.enable-comparison=false", "preflight.viewer.defaults.verdict-mode=off",
        "preflight.viewer.defaults.enable-page-thumbnails=false", "preflight.viewer.defaults.enable-findings-panel=false",
        "preflight.viewer.defaults.enable-annotations=false"})
class ViewerConfigBrowserTests extends BrowserTestBase {

    @Test
    void hidesEveryPartTheConfigDisables() throws InterruptedException {
        var tenant = newTenant("growth");
        byte[] pdf = ViewerPdfs.create().layer("Die line", true).a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0)
                .cmykInLayer("Die line", 100, 300, 100, 100, 0, 1, 0, 0).a4().bytes();
        JsonNode first = run(tenant, pdf);
        run(tenant, pdf);
        String id = first.get("job_id").asString();
        JsonNode config = api.get("/api/v1/viewer/jobs/" + id + "/config", tenant.key()).json();
        for (String flag : List.of("enable_separations", "enable_tac_heatmap", "enable_layers", "enable_measurement",
                "enable_zoom", "enable_comparison", "enable_page_thumbnails", "enable_findings_panel", "enable_annotations")) {
            assertThat(config.get(flag).asBoolean()).as(flag).isFalse();
        }
        assertThat(config.get("verdict_mode").asString()).isEqualTo("off");

        signIn(tenant);
        browser.go("/app/jobs/" + id);
        browser.await("page painted", 30, d -> "true".equals(d.findElement(By.cssSelector(".viewport canvas"))
                .getDomAttribute("data-complete")));
        // Only the report tool is left: it follows the plan's allowed_report_formats, not these flags.
        assertThat(texts(".tool h2")).containsExactly("Report");
        assertThat(browser.all(".viewer-bar button").stream().map(b -> b.getText()).toList())
                .containsExactly("Previous page", "Next page");
        assertThat(browser.all(".thumbs")).isEmpty();
        assertThat(browser.all(".compare-pick")).isEmpty();
        assertThat(browser.all(".findings-panel")).isEmpty();

        new Actions(browser.driver()).moveToElement(browser.find(".viewport canvas")).click().perform();
        Thread.sleep(1000); // a reading, had one been asked for, would have answered by now
        List<String> asked = browser.script("return performance.getEntriesByType('resource').map(e => e.name)"
                + ".filter(n => n.includes('/densitometer') || n.includes('/sample') || n.includes('/verdict')"
                + " || n.includes('/layers') || n.includes('/separations'));");
        assertThat(asked).isEmpty();
        browser.assertAccessible("viewer-without-extras");
        browser.assertFitsTheWindow();
    }
}
