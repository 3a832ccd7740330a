package dev.preflight.webapp;

import dev.preflight.support.BrowserTestBase;
import dev.preflight.viewer.ViewerPdfs;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * How the viewer config says to present the viewer, applied in Chromium: default_zoom (a percentage of the fitted
 * page), toolbar_position, dark_mode, viewer_accent_color and the logo, on the job page and on a share link.
 */
@TestPropertySource(properties = {"preflight.viewer.defaults.default-zoom=200",
        "preflight.viewer.defaults.toolbar-position=left", "preflight.viewer.defaults.dark-mode=true",
        "preflight.viewer.defaults.viewer-accent-color=#B3005A",
        "preflight.viewer.defaults.viewer-logo-url=/app/icon.svg"})
class ViewerPresentationBrowserTests extends BrowserTestBase {

    private static final double W = ViewerPdfs.A4_W;
    private static final double H = ViewerPdfs.A4_H;

    private WebElement canvas() {
        return browser.find(".viewport canvas");
    }

    private void awaitPainted() {
        browser.await("canvas painted", 60, d -> "true".equals(canvas().getDomAttribute("data-complete")));
    }

    private double attr(String name) {
        return Double.parseDouble(canvas().getDomAttribute(name));
    }

    /** The zoom that fits the page in the viewport (12 px margins), as the viewer computes it. */
    private double fittedZoom() {
        Map<String, Number> size = browser.script("const v = document.querySelector('.viewport');"
                + " return {w: v.clientWidth, h: v.clientHeight};");
        return Math.min((size.get("w").doubleValue() - 24) / W, (size.get("h").doubleValue() - 24) / H);
    }

    private Map<String, Double> rect(String css) {
        Map<String, Number> r = browser.script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                + " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};", css);
        return Map.of("left", r.get("left").doubleValue(), "right", r.get("right").doubleValue(),
                "top", r.get("top").doubleValue(), "bottom", r.get("bottom").doubleValue());
    }

    private String cssVariable(String name) {
        return ((String) browser.script("return getComputedStyle(document.documentElement).getPropertyValue(arguments[0]);",
                name)).trim();
    }

    /** The page opens at twice the fitted zoom, centred across with its top edge at the top; Fit fits it. */
    private void assertOpensAtTheDefaultZoom() {
        double fitted = fittedZoom();
        assertThat(attr("data-zoom")).isCloseTo(2 * fitted, within(1e-9));
        double viewportWidth = ((Number) browser.script("return document.querySelector('.viewport').clientWidth")).doubleValue();
        assertThat(attr("data-ox")).isCloseTo(-(viewportWidth / (2 * fitted) - W) / 2, within(1e-6));
        assertThat(attr("data-oy")).isCloseTo(-12 / (2 * fitted), within(1e-6));
    }

    /** The toolbar is a column left of the page. */
    private void assertToolbarOnTheLeft() {
        WebElement bar = browser.find(".viewer-bar");
        assertThat(bar.getDomAttribute("aria-orientation")).isEqualTo("vertical");
        var b = rect(".viewer-bar");
        var v = rect(".viewport");
        assertThat(b.get("right")).isLessThanOrEqualTo(v.get("left"));
        assertThat(b.get("top")).isCloseTo(v.get("top"), within(2.0));
    }

    private void assertDark() {
        assertThat((String) browser.script("return document.documentElement.dataset.theme ?? null")).isEqualTo("dark");
        assertThat((String) browser.script("return getComputedStyle(document.body).backgroundColor"))
                .isEqualTo("rgb(21, 24, 28)");
    }

    @Test
    void opensTheJobPageAsTheConfigSays() {
        var tenant = newTenant("growth");
        JsonNode job = run(tenant, ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0).bytes(),
                "preflight_source", "minimal");
        String id = job.get("job_id").asString();
        JsonNode config = api.get("/api/v1/viewer/jobs/" + id + "/config", tenant.key()).json();
        assertThat(config.get("default_zoom").asInt()).isEqualTo(200);
        assertThat(config.get("toolbar_position").asString()).isEqualTo("left");
        assertThat(config.get("dark_mode").asBoolean()).isTrue();

        signIn(tenant);
        assertThat((String) browser.script("return document.documentElement.dataset.theme ?? null")).isNull();
        browser.go("/app/jobs/" + id);
        browser.awaitVisible(".viewport canvas");
        awaitPainted();
        assertOpensAtTheDefaultZoom();
        assertToolbarOnTheLeft();
        assertDark();
        // The operator's viewer colour is the page's accent (black or white text on it, whichever reads better) and
        // the logo is shown above the page with the brand's name.
        assertThat(cssVariable("--accent")).isEqualTo("#b3005a");
        assertThat(cssVariable("--on-accent")).isEqualTo("#ffffff");
        WebElement logo = browser.find(".viewer-brand img.brand-logo");
        assertThat(logo.getDomAttribute("src")).isEqualTo("/app/icon.svg");
        browser.await("logo loaded", 10, d -> ((Number) browser.script(
                "return arguments[0].complete ? arguments[0].naturalWidth : 0", logo)).intValue() > 0);
        assertThat(browser.find(".viewer-brand .brand-name").getText()).isEqualTo(config.get("brand_name").asString());
        browser.assertAccessible("presented-viewer-dark");
        browser.assertFitsTheWindow();

        browser.find(".viewer-bar").findElement(By.xpath(".//button[normalize-space()='Fit']")).click();
        browser.await("fitted", 10, d -> Math.abs(attr("data-zoom") - fittedZoom()) < 1e-9);

        // Leaving the job page gives the app its own theme and accent back.
        browser.find("nav.crumbs").findElement(By.linkText("Jobs")).click();
        browser.awaitVisible("table.jobs");
        assertThat((String) browser.script("return document.documentElement.dataset.theme ?? null")).isNull();
        assertThat((String) browser.script("return getComputedStyle(document.body).backgroundColor"))
                .isEqualTo("rgb(255, 255, 255)");
        assertThat(cssVariable("--accent")).isNotEqualTo("#b3005a");
        // The user's own choice of theme wins over the config's.
        browser.go("/app/jobs/" + id);
        awaitPainted();
        press("t");
        assertThat((String) browser.script("return document.documentElement.dataset.theme")).isEqualTo("light");
    }

    @Test
    void opensAShareLinkAsTheConfigSays() {
        var tenant = newTenant("growth");
        JsonNode job = run(tenant, ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0).bytes(),
                "preflight_source", "minimal");
        var minted = api.postJson("/api/v1/jobs/" + job.get("job_id").asString() + "/reports", tenant.key(),
                Map.of("formats", List.of("html")));
        assertThat(minted.status()).as(minted.text()).isEqualTo(201);
        browser.go("/app/s/" + minted.json().get("reports").get(0).get("token").asString());
        browser.awaitVisible(".viewport canvas");
        awaitPainted();
        assertOpensAtTheDefaultZoom();
        assertToolbarOnTheLeft();
        assertDark();
        browser.assertAccessible("presented-share-dark");
    }
}
