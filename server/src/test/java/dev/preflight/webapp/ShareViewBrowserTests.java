package dev.preflight.webapp;

import dev.preflight.support.Api;
import dev.preflight.support.BrowserTestBase;
import dev.preflight.viewer.ViewerPdfs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A share link opened in Chromium at /app/s/{token}, by a browser that holds no API key and no visitor cookie: the
 * page is drawn from the public twins (pixels read back from the canvas), the findings come from the token, and a
 * link minted with require_visitor_email asks for an email first and then shows the document.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShareViewBrowserTests extends BrowserTestBase {

    private static final double H = ViewerPdfs.A4_H;

    private TenantKey tenant;
    private String jobId;

    @org.springframework.beans.factory.annotation.Autowired
    dev.preflight.support.TestClock clock;

    @BeforeEach
    void freshVisitor() {
        // A visitor of a link has nothing of the tenant's: no key in the tab, no visitor cookie from an earlier test.
        browser.driver().manage().deleteAllCookies();
        browser.script("sessionStorage.clear(); localStorage.clear();");
    }

    private String job() {
        if (jobId == null) {
            tenant = newTenant("growth");
            byte[] pdf = ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0).bytes();
            String report = """
                    {"schema_version": "1", "source": {"tool": "Share QA"},
                     "findings": [{"severity": "error", "message": "Cyan box", "inspection_id": "CYAN_BOX", "page_num": 1,
                                   "bbox": [100, 600, 200, 700]}]}""";
            var form = Api.form().file("file", "shared.pdf", pdf).field("preflight_source", "external")
                    .field("external_format", "service_json")
                    .file("external_report", "report.json", report.getBytes(StandardCharsets.UTF_8));
            var r = api.postForm("/api/v1/jobs?wait=60", tenant.key(), form);
            assertThat(r.status()).as(r.text()).isEqualTo(200);
            assertThat(r.json().get("status").asString()).isEqualTo("completed");
            jobId = r.json().get("job_id").asString();
        }
        return jobId;
    }

    private String mint(Map<String, Object> extra) {
        var body = new HashMap<String, Object>(extra);
        body.put("formats", List.of("html"));
        var r = api.postJson("/api/v1/jobs/" + job() + "/reports", tenant.key(), body);
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return r.json().get("reports").get(0).get("token").asString();
    }

    private WebElement canvas() {
        return browser.find(".viewport canvas");
    }

    private void awaitPainted() {
        browser.await("canvas painted", 60, d -> {
            WebElement c = canvas();
            return "true".equals(c.getDomAttribute("data-complete")) && "tiles".equals(c.getDomAttribute("data-mode"));
        });
    }

    private List<Long> pixel(double x, double y) {
        WebElement c = canvas();
        double zoom = Double.parseDouble(c.getDomAttribute("data-zoom"));
        double ox = Double.parseDouble(c.getDomAttribute("data-ox"));
        double oy = Double.parseDouble(c.getDomAttribute("data-oy"));
        return browser.script("""
                const c = document.querySelector('.viewport canvas');
                const r = window.devicePixelRatio || 1;
                const d = c.getContext('2d').getImageData(Math.round(arguments[0] * r), Math.round(arguments[1] * r), 1, 1).data;
                return [d[0], d[1], d[2]];""", (x - ox) * zoom, (H - y - oy) * zoom);
    }

    private void assertDocumentShown() {
        browser.awaitVisible(".viewport canvas");
        awaitPainted();
        List<Long> cyan = pixel(150, 650);
        assertThat(cyan.get(0)).as("red of %s", cyan).isLessThan(90);
        assertThat(cyan.get(2)).as("blue of %s", cyan).isGreaterThan(190);
        assertThat(pixel(250, 650)).as("white paper").allMatch(v -> v >= 245);
        browser.awaitVisible(".overlay .finding-box.sev-error");
        assertThat(texts("button.finding")).hasSize(1).first().asString().contains("Cyan box");
        // Nothing of the tenant's was there to send: the tab holds no key.
        assertThat((Object) browser.script("return sessionStorage.getItem('preflight.apiKey')")).isNull();
        // Every API call went to the public routes.
        List<String> calls = browser.script("return performance.getEntriesByType('resource').map(e => e.name)"
                + ".filter(n => n.includes('/api/v1/'));");
        assertThat(calls).isNotEmpty().allMatch(n -> n.contains("/api/v1/viewer/public/") || n.contains("/api/v1/reports/tokens/")
                || n.contains("/api/v1/check-names"));
    }

    @Test
    void showsTheSharedPageAndItsFindingsWithoutAKey() {
        String token = mint(Map.of());
        browser.go("/app/s/" + token);
        assertDocumentShown();
        // The link's branding names the service (not anonymous) and there is no navigation of the app.
        var cfg = api.getWithHeaders("/api/v1/viewer/public/" + token + "/config", Map.of()).json();
        String brand = cfg.get("brand_name").isNull() ? "Preflight" : cfg.get("brand_name").asString();
        assertThat(browser.find("header.share-top .brand").getText()).contains(brand);
        assertThat(browser.all("header nav")).isEmpty();
        assertThat(browser.all("#api-key")).isEmpty();
        // A shared viewer offers no verdict recording and no report minting.
        assertThat(browser.all(".tool button.approve")).isEmpty();
        assertThat(browser.all("#report-title")).isEmpty();
        // The link was minted without allow_annotations: no annotation tools.
        assertThat(browser.all("#annotations-title")).isEmpty();
        browser.assertAccessible("share view");
        browser.screenshot("share-view");
    }

    @Test
    void asksForTheVisitorsEmailFirstWhenTheLinkRequiresOne() {
        String token = mint(Map.of("require_visitor_email", true));
        browser.go("/app/s/" + token);
        WebElement email = browser.awaitVisible("#visitor-email");
        assertThat(browser.all(".viewport canvas")).isEmpty();
        browser.assertAccessible("visitor email");
        email.sendKeys("visitor@example.com");
        browser.find("main form button[type=submit]").click();
        assertDocumentShown();
        String visitorToken = browser.script("return sessionStorage.getItem('preflight.visitorToken')");
        assertThat(visitorToken).startsWith("v1.");
        // The token is what the viewer sent: the API answers it for this link.
        var r = api.getWithHeaders("/api/v1/viewer/public/" + token + "/pages", Map.of("X-Visitor-Token", visitorToken));
        assertThat(r.status()).isEqualTo(200);
    }

    @Test
    void aVisitorDrawsABoxAndCommentsWhenTheLinkAllowsAnnotations() {
        String token = mint(Map.of("allow_annotations", true));
        browser.go("/app/s/" + token);
        assertDocumentShown();
        // Writing needs an identified visitor even though reading did not.
        browser.awaitVisible(".visitor-form input[name=email]").sendKeys("customer@example.com");
        browser.find(".visitor-form button[type=submit]").click();
        browser.await("the visitor identified", 20, d -> d.findElements(By.cssSelector(".visitor-form")).isEmpty());

        browser.find("button.draw-rect").click();
        // The click scrolled to the tools: bring the page back into the window before drawing on it.
        browser.script("arguments[0].scrollIntoView({block: 'center'})", canvas());
        Map<String, Number> box = browser.script("const r = arguments[0].getBoundingClientRect(); "
                + "return {x: r.x, y: r.y, w: r.width, h: r.height};", canvas());
        int x0 = (int) Math.round(box.get("x").doubleValue() + box.get("w").doubleValue() * 0.4);
        int y0 = (int) Math.round(box.get("y").doubleValue() + box.get("h").doubleValue() * 0.4);
        new Actions(browser.driver()).moveToLocation(x0, y0).clickAndHold().moveToLocation(x0 + 30, y0 + 20)
                .moveToLocation(x0 + 60, y0 + 40).release().perform();
        WebElement item = browser.awaitVisible(".annotation-list li[data-annotation]");
        browser.awaitVisible(".overlay .annotation-box");

        String shared = "/api/v1/viewer/public/" + token + "/annotations?include=comments";
        JsonNode list = api.getWithHeaders(shared, Map.of()).json();
        assertThat(list).hasSize(1);
        assertThat(list.get(0).get("kind").asString()).isEqualTo("rect");
        assertThat(list.get(0).get("author_email").asString()).isEqualTo("customer@example.com");
        double zoom = Double.parseDouble(canvas().getDomAttribute("data-zoom"));
        assertThat(list.get(0).get("geometry").get("w").asDouble()).isCloseTo(60 / zoom, within(1.0 / zoom + 0.5));

        item.findElement(By.cssSelector("textarea[name=body]")).sendKeys("Approved once the logo moves");
        item.findElement(By.cssSelector("button[type=submit]")).click();
        browser.awaitText(".annotation-list .comment", "Approved once the logo moves", 20);
        JsonNode after = api.getWithHeaders(shared, Map.of()).json();
        assertThat(after.get(0).get("comments")).hasSize(1);
        assertThat(after.get(0).get("comments").get(0).get("author_email").asString()).isEqualTo("customer@example.com");
        assertThat(after.get(0).get("comments").get(0).get("body").asString()).isEqualTo("Approved once the logo moves");
        // The visitor drew it and only they commented: they may delete it (aVisitorDeletesOnlyTheirOwnUncommentedMarks).
        assertThat(item.findElements(By.cssSelector(".delete-annotation"))).hasSize(1);
        browser.assertAccessible("share annotations");
        browser.screenshot("share-annotated");
    }

    private static byte[] png(int rgb) {
        var image = new java.awt.image.BufferedImage(8, 8, java.awt.image.BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                image.setRGB(x, y, rgb);
            }
        }
        var out = new java.io.ByteArrayOutputStream();
        try {
            javax.imageio.ImageIO.write(image, "png", out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A one-page job of its own (page geometry only, the cyan box), submitted with a brand; its id. */
    private String ownJob(TenantKey owner, String brand, String fileName) {
        var form = Api.form().file("file", fileName, ViewerPdfs.create().a4().cmyk(100, 600, 100, 100, 1, 0, 0, 0).bytes())
                .field("preflight_source", "minimal").field("brand", brand);
        var r = api.postForm("/api/v1/jobs?wait=60", owner.key(), form);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json().get("job_id").asString();
    }

    private String mintFor(TenantKey owner, String job, Map<String, Object> extra) {
        var body = new HashMap<String, Object>(extra);
        body.put("formats", List.of("html"));
        var minted = api.postJson("/api/v1/jobs/" + job + "/reports", owner.key(), body);
        assertThat(minted.status()).as(minted.text()).isEqualTo(201);
        return minted.json().get("reports").get(0).get("token").asString();
    }

    private String brandedLink(TenantKey owner, String brand, String fileName) {
        return mintFor(owner, ownJob(owner, brand, fileName), Map.of());
    }

    private String cssVariable(String name) {
        return ((String) browser.script("return getComputedStyle(document.documentElement).getPropertyValue(arguments[0]);",
                name)).trim();
    }

    @Test
    void showsTheLinksBrandLogoNameAndAccentColour() {
        var owner = newTenant("scale");
        String profiles = "/api/v1/tenants/" + owner.tenantId() + "/brand-profiles";
        var created = api.postJson(profiles, owner.key(), Map.of("name", "House", "brand_name", "Acme Print",
                "primary_color", "#123456", "accent_color", "#7A1F5C"));
        assertThat(created.status()).as(created.text()).isEqualTo(200);
        String profile = created.json().get("id").asString();
        var logo = api.postForm(profiles + "/" + profile + "/logo", owner.key(),
                Api.form().file("file", "logo.png", png(0x00A651)));
        assertThat(logo.status()).as(logo.text()).isEqualTo(200);
        String logoUrl = logo.json().get("logo_url").asString();
        String token = brandedLink(owner, profile, "branded.pdf");

        browser.go("/app/s/" + token);
        browser.awaitVisible(".viewport canvas");
        awaitPainted();
        WebElement brand = browser.find("header.share-top .brand");
        assertThat(brand.getText()).isEqualTo("Acme Print");
        assertThat(browser.find("header.share-top .who").getText()).isEqualTo("Shared by Tenant scale");
        // The uploaded logo, loaded (the CSP lets it in) and shown at its place in the header.
        WebElement img = browser.find("header.share-top img.brand-logo");
        assertThat(img.getDomAttribute("src")).isEqualTo(logoUrl);
        browser.await("logo loaded", 10, d -> ((Number) browser.script(
                "return arguments[0].complete ? arguments[0].naturalWidth : 0", img)).intValue() == 8);
        // The brand's accent colour is the page's accent, with readable text on it.
        assertThat(cssVariable("--accent")).isEqualTo("#7a1f5c");
        assertThat(cssVariable("--on-accent")).isEqualTo("#ffffff");
        assertThat((String) browser.script("return document.title")).isEqualTo("branded.pdf · Acme Print");
        browser.assertAccessible("branded share view");
        browser.screenshot("branded");
    }

    @Test
    void anAnonymousLinkShowsNoServiceOrTenantNameAnywhere() {
        var owner = newTenant("growth");
        String token = brandedLink(owner, "anonymous", "plain.pdf");
        // The service's name is what a link minted with the service branding shows.
        String serviceName = api.getWithHeaders("/api/v1/viewer/public/" + mint(Map.of()) + "/config", Map.of()).json()
                .get("brand_name").asString();
        assertThat(serviceName).isNotBlank();

        browser.go("/app/s/" + token);
        browser.awaitVisible(".viewport canvas");
        awaitPainted();
        browser.awaitVisible(".findings-panel");
        String page = browser.script("return document.title + ' | ' + document.documentElement.outerHTML;");
        assertThat(page).doesNotContain(serviceName).doesNotContain("Tenant growth");
        assertThat((String) browser.script("return document.title")).isEqualTo("plain.pdf");
        assertThat(browser.all("header.share-top .brand")).isEmpty();
        assertThat(browser.all("link[rel=icon]")).isEmpty();
        browser.assertAccessible("anonymous share view");
        browser.screenshot("anonymous");
    }

    @Test
    void aRevokedOrExpiredLinkShowsAReadable410Page() {
        String revoked = mint(Map.of());
        assertThat(api.delete("/api/v1/jobs/" + job() + "/reports/" + revoked, tenant.key()).status()).isEqualTo(204);
        assertThat(api.getWithHeaders("/api/v1/reports/tokens/" + revoked, Map.of()).status()).isEqualTo(410);
        browser.go("/app/s/" + revoked);
        WebElement banner = browser.awaitText("main .banner.error", "expired or was revoked", 20);
        assertThat(banner.getText()).isEqualTo("This link expired or was revoked. Ask whoever shared it for a new one.");
        assertThat(browser.find("main h1").getText()).isEqualTo("Cannot open this link");
        assertThat(browser.all(".viewport canvas")).isEmpty();
        assertThat((String) browser.script("return document.title")).isEqualTo("Link expired");
        assertThat((String) browser.script("return document.documentElement.outerHTML")).doesNotContain("Preflight");
        browser.assertAccessible("revoked link");

        String expiring = mint(Map.of("expiry_days", 1));
        clock.advance(java.time.Duration.ofDays(2));
        try {
            assertThat(api.getWithHeaders("/api/v1/reports/tokens/" + expiring, Map.of()).status()).isEqualTo(410);
            browser.go("/app/s/" + expiring);
            browser.awaitText("main .banner.error", "This link expired or was revoked.", 20);
            assertThat(browser.all(".viewport canvas")).isEmpty();
        } finally {
            clock.reset();
        }
    }

    @Test
    void aVisitorDeletesOnlyTheirOwnUncommentedMarks() {
        // A job of its own: the other tests annotate the class's job.
        var owner = newTenant("growth");
        String annotated = ownJob(owner, "service", "annotated.pdf");
        String token = mintFor(owner, annotated, Map.of("allow_annotations", true));
        var identified = api.postJson("/api/v1/reports/tokens/" + token + "/visitor", null,
                Map.of("email", "me@example.com"));
        assertThat(identified.status()).as(identified.text()).isEqualTo(200);
        String visitorToken = identified.json().get("visitor_token").asString();
        String base = "/api/v1/viewer/public/" + token + "/annotations";
        var mine = Map.<String, Object>of("page_num", 1, "kind", "rect", "geometry", Map.of("x", 300, "y", 300, "w", 40, "h", 40));
        String own = annotate(base, visitorToken, mine);
        String answered = annotate(base, visitorToken, Map.of("page_num", 1, "kind", "note",
                "geometry", Map.of("x", 400, "y", 400), "text", "Is this the final logo?"));
        var reply = api.postJson("/api/v1/viewer/jobs/" + annotated + "/annotations/" + answered + "/comments", owner.key(),
                Map.of("body", "Yes, it is."));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        var reviewer = api.postJson("/api/v1/viewer/jobs/" + annotated + "/annotations", owner.key(), mine);
        assertThat(reviewer.status()).as(reviewer.text()).isEqualTo(201);
        String theirs = reviewer.json().get("id").asString();

        // The tab holds what identifying in the panel would have stored.
        browser.go("/app/s/" + token);
        browser.script("sessionStorage.setItem('preflight.visitorToken', arguments[0]);"
                + "sessionStorage.setItem('preflight.visitorEmail', 'me@example.com');", visitorToken);
        browser.go("/app/s/" + token);
        browser.awaitVisible(".viewport canvas");
        awaitPainted();
        browser.await("three annotations listed", 20, d -> d.findElements(By.cssSelector(".annotation-list > li")).size() == 3);
        WebElement ownItem = browser.find(".annotation-list > li[data-annotation='" + own + "']");
        assertThat(ownItem.findElements(By.cssSelector(".delete-annotation"))).hasSize(1);
        assertThat(browser.find(".annotation-list > li[data-annotation='" + answered + "']")
                .findElements(By.cssSelector(".delete-annotation"))).isEmpty();
        assertThat(browser.find(".annotation-list > li[data-annotation='" + theirs + "']")
                .findElements(By.cssSelector(".delete-annotation"))).isEmpty();
        browser.assertAccessible("visitor's own annotation");

        ownItem.findElement(By.cssSelector(".delete-annotation")).click();
        WebElement dialog = browser.awaitVisible("dialog.confirm");
        dialog.findElement(By.xpath(".//button[normalize-space()='Delete']")).click();
        browser.await("two annotations left", 20, d -> d.findElements(By.cssSelector(".annotation-list > li")).size() == 2);
        List<String> left = api.getWithHeaders(base, Map.of()).json().valueStream().map(a -> a.get("id").asString()).toList();
        assertThat(left).containsExactlyInAnyOrder(answered, theirs);
        // the overlay is redrawn after the list (seen in CI: the list had two items while the box was still drawn)
        browser.await("its box gone from the page", 20, d -> d.findElements(
                By.cssSelector(".overlay .annotation-box[data-annotation='" + own + "']")).isEmpty());
        assertThat(browser.all("main .banner.error")).isEmpty();
    }

    private String annotate(String base, String visitorToken, Map<String, Object> body) {
        var r = api.sendJson("POST", base, null, body, Map.of("X-Visitor-Token", visitorToken));
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return r.json().get("id").asString();
    }

    @Test
    void saysWhenTheLinkIsUnknown() {
        browser.go("/app/s/" + "x".repeat(43));
        browser.awaitText("main .banner.error", "No document is shared under this link.", 20);
    }
}
