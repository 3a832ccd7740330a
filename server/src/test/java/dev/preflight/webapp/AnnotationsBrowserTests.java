package dev.preflight.webapp;

import dev.preflight.support.Api;
import dev.preflight.support.BrowserTestBase;
import dev.preflight.viewer.ViewerPdfs;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Annotations in the authenticated viewer: a box drawn with the mouse is stored with the geometry of the dragged
 * area in PDF points (origin bottom-left), checked through the API within a point; a comment typed under it lands in
 * its thread.
 */
class AnnotationsBrowserTests extends BrowserTestBase {

    private static final double H = ViewerPdfs.A4_H;

    private WebElement canvas() {
        return browser.find(".viewport canvas");
    }

    private void awaitPainted() {
        browser.await("canvas painted", 60, d -> "true".equals(canvas().getDomAttribute("data-complete")));
    }

    @Test
    void drawsABoxWithTheMouseAndCommentsOnIt() {
        TenantKey tenant = newTenant("growth");
        byte[] pdf = ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0).bytes();
        String report = """
                {"schema_version": "1", "source": {"tool": "QA"}, "findings": []}""";
        var form = Api.form().file("file", "marked.pdf", pdf).field("preflight_source", "external")
                .field("external_format", "service_json")
                .file("external_report", "report.json", report.getBytes(StandardCharsets.UTF_8));
        var r = api.postForm("/api/v1/jobs?wait=60", tenant.key(), form);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        String jobId = r.json().get("job_id").asString();

        signIn(tenant);
        browser.go("/app/jobs/" + jobId);
        browser.awaitVisible(".viewport canvas");
        awaitPainted();
        // Zoomed in, so that a CSS pixel is well under a point.
        press("+", "+", "+", "+", "+");
        awaitPainted();
        browser.find("button.draw-rect").click();
        assertThat(browser.find("button.draw-rect").getDomAttribute("aria-pressed")).isEqualTo("true");

        WebElement c = canvas();
        Map<String, Number> box = browser.script("const r = arguments[0].getBoundingClientRect(); "
                + "return {x: r.x, y: r.y, w: r.width, h: r.height};", c);
        double left = box.get("x").doubleValue();
        double top = box.get("y").doubleValue();
        int x0 = (int) Math.round(left + box.get("w").doubleValue() * 0.3);
        int y0 = (int) Math.round(top + box.get("h").doubleValue() * 0.3);
        int x1 = (int) Math.round(left + box.get("w").doubleValue() * 0.6);
        int y1 = (int) Math.round(top + box.get("h").doubleValue() * 0.7);
        double zoom = Double.parseDouble(c.getDomAttribute("data-zoom"));
        double ox = Double.parseDouble(c.getDomAttribute("data-ox"));
        double oy = Double.parseDouble(c.getDomAttribute("data-oy"));
        new Actions(browser.driver()).moveToLocation(x0, y0).clickAndHold()
                .moveToLocation((x0 + x1) / 2, (y0 + y1) / 2).moveToLocation(x1, y1).release().perform();

        browser.awaitVisible(".annotation-list li[data-annotation]");
        browser.awaitVisible(".overlay .annotation-box");
        // The page did not pan while drawing.
        assertThat(Double.parseDouble(canvas().getDomAttribute("data-ox"))).isEqualTo(ox);

        JsonNode list = api.get("/api/v1/viewer/jobs/" + jobId + "/annotations?include=comments", tenant.key()).json();
        assertThat(list).hasSize(1);
        JsonNode a = list.get(0);
        assertThat(a.get("kind").asString()).isEqualTo("rect");
        assertThat(a.get("page_num").asInt()).isEqualTo(1);
        JsonNode g = a.get("geometry");
        // Displayed points (top-left origin) of the dragged corners, then PDF points (bottom-left origin).
        double left0 = ox + (x0 - left) / zoom;
        double right0 = ox + (x1 - left) / zoom;
        double top0 = H - (oy + (y0 - top) / zoom);
        double bottom0 = H - (oy + (y1 - top) / zoom);
        assertThat(g.get("x").asDouble()).isCloseTo(left0, within(1.0));
        assertThat(g.get("y").asDouble()).isCloseTo(bottom0, within(1.0));
        assertThat(g.get("w").asDouble()).isCloseTo(right0 - left0, within(1.0));
        assertThat(g.get("h").asDouble()).isCloseTo(top0 - bottom0, within(1.0));
        assertThat(g.get("w").asDouble()).isGreaterThan(20);
        assertThat(a.get("comments")).isEmpty();

        WebElement item = browser.find(".annotation-list li[data-annotation='" + a.get("id").asString() + "']");
        item.findElement(By.cssSelector("textarea[name=body]")).sendKeys("Move the logo 3 mm in");
        item.findElement(By.cssSelector("button[type=submit]")).click();
        browser.awaitText(".annotation-list .comment", "Move the logo 3 mm in", 20);

        JsonNode after = api.get("/api/v1/viewer/jobs/" + jobId + "/annotations?include=comments", tenant.key()).json();
        assertThat(after.get(0).get("comments")).hasSize(1);
        assertThat(after.get(0).get("comments").get(0).get("body").asString()).isEqualTo("Move the logo 3 mm in");
        browser.assertAccessible("annotations");
        browser.screenshot("annotated");
    }
}
