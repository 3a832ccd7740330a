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
        browser.script("arguments[0].scrollIntoView({block: 'center'})", canvas());

        WebElement c = canvas();
        Map<String, Number> box = browser.script("const r = arguments[0].getBoundingClientRect(); "
                + "return {x: r.x, y: r.y, w: r.width, h: r.height};", c);
        double left = box.get("x").doubleValue();
        double top = box.get("y").doubleValue();
        int x0 = (int) Math.round(left + box.get("w").doubleValue() * 0.3);
        int y0 = (int) Math.round(top + box.get("h").doubleValue() * 0.3);
        int x1 = (int) Math.round(left + box.get("w").doubleValue() * 0.6);
        int y1 = (int) Math.round(top + box.get("h").doubleValue() * 0.7);
        double ox = Double.parseDouble(c.getDomAttribute("data-ox"));
        // Where the pointer went down and up on the canvas as the page had it then (on a busy machine the layout can
        // still move between measuring the canvas above and the drag): the box must be where the pointer was.
        browser.script("const c = arguments[0]; window.__drag = {};"
                + "const at = (k) => (e) => { const r = c.getBoundingClientRect(); window.__drag[k] = "
                + "{x: e.clientX - r.x, y: e.clientY - r.y, zoom: c.getAttribute('data-zoom'), "
                + "ox: c.getAttribute('data-ox'), oy: c.getAttribute('data-oy')}; };"
                + "window.addEventListener('pointerdown', at('down'), {capture: true, once: true});"
                + "window.addEventListener('pointerup', at('up'), {capture: true, once: true});", c);
        new Actions(browser.driver()).moveToLocation(x0, y0).clickAndHold()
                .moveToLocation((x0 + x1) / 2, (y0 + y1) / 2).moveToLocation(x1, y1).release().perform();
        Map<String, Map<String, Object>> drag = browser.script("return window.__drag;");
        Map<String, Object> down = drag.get("down");
        Map<String, Object> up = drag.get("up");
        double zoom = Double.parseDouble((String) down.get("zoom"));
        double oy = Double.parseDouble((String) down.get("oy"));
        assertThat(Double.parseDouble((String) up.get("zoom"))).isEqualTo(zoom);
        assertThat(Double.parseDouble((String) down.get("ox"))).isEqualTo(ox);

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
        double left0 = ox + ((Number) down.get("x")).doubleValue() / zoom;
        double right0 = ox + ((Number) up.get("x")).doubleValue() / zoom;
        double top0 = H - (oy + ((Number) down.get("y")).doubleValue() / zoom);
        double bottom0 = H - (oy + ((Number) up.get("y")).doubleValue() / zoom);
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

        // Deleting asks first; then the box and its thread are gone, in the API and on the page.
        browser.find(".annotation-list button.delete-annotation").click();
        browser.awaitVisible("dialog.confirm");
        browser.find("dialog.confirm button[type=submit]").click();
        browser.await("the annotation gone", 20, d -> d.findElements(By.cssSelector(".annotation-list > li")).isEmpty()
                && d.findElements(By.cssSelector(".overlay .annotation-box")).isEmpty());
        assertThat(api.get("/api/v1/viewer/jobs/" + jobId + "/annotations", tenant.key()).json()).isEmpty();
    }

    /** Opens a fresh job's viewer zoomed in; returns its id. */
    private String openZoomed(TenantKey tenant) {
        byte[] pdf = ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0).bytes();
        var form = Api.form().file("file", "shapes.pdf", pdf).field("preflight_source", "external")
                .field("external_format", "service_json")
                .file("external_report", "report.json", "{\"schema_version\": \"1\", \"findings\": []}"
                        .getBytes(StandardCharsets.UTF_8));
        var r = api.postForm("/api/v1/jobs?wait=60", tenant.key(), form);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        String jobId = r.json().get("job_id").asString();
        signIn(tenant);
        browser.go("/app/jobs/" + jobId);
        browser.awaitVisible(".viewport canvas");
        awaitPainted();
        press("+", "+", "+", "+", "+");
        awaitPainted();
        return jobId;
    }

    /** The PDF point shown at the viewport pixel (vx, vy), from the view the canvas says it shows. */
    private double[] pdfAt(int vx, int vy) {
        WebElement c = canvas();
        Map<String, Number> box = browser.script("const r = arguments[0].getBoundingClientRect(); return {x: r.x, y: r.y};", c);
        double zoom = Double.parseDouble(c.getDomAttribute("data-zoom"));
        double ox = Double.parseDouble(c.getDomAttribute("data-ox"));
        double oy = Double.parseDouble(c.getDomAttribute("data-oy"));
        return new double[] {ox + (vx - box.get("x").doubleValue()) / zoom, H - (oy + (vy - box.get("y").doubleValue()) / zoom)};
    }

    /** Picks a drawing tool, then brings the page back into the window (the click scrolls to the tools). */
    private void armTool(String kind) {
        browser.find("button.draw-" + kind).click();
        assertThat(browser.find("button.draw-" + kind).getDomAttribute("aria-pressed")).isEqualTo("true");
        browser.script("arguments[0].scrollIntoView({block: 'center'})", canvas());
    }

    private int[] viewportPoint(double fx, double fy) {
        Map<String, Number> box = browser.script("const r = arguments[0].getBoundingClientRect(); "
                + "return {x: r.x, y: r.y, w: r.width, h: r.height};", canvas());
        return new int[] {(int) Math.round(box.get("x").doubleValue() + box.get("w").doubleValue() * fx),
                (int) Math.round(box.get("y").doubleValue() + box.get("h").doubleValue() * fy)};
    }

    private JsonNode awaitAnnotations(String jobId, TenantKey tenant, int count) {
        browser.await(count + " annotations listed", 20, d -> d.findElements(By.cssSelector(".annotation-list > li")).size() == count);
        JsonNode list = api.get("/api/v1/viewer/jobs/" + jobId + "/annotations", tenant.key()).json();
        assertThat(list).hasSize(count);
        return list.get(count - 1);
    }

    @Test
    void drawsCirclesArrowsStrokesAndNotesWhereTheMouseWent() {
        TenantKey tenant = newTenant("growth");
        String jobId = openZoomed(tenant);

        // Picking a tool may scroll the window: the points are taken after each pick.
        armTool("circle");
        int[] a = viewportPoint(0.3, 0.3);
        int[] b = viewportPoint(0.4, 0.5);
        double[] pa = pdfAt(a[0], a[1]);
        double[] pb = pdfAt(b[0], b[1]);
        new Actions(browser.driver()).moveToLocation(a[0], a[1]).clickAndHold().moveToLocation(b[0], b[1]).release().perform();
        JsonNode circle = awaitAnnotations(jobId, tenant, 1);
        assertThat(circle.get("kind").asString()).isEqualTo("circle");
        assertThat(circle.get("geometry").get("cx").asDouble()).isCloseTo(pa[0], within(1.0));
        assertThat(circle.get("geometry").get("cy").asDouble()).isCloseTo(pa[1], within(1.0));
        assertThat(circle.get("geometry").get("r").asDouble()).isCloseTo(Math.hypot(pb[0] - pa[0], pb[1] - pa[1]), within(1.0));

        armTool("arrow");
        a = viewportPoint(0.3, 0.3);
        b = viewportPoint(0.4, 0.5);
        pa = pdfAt(a[0], a[1]);
        pb = pdfAt(b[0], b[1]);
        new Actions(browser.driver()).moveToLocation(a[0], a[1]).clickAndHold().moveToLocation(b[0], b[1]).release().perform();
        JsonNode arrow = awaitAnnotations(jobId, tenant, 2);
        assertThat(arrow.get("kind").asString()).isEqualTo("arrow");
        assertThat(arrow.get("geometry").get("x1").asDouble()).isCloseTo(pa[0], within(1.0));
        assertThat(arrow.get("geometry").get("y1").asDouble()).isCloseTo(pa[1], within(1.0));
        assertThat(arrow.get("geometry").get("x2").asDouble()).isCloseTo(pb[0], within(1.0));
        assertThat(arrow.get("geometry").get("y2").asDouble()).isCloseTo(pb[1], within(1.0));

        armTool("freehand");
        a = viewportPoint(0.3, 0.3);
        b = viewportPoint(0.4, 0.5);
        pa = pdfAt(a[0], a[1]);
        pb = pdfAt(b[0], b[1]);
        int[] m = viewportPoint(0.5, 0.35);
        new Actions(browser.driver()).moveToLocation(a[0], a[1]).clickAndHold().moveToLocation(m[0], m[1])
                .moveToLocation(b[0], b[1]).release().perform();
        JsonNode stroke = awaitAnnotations(jobId, tenant, 3);
        assertThat(stroke.get("kind").asString()).isEqualTo("freehand");
        JsonNode points = stroke.get("geometry").get("points");
        assertThat(points.size()).isGreaterThanOrEqualTo(3);
        assertThat(points.get(0).get(0).asDouble()).isCloseTo(pa[0], within(1.0));
        assertThat(points.get(points.size() - 1).get(1).asDouble()).isCloseTo(pb[1], within(1.0));
        double[] pm = pdfAt(m[0], m[1]);
        boolean passedMiddle = false;
        for (JsonNode p : points) {
            passedMiddle |= Math.abs(p.get(0).asDouble() - pm[0]) < 1 && Math.abs(p.get(1).asDouble() - pm[1]) < 1;
        }
        assertThat(passedMiddle).as("the stroke goes through the middle point").isTrue();

        assertThat(browser.find("button.draw-note").isEnabled()).as("a note needs its text first").isFalse();
        browser.find("input.note-text").sendKeys("Bleed missing here");
        armTool("note");
        b = viewportPoint(0.4, 0.5);
        pb = pdfAt(b[0], b[1]);
        new Actions(browser.driver()).moveToLocation(b[0], b[1]).click().perform();
        JsonNode note = awaitAnnotations(jobId, tenant, 4);
        assertThat(note.get("kind").asString()).isEqualTo("note");
        assertThat(note.get("text").asString()).isEqualTo("Bleed missing here");
        assertThat(note.get("geometry").get("x").asDouble()).isCloseTo(pb[0], within(1.0));
        assertThat(note.get("geometry").get("y").asDouble()).isCloseTo(pb[1], within(1.0));

        // Each is drawn over the page.
        browser.await("shapes drawn", 10, d -> d.findElements(By.cssSelector(".overlay .annotation-shape[data-annotation]")).size() >= 4
                && !d.findElements(By.cssSelector(".overlay .annotation-note")).isEmpty());
        browser.assertAccessible("shapes");
        browser.screenshot("shapes");
    }
}
