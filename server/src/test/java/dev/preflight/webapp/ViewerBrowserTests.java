package dev.preflight.webapp;

import dev.preflight.support.Api;
import dev.preflight.support.BrowserTestBase;
import dev.preflight.viewer.ViewerPdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The page viewer in Chromium on the authenticated viewer API, on a page whose ink is known: a 100 % cyan box at
 * (100..200, 600..700) pt, a C80 M80 Y80 K80 box at (300..400, 600..700) and a magenta box at (100..200, 300..400)
 * inside the layer "Die line", imported with a report whose one finding has the cyan box as its bbox. What is checked
 * is what the canvas really shows: pixel colours read back from it at page points, the finding's box where the
 * finding is, plates composed without the hidden ink, the heatmap's red where the ink is over the limit, the
 * densitometer's reading of a clicked point, a verdict stored through the API, and two jobs compared.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ViewerBrowserTests extends BrowserTestBase {

    private static final double H = ViewerPdfs.A4_H;

    private TenantKey tenant;
    private String jobId;

    private static byte[] page(boolean cyanAtTop) {
        var pdf = ViewerPdfs.create().a4().layer("Die line", true);
        if (cyanAtTop) {
            pdf.cmyk(100, 600, 100, 100, 1, 0, 0, 0);
        } else {
            pdf.cmyk(300, 300, 100, 100, 1, 0, 0, 0);
        }
        return pdf.cmyk(300, 600, 100, 100, 0.8f, 0.8f, 0.8f, 0.8f)
                .cmykInLayer("Die line", 100, 300, 100, 100, 0, 1, 0, 0)
                .bytes();
    }

    private String importJob(String name, byte[] pdf) {
        String report = """
                {"schema_version": "1", "source": {"tool": "Viewer QA"},
                 "findings": [{"severity": "error", "message": "Cyan box", "inspection_id": "CYAN_BOX", "page_num": 1,
                               "bbox": [100, 600, 200, 700]}]}""";
        var form = Api.form().file("file", name, pdf).field("preflight_source", "external")
                .field("external_format", "service_json")
                .file("external_report", "report.json", report.getBytes(StandardCharsets.UTF_8));
        var r = api.postForm("/api/v1/jobs?wait=60", tenant.key(), form);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.json().get("status").asString()).isEqualTo("completed");
        return r.json().get("job_id").asString();
    }

    private String job() {
        if (jobId == null) {
            tenant = newTenant("growth");
            jobId = importJob("boxes.pdf", page(true));
        }
        return jobId;
    }

    private WebElement canvas() {
        return browser.find(".viewport canvas");
    }

    /** Waits until the canvas shows the current state completely, in the given mode. */
    private void awaitPainted(String mode) {
        browser.await("canvas painted in mode " + mode, 60, d -> {
            WebElement c = canvas();
            return "true".equals(c.getDomAttribute("data-complete")) && mode.equals(c.getDomAttribute("data-mode"));
        });
    }

    private void openViewer() {
        String id = job();
        signIn(tenant);
        browser.go("/app/jobs/" + id);
        browser.awaitVisible(".viewport canvas");
        awaitPainted("tiles");
    }

    /** CSS pixel of the canvas where the PDF point (x, y) is shown, from the view the canvas says it shows. */
    private double[] canvasPoint(double x, double y) {
        WebElement c = canvas();
        double zoom = Double.parseDouble(c.getDomAttribute("data-zoom"));
        double ox = Double.parseDouble(c.getDomAttribute("data-ox"));
        double oy = Double.parseDouble(c.getDomAttribute("data-oy"));
        return new double[] {(x - ox) * zoom, (H - y - oy) * zoom};
    }

    /** The colour the canvas really shows at the PDF point (x, y). */
    private List<Long> pixel(double x, double y) {
        double[] p = canvasPoint(x, y);
        return browser.script("""
                const c = document.querySelector('.viewport canvas');
                const r = window.devicePixelRatio || 1;
                const d = c.getContext('2d').getImageData(Math.round(arguments[0] * r), Math.round(arguments[1] * r), 1, 1).data;
                return [d[0], d[1], d[2]];""", p[0], p[1]);
    }

    private static void assertCyan(List<Long> rgb) {
        assertThat(rgb.get(0)).as("red of %s", rgb).isLessThan(90);
        assertThat(rgb.get(1)).as("green of %s", rgb).isBetween(120L, 210L);
        assertThat(rgb.get(2)).as("blue of %s", rgb).isGreaterThan(190);
    }

    private static void assertWhite(List<Long> rgb) {
        assertThat(rgb).as("white paper").allMatch(v -> v >= 245);
    }

    private void fit() {
        browser.find(".viewer-bar").findElement(By.xpath(".//button[normalize-space()='Fit']")).click();
    }

    @Test
    void drawsTheFindingsBoxOnItsBboxAndZoomsToItWhenSelected() {
        openViewer();
        browser.assertAccessible("viewer");
        browser.assertFitsTheWindow();
        assertCyan(pixel(150, 650));
        assertWhite(pixel(250, 650));

        // The box is drawn where the bbox is: its four edges at the bbox's edges on the canvas (within a pixel).
        WebElement box = browser.awaitVisible(".overlay .finding-box.sev-error");
        assertBoxOn(box, 100, 600, 200, 700);

        browser.find("button.finding").click();
        browser.await("zoomed in on the finding", 10, d -> Double.parseDouble(canvas().getDomAttribute("data-zoom")) > 1.5);
        awaitPainted("tiles");
        box = browser.find(".overlay .finding-box.selected");
        assertBoxOn(box, 100, 600, 200, 700);
        // Centred in the viewport, and the page under it is the cyan box.
        var rect = rect(box);
        var view = rect(browser.find(".viewport"));
        assertThat(rect.get("x") + rect.get("width") / 2).isCloseTo(view.get("x") + view.get("width") / 2, within(2.0));
        assertThat(rect.get("y") + rect.get("height") / 2).isCloseTo(view.get("y") + view.get("height") / 2, within(2.0));
        assertCyan(pixel(150, 650));
        browser.screenshot("finding-selected");
    }

    @Test
    void zoomsDeepOnRegionTilesThatLineUpWithThePage() {
        openViewer();
        browser.find("button.finding").click();
        browser.await("zoomed to the finding", 10, d -> Double.parseDouble(canvas().getDomAttribute("data-zoom")) > 1.5);
        press("+", "+");
        browser.await("zoomed past the whole-page tile", 10,
                d -> Double.parseDouble(canvas().getDomAttribute("data-zoom")) * 72 > 150 * 1.25);
        awaitPainted("tiles");
        // Only the visible part of the page was fetched, as 300 dpi region tiles.
        List<String> regions = browser.script("return performance.getEntriesByType('resource').map(e => e.name)"
                + ".filter(n => n.includes('/tile?dpi=300') && n.includes('&x='));");
        assertThat(regions).isNotEmpty().hasSizeLessThan(12);
        browser.screenshot("deep-zoom");
        // Their pixels sit on the page: the cyan box's edges are where the box is, within a tile pixel.
        assertCyan(pixel(101.5, 650));
        assertWhite(pixel(98.5, 650));
        assertCyan(pixel(150, 698.5));
        assertWhite(pixel(150, 701.5));
        assertCyan(pixel(198.5, 601.5));
        assertBoxOn(browser.find(".overlay .finding-box.selected"), 100, 600, 200, 700);
    }

    private Map<String, Double> rect(WebElement el) {
        Map<String, Number> r = browser.script("const r = arguments[0].getBoundingClientRect(); "
                + "return {x: r.x, y: r.y, width: r.width, height: r.height};", el);
        return Map.of("x", r.get("x").doubleValue(), "y", r.get("y").doubleValue(),
                "width", r.get("width").doubleValue(), "height", r.get("height").doubleValue());
    }

    private void assertBoxOn(WebElement box, double x0, double y0, double x1, double y1) {
        var b = rect(box);
        var c = rect(canvas());
        double[] topLeft = canvasPoint(x0, y1);
        double[] bottomRight = canvasPoint(x1, y0);
        assertThat(b.get("x") - c.get("x")).isCloseTo(topLeft[0], within(1.0));
        assertThat(b.get("y") - c.get("y")).isCloseTo(topLeft[1], within(1.0));
        assertThat(b.get("x") + b.get("width") - c.get("x")).isCloseTo(bottomRight[0], within(1.0));
        assertThat(b.get("y") + b.get("height") - c.get("y")).isCloseTo(bottomRight[1], within(1.0));
    }

    @Test
    void composesTheVisiblePlatesAndDropsTheCyanOneWhenItIsToggledOff() {
        openViewer();
        // An imported job has no separations until they are computed: the panel offers it.
        browser.find(".tool").findElement(By.xpath("//button[normalize-space()='Compute separations']")).click();
        WebElement cyan = browser.await("the ink list", 90, d -> d.findElements(By.cssSelector("input[name=ink]")).stream()
                .filter(i -> "Cyan".equals(i.getDomProperty("value"))).findFirst().orElse(null));
        assertThat(browser.all("input[name=ink]").stream().map(i -> i.getDomProperty("value")).toList())
                .containsExactly("Cyan", "Magenta", "Yellow", "Black");
        // Each toggle carries a swatch of the colour its plate is drawn in (set through the CSSOM: the CSP refuses
        // style attributes).
        assertThat((String) browser.script("return getComputedStyle(arguments[0].parentElement.querySelector('.ink-chip'))"
                + ".backgroundColor;", cyan)).isEqualTo("rgb(0, 174, 239)");
        browser.assertAccessible("separations");

        cyan.click();
        awaitPainted("plates");
        assertWhite(pixel(150, 650));
        // The rich black box keeps its magenta, yellow and black: still dark.
        assertThat(pixel(350, 650)).allMatch(v -> v < 90);
        // The magenta box is magenta: red high, green low.
        List<Long> magenta = pixel(150, 350);
        assertThat(magenta.get(0)).isGreaterThan(200);
        assertThat(magenta.get(1)).isLessThan(60);
        browser.screenshot("without-cyan");

        // Cyan back and magenta off: the cyan box is cyan again, the magenta box is paper.
        cyan.click();
        awaitPainted("tiles");
        assertCyan(pixel(150, 650));
        List<Long> proofCyan = pixel(150, 650);
        browser.all("input[name=ink]").stream().filter(i -> "Magenta".equals(i.getDomProperty("value"))).findFirst()
                .orElseThrow().click();
        awaitPainted("plates");
        assertCyan(pixel(150, 650));
        // the plates go through the same output condition as the soft-proof tile: the same cyan, not a screen cyan
        List<Long> platesCyan = pixel(150, 650);
        for (int i = 0; i < 3; i++) {
            assertThat(Math.abs(platesCyan.get(i) - proofCyan.get(i))).as("channel %d of %s vs %s", i, platesCyan,
                    proofCyan).isLessThanOrEqualTo(8);
        }
        assertWhite(pixel(150, 350));
    }

    @Test
    void readsTheDensitometerWhereThePageIsClickedAndShowsTheHeatmapAboveTheLimit() {
        openViewer();
        double[] p = canvasPoint(150, 650);
        var size = rect(canvas());
        new Actions(browser.driver()).moveToElement(canvas(), (int) Math.round(p[0] - size.get("width") / 2),
                (int) Math.round(p[1] - size.get("height") / 2)).click().perform();
        browser.awaitText("table.reading", "Total ink", 30);
        assertThat(readout("Cyan")).isEqualTo("100.0 %");
        assertThat(readout("Magenta")).isEqualTo("0.0 %");
        assertThat(readout("Total ink")).isEqualTo("100.0 %");
        assertThat(browser.find("table.reading .hex").getText()).matches("#[0-9a-f]{6}");
        browser.assertAccessible("densitometer");

        browser.find("input.heatmap-toggle").click();
        awaitPainted("heatmap");
        browser.awaitText(".runs-count", "1 area over 300 %", 30);
        List<Long> rich = pixel(350, 650);
        assertThat(rich.get(0)).as("red over the limit: %s", rich).isGreaterThan(rich.get(1) + 80);
        List<Long> cyan = pixel(150, 650);
        assertThat(Math.abs(cyan.get(0) - cyan.get(1))).as("grey under the limit: %s", cyan).isLessThan(12);
        // The run's box is the rich black box.
        browser.await("the run drawn", 10, d -> !d.findElements(By.cssSelector(".overlay .run-box")).isEmpty());
        assertBoxOn(browser.find(".overlay .run-box"), 300, 600, 400, 700);
        browser.screenshot("heatmap");

        // Over 330 % nothing is left: the C80 M80 Y80 K80 box is 320 %.
        browser.script("const s = document.querySelector('input.tac-limit'); s.value = '330';"
                + " s.dispatchEvent(new Event('change', {bubbles: true}));");
        browser.awaitText(".runs-count", "0 areas over 330 %", 30);
        awaitPainted("heatmap");
        List<Long> under = pixel(350, 650);
        assertThat(Math.abs(under.get(0) - under.get(1))).as("grey under 330 %%: %s", under).isLessThan(12);
        assertThat(browser.all(".overlay .run-box")).isEmpty();
    }

    private String readout(String name) {
        return browser.find("table.reading").findElement(By.xpath(".//tr[th[normalize-space()='" + name + "']]/td")).getText();
    }

    @Test
    void theSimulateOverprintSwitchTurnsTheWhiteOverprintOnAndOff() {
        job();
        // white set to overprint over a cyan page: gone on press, a white square on screen
        String id = importJob("white-overprint.pdf", ViewerPdfs.create().a4()
                .cmyk(0, 0, 596, 842, 1, 0, 0, 0)
                .cmykOverprint(100, 600, 100, 100, 0, 0, 0, 0)
                .bytes());
        signIn(tenant);
        browser.go("/app/jobs/" + id);
        browser.awaitVisible(".viewport canvas");
        awaitPainted("tiles");
        WebElement simulate = browser.awaitVisible("input.simulate-overprint");
        assertThat(simulate.getDomProperty("checked")).isEqualTo("true");
        assertCyan(pixel(150, 650));

        simulate.click();
        browser.await("the screen render's white square", 30, d -> "true".equals(canvas().getDomAttribute(
                "data-complete")) && pixel(150, 650).stream().allMatch(v -> v >= 245));
        assertCyan(pixel(50, 50));

        browser.find("input.simulate-overprint").click();
        browser.await("the soft proof again", 30, d -> "true".equals(canvas().getDomAttribute("data-complete"))
                && pixel(150, 650).get(0) < 90);
        assertCyan(pixel(150, 650));
    }

    @Test
    void hidesALayerWhenItsToggleIsTurnedOff() {
        openViewer();
        List<Long> magenta = pixel(150, 350);
        assertThat(magenta.get(0)).isGreaterThan(magenta.get(1) + 100);
        WebElement layer = browser.awaitVisible("input[name=layer]");
        assertThat(layer.getDomProperty("checked")).isEqualTo("true");
        layer.click();
        browser.await("tile without the layer", 30, d -> "true".equals(canvas().getDomAttribute("data-complete"))
                && pixel(150, 350).stream().allMatch(v -> v >= 245));
        assertCyan(pixel(150, 650));
    }

    @Test
    void recordsAVerdictThatTheApiKeeps() {
        openViewer();
        browser.awaitText(".verdict-now", "automatic", 10);
        browser.find(".tool").findElement(By.xpath("//button[normalize-space()='Fail…']")).click();
        browser.awaitVisible("textarea[name=notes]").sendKeys("Cyan box is out of register");
        browser.find(".tool").findElement(By.xpath("//button[normalize-space()='Record fail']")).click();
        browser.awaitText(".verdict-now", "api_key:", 10);
        assertThat(browser.find(".verdict-now .verdict").getText()).isEqualTo("Failed");
        browser.screenshot("fail-recorded");

        JsonNode v = api.get("/api/v1/viewer/jobs/" + job() + "/verdict", tenant.key()).json();
        assertThat(v.get("verdict").asString()).isEqualTo("fail");
        assertThat(v.get("notes").asString()).isEqualTo("Cyan box is out of register");
        assertThat(v.get("verdict_by").asString()).startsWith("api_key:");

        browser.driver().navigate().refresh();
        browser.awaitText(".verdict-now", v.get("verdict_by").asString(), 15);
        assertThat(browser.find(".verdict-now .verdict").getText()).isEqualTo("Failed");
        assertThat(browser.find(".notes").getText()).isEqualTo("Cyan box is out of register");
        browser.find(".tool").findElement(By.xpath("//button[normalize-space()='Pass']")).click();
        browser.awaitText(".verdict-now .verdict", "Passed", 10);
        assertThat(api.get("/api/v1/viewer/jobs/" + job() + "/verdict", tenant.key()).json().get("verdict").asString())
                .isEqualTo("pass");
    }

    @Test
    void mintsAReportWhoseShareLinkOpensWithoutAKey() throws Exception {
        openViewer();
        JsonNode config = api.get("/api/v1/viewer/jobs/" + job() + "/config", tenant.key()).json();
        var select = new org.openqa.selenium.support.ui.Select(browser.awaitVisible("#report-title + form select"));
        List<String> offered = select.getOptions().stream().map(o -> o.getDomProperty("value")).toList();
        assertThat(offered).isEqualTo(config.get("allowed_report_formats").valueStream().map(JsonNode::asString).toList())
                .contains("pdf");
        select.selectByValue("pdf");
        button("Mint report").click();
        WebElement link = browser.awaitVisible("input.report-url");
        String url = link.getDomProperty("value");
        assertThat(url).startsWith(browser.base() + "/r/").endsWith(".pdf");
        String token = url.substring(url.lastIndexOf('/') + 1, url.length() - ".pdf".length());
        assertThat(api.get("/api/v1/jobs/" + job() + "/reports", tenant.key()).json().findValuesAsString("token"))
                .contains(token);
        var response = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(url)).build(), java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(new String(response.body(), 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
        browser.assertAccessible("report-minted");
    }

    private WebElement button(String text) {
        return browser.find("main").findElement(By.xpath(".//button[normalize-space()='" + text + "']"));
    }

    @Test
    void movesBetweenPagesWithThumbnailsAndKeys() {
        job();
        byte[] pdf = ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0)
                .a4().cmyk(100, 600, 100, 100, 0, 1, 0, 0)
                .a4().cmyk(100, 600, 100, 100, 0, 0, 0, 1).bytes();
        JsonNode three = run(tenant, pdf);
        assertThat(three.get("status").asString()).isEqualTo("completed");
        signIn(tenant);
        browser.go("/app/jobs/" + three.get("job_id").asString());
        awaitPainted("tiles");
        assertCyan(pixel(150, 650));
        browser.await("three thumbnails drawn", 30, d -> Long.valueOf(3).equals(browser.script(
                "return [...document.querySelectorAll('.thumbs img')].filter(i => i.complete && i.naturalWidth > 0).length;")));
        browser.assertAccessible("thumbnails");

        browser.find(".thumb[data-page='3']").click();
        browser.await("page 3 shown", 10, d -> "page".equals(d.findElement(By.cssSelector(".thumb[data-page='3']"))
                .getDomAttribute("aria-current")));
        awaitPainted("tiles");
        assertThat(browser.find("input.page-num").getDomProperty("value")).isEqualTo("3");
        assertThat(pixel(150, 650)).allMatch(v -> v < 70);

        press("[");
        browser.await("page 2 shown", 10, d -> "2".equals(d.findElement(By.cssSelector("input.page-num")).getDomProperty("value")));
        awaitPainted("tiles");
        List<Long> magenta = pixel(150, 650);
        assertThat(magenta.get(0)).isGreaterThan(200);
        assertThat(magenta.get(1)).isLessThan(60);
    }

    @Test
    void comparesTwoJobsWithTheirDiffPicture() {
        job();
        String other = importJob("moved.pdf", page(false));
        openViewer();
        new org.openqa.selenium.support.ui.Select(browser.awaitVisible(".compare-pick select")).selectByValue(other);
        browser.find(".compare-pick button[type=submit]").click();
        browser.awaitVisible("table.compare-pages");
        JsonNode expected = api.postJson("/api/v1/viewer/compare", tenant.key(),
                Map.of("job_a", job(), "job_b", other, "dpi", 72)).json().get("pages").get(0);
        assertThat(browser.find("tr[data-page='1'] .ssim").getText())
                .isEqualTo(String.format(java.util.Locale.ROOT, "%.4f", expected.get("ssim_score").asDouble()));
        assertThat(expected.get("ssim_score").asDouble()).isLessThan(1);
        assertThat(browser.find("tr[data-page='1'] .changed").getText())
                .startsWith(String.format(java.util.Locale.US, "%,d px", expected.get("diff_pixel_count").asLong()));

        // The diff picture over job A: green where only A has ink (its cyan box), red where only B has (B's box).
        browser.await("diff shown", 30, d -> Boolean.TRUE.equals(browser.script(
                "const i = document.querySelector('img.diff'); return !!i && i.complete && i.naturalWidth > 0;")));
        assertThat(diffPixel(150, 650)).containsExactly(0L, 200L, 0L, 255L);
        assertThat(diffPixel(350, 350)).containsExactly(224L, 0L, 0L, 255L);
        assertThat(diffPixel(250, 500).get(3)).isZero();
        browser.assertAccessible("compare");

        // The slider lays B over A, cut at the slider's position.
        browser.find("input[name=mode][value=slider]").click();
        WebElement over = browser.awaitVisible(".slider img.over");
        assertThat((String) browser.script("return arguments[0].style.clipPath;", over)).isEqualTo("inset(0px 0px 0px 50%)");
        browser.script("const r = document.querySelector('.viewer-bar input[type=range]'); r.value = '20';"
                + " r.dispatchEvent(new Event('input', {bubbles: true}));");
        assertThat((String) browser.script("return document.querySelector('.slider img.over').style.clipPath;"))
                .isEqualTo("inset(0px 0px 0px 20%)");
        browser.assertAccessible("compare-slider");
    }

    /** An A4 page turned by /Rotate 90 with the 100 % cyan box at (100..200, 600..700) pt of its user space. */
    private static byte[] rotatedPage() {
        try (var doc = new org.apache.pdfbox.pdmodel.PDDocument()) {
            var page = new org.apache.pdfbox.pdmodel.PDPage(org.apache.pdfbox.pdmodel.common.PDRectangle.A4);
            page.setRotation(90);
            doc.addPage(page);
            try (var cs = new org.apache.pdfbox.pdmodel.PDPageContentStream(doc, page)) {
                cs.setNonStrokingColor(new org.apache.pdfbox.pdmodel.graphics.color.PDColor(new float[] {1, 0, 0, 0},
                        org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK.INSTANCE));
                cs.addRect(100, 600, 100, 100);
                cs.fill();
            }
            var out = new java.io.ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The colour the canvas shows at a displayed point (origin top-left of the displayed, rotated page). */
    private List<Long> displayedPixel(double dx, double dy) {
        WebElement c = canvas();
        double zoom = Double.parseDouble(c.getDomAttribute("data-zoom"));
        double ox = Double.parseDouble(c.getDomAttribute("data-ox"));
        double oy = Double.parseDouble(c.getDomAttribute("data-oy"));
        return browser.script("""
                const c = document.querySelector('.viewport canvas');
                const r = window.devicePixelRatio || 1;
                const d = c.getContext('2d').getImageData(Math.round(arguments[0] * r), Math.round(arguments[1] * r), 1, 1).data;
                return [d[0], d[1], d[2]];""", (dx - ox) * zoom, (dy - oy) * zoom);
    }

    @Test
    void drawsAFindingsBoxWhereItsBboxIsOnAPageTurnedBy90Degrees() {
        job();
        String rotated = importJob("rotated.pdf", rotatedPage());
        var pages = api.get("/api/v1/viewer/jobs/" + rotated + "/pages", tenant.key()).json().get("pages").get(0);
        assertThat(pages.get("rotation").asInt()).isEqualTo(90);
        signIn(tenant);
        browser.go("/app/jobs/" + rotated);
        browser.awaitVisible(".viewport canvas");
        awaitPainted("tiles");
        browser.find("button.finding").click();
        browser.await("zoomed in on the finding", 10, d -> Double.parseDouble(canvas().getDomAttribute("data-zoom")) > 1.5);
        awaitPainted("tiles");
        browser.screenshot("rotated-finding");

        // Turned clockwise, the page's point (x, y) is shown at (y, x) from the top-left: the bbox (100..200,
        // 600..700) covers 600..700 across and 100..200 down. The rendered page has its cyan there, and only there.
        assertCyan(displayedPixel(650, 150));
        assertCyan(displayedPixel(602, 102));
        assertCyan(displayedPixel(698, 198));
        assertWhite(displayedPixel(650, 97));
        assertWhite(displayedPixel(650, 203));
        assertWhite(displayedPixel(597, 150));
        assertWhite(displayedPixel(703, 150));
        // The finding's box is drawn on those edges (within a pixel).
        WebElement c = canvas();
        double zoom = Double.parseDouble(c.getDomAttribute("data-zoom"));
        double ox = Double.parseDouble(c.getDomAttribute("data-ox"));
        double oy = Double.parseDouble(c.getDomAttribute("data-oy"));
        var b = rect(browser.find(".overlay .finding-box.selected"));
        var cr = rect(c);
        assertThat(b.get("x") - cr.get("x")).isCloseTo((600 - ox) * zoom, within(1.0));
        assertThat(b.get("y") - cr.get("y")).isCloseTo((100 - oy) * zoom, within(1.0));
        assertThat(b.get("width")).isCloseTo(100 * zoom, within(1.0));
        assertThat(b.get("height")).isCloseTo(100 * zoom, within(1.0));
    }

    private List<Long> diffPixel(double x, double y) {
        return browser.script("""
                const i = document.querySelector('img.diff');
                const c = document.createElement('canvas');
                c.width = i.naturalWidth; c.height = i.naturalHeight;
                const g = c.getContext('2d');
                g.drawImage(i, 0, 0);
                const d = g.getImageData(Math.floor(arguments[0]), Math.floor(arguments[1]), 1, 1).data;
                return [d[0], d[1], d[2], d[3]];""", x, H - y);
    }
}
