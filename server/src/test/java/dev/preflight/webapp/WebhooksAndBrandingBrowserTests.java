package dev.preflight.webapp;

import dev.preflight.support.BrowserTestBase;
import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.WebhookTest;
import dev.preflight.support.Webhooks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webhooks and branding screens in Chromium, on their APIs: a webhook added through the form receives a signed
 * test ping at a real HTTPS receiver, its deliveries are listed with their exact body and replayed; brand profiles,
 * the branding default and BrandSpecs are created and changed through the forms, and the API shows every change.
 * Webhooks go to 127.0.0.1, so this class runs in the {@link WebhookTest} context, which allows private networks
 * and trusts the test certificate.
 */
@WebhookTest
class WebhooksAndBrandingBrowserTests extends BrowserTestBase {

    @RegisterExtension
    final Webhooks.Receivers receivers = new Webhooks.Receivers();

    /** A 4 x 4 red PNG. */
    private static byte[] png() {
        var image = new java.awt.image.BufferedImage(4, 4, java.awt.image.BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                image.setRGB(x, y, 0xE00000);
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

    private WebElement button(WebElement in, String text) {
        return in.findElement(By.xpath(".//button[normalize-space()='" + text + "']"));
    }

    @Test
    void addsAWebhookPingsItListsItsDeliveriesWithTheirBodyAndReplaysOne() {
        var receiver = receivers.receiver();
        var tenant = newTenant("growth");
        signIn(tenant);
        browser.go("/app/webhooks");
        browser.awaitText("#hooks-title", "(0)", 10);
        browser.assertAccessible("webhooks-empty");

        browser.find("#hook-url").sendKeys(receiver.url("/hook"));
        browser.find("#hook-events").sendKeys("job.completed, verdict.changed");
        button(browser.find("main"), "Add webhook").click();
        browser.awaitText("#hooks-title", "(1)", 10);
        JsonNode hook = api.get("/api/v1/webhooks", tenant.key()).json().get("webhooks").get(0);
        assertThat(hook.get("url").asString()).isEqualTo(receiver.url("/hook"));
        assertThat(hook.get("events").toString()).isEqualTo("[\"job.completed\",\"verdict.changed\"]");
        String id = hook.get("id").asString();
        WebElement card = browser.find("li.hook[data-webhook='" + id + "']");

        button(card, "Send test").click();
        browser.awaitText(".test-result", "Test delivered (200)", 20);
        assertThat(receiver.await(HttpsReceiver.event("test.ping"), 1, Duration.ofSeconds(10))).hasSize(1);

        button(browser.find("li.hook"), "Signing secret").click();
        String secret = api.get("/api/v1/webhooks/" + id + "/signing-secret", tenant.key()).json()
                .get("signing_secret").asString();
        assertThat(browser.awaitVisible(".signing-secret").getText()).isEqualTo(secret);

        // A job gives a job.completed delivery: listed, its body shown as signed, then replayed as a new row.
        run(tenant, SamplePdfs.clean().bytes());
        receiver.await(HttpsReceiver.event("job.completed"), 1, Duration.ofSeconds(30));
        browser.await("the delivery listed", 30, d -> {
            button(d.findElement(By.cssSelector(".toolbar")), "Refresh").click();
            return d.findElements(By.cssSelector("table.deliveries tbody tr")).size() == 1 ? true : null;
        });
        JsonNode delivery = api.get("/api/v1/webhooks/deliveries", tenant.key()).json().get("deliveries").get(0);
        WebElement row = browser.find("tr[data-delivery='" + delivery.get("id").asString() + "']");
        assertThat(row.getText()).contains("job.completed").contains("delivered 200");
        button(row, "Body").click();
        String payload = api.get("/api/v1/webhooks/deliveries/" + delivery.get("id").asString(), tenant.key()).json()
                .get("payload").asString();
        assertThat(browser.awaitVisible("pre.payload").getText()).isEqualTo(payload);
        browser.assertAccessible("webhook-deliveries");
        browser.assertFitsTheWindow();

        button(browser.find("tr[data-delivery='" + delivery.get("id").asString() + "']"), "Replay").click();
        browser.await("the replay listed", 30, d -> {
            button(d.findElement(By.cssSelector(".toolbar")), "Refresh").click();
            return d.findElements(By.cssSelector("table.deliveries tbody tr")).size() == 2 ? true : null;
        });
        assertThat(receiver.await(HttpsReceiver.event("job.completed"), 2, Duration.ofSeconds(30))).hasSize(2);
        assertThat(api.get("/api/v1/webhooks/deliveries", tenant.key()).json().get("total").asLong()).isEqualTo(2);

        button(browser.find("li.hook"), "Pause").click();
        browser.awaitText("li.hook", "paused", 10);
        assertThat(api.get("/api/v1/webhooks/" + id, tenant.key()).json().get("is_active").asBoolean()).isFalse();

        button(browser.find("li.hook"), "Delete").click();
        button(browser.awaitVisible("dialog.confirm"), "Delete").click();
        browser.awaitText("#hooks-title", "(0)", 10);
        assertThat(api.get("/api/v1/webhooks/" + id, tenant.key()).status()).isEqualTo(404);
    }

    @Test
    void createsBrandProfilesMakesOneTheDefaultAndKeepsBrandSpecs() throws Exception {
        var tenant = newTenant("scale");
        signIn(tenant);
        browser.go("/app/branding");
        browser.awaitText("#profiles-title", "(0)", 10);
        browser.assertAccessible("branding-empty");

        button(browser.find("main"), "New brand profile").click();
        WebElement form = browser.awaitVisible("form.profile-form");
        form.findElement(By.name("name")).sendKeys("Print shop");
        form.findElement(By.name("brand_name")).sendKeys("Acme Print");
        form.findElement(By.name("primary_color")).sendKeys("#112233");
        form.findElement(By.name("footer_text")).sendKeys("Checked by Acme");
        browser.assertAccessible("brand-profile-form");
        button(form, "Save brand profile").click();
        browser.awaitText("#profiles-title", "(1)", 10);
        String profiles = "/api/v1/tenants/" + tenant.tenantId() + "/brand-profiles";
        JsonNode profile = api.get(profiles, tenant.key()).json().get("profiles").get(0);
        assertThat(profile.get("name").asString()).isEqualTo("Print shop");
        assertThat(profile.get("brand_name").asString()).isEqualTo("Acme Print");
        assertThat(profile.get("primary_color").asString()).isEqualTo("#112233");
        assertThat(profile.get("footer_text").asString()).isEqualTo("Checked by Acme");
        assertThat(profile.get("is_default").asBoolean()).isFalse();
        assertThat((String) browser.script("return getComputedStyle(document.querySelector('li.brand-profile .ink-chip'))"
                + ".backgroundColor;")).isEqualTo("rgb(17, 34, 51)");

        button(browser.find("li.brand-profile"), "Make default").click();
        // The button's own text says "default": wait for the stored flag, then for the card's badge.
        browser.await("profile made the default", 10, d -> api.get(profiles, tenant.key()).json().get("profiles").get(0)
                .get("is_default").asBoolean());
        browser.awaitText("li.brand-profile .status.done", "default", 10);
        browser.await("profile mode enabled", 10, d -> d.findElement(By.cssSelector("input[name=branding-mode][value=profile]")).isEnabled());
        browser.find("input[name=branding-mode][value=profile]").click();
        browser.await("branding default stored", 10, d -> "profile".equals(
                api.get("/api/v1/tenant/branding-defaults", tenant.key()).json().get("mode").asString()));

        // Editing keeps what the form does not change.
        button(browser.find("li.brand-profile"), "Edit").click();
        form = browser.awaitVisible("form.profile-form");
        WebElement brand = form.findElement(By.name("brand_name"));
        brand.clear();
        brand.sendKeys("Acme Print & Pack");
        form.findElement(By.name("logo")).sendKeys(browser.file("logo.png", png()).toString());
        button(form, "Save brand profile").click();
        browser.awaitText("li.brand-profile", "Acme Print & Pack", 10);
        browser.awaitText("li.brand-profile", "logo", 10);
        profile = api.get(profiles, tenant.key()).json().get("profiles").get(0);
        assertThat(profile.get("brand_name").asString()).isEqualTo("Acme Print & Pack");
        assertThat(profile.get("primary_color").asString()).isEqualTo("#112233");
        // The uploaded logo is served under the logo route, byte for byte what was uploaded.
        String logo = profile.get("logo_url").asString();
        assertThat(logo).contains("/cdn/logos/" + tenant.tenantId() + "/");
        var served = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(logo)).build(), java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.body()).isEqualTo(png());

        // A BrandSpec with two colours and a rich black, then archived and restored.
        button(browser.find("main"), "New BrandSpec").click();
        form = browser.awaitVisible("form.spec-form");
        form.findElement(By.name("name")).sendKeys("House colours");
        form.findElement(By.name("colors")).sendKeys("Acme Red = #E00000; PANTONE 485 C\nAcme Grey = cmyk(0, 0, 0, 60)");
        form.findElement(By.name("rich_black")).click();
        for (var ink : List.of("c", "m", "y", "k")) {
            form.findElement(By.name(ink)).sendKeys(ink.equals("k") ? "100" : "40");
        }
        form.findElement(By.name("is_default")).click();
        button(form, "Save BrandSpec").click();
        browser.awaitText("#specs-title", "(1)", 10);
        JsonNode spec = api.get("/api/v1/brand-specs", tenant.key()).json().get("brand_specs").get(0);
        assertThat(spec.get("name").asString()).isEqualTo("House colours");
        assertThat(spec.get("is_default").asBoolean()).isTrue();
        assertThat(spec.get("colors").get(0).get("name").asString()).isEqualTo("Acme Red");
        assertThat(spec.get("colors").get(0).get("value").asString()).isEqualTo("#E00000");
        assertThat(spec.get("colors").get(0).get("pantone").asString()).isEqualTo("PANTONE 485 C");
        assertThat(spec.get("colors").get(1).get("value").asString()).isEqualTo("cmyk(0, 0, 0, 60)");
        assertThat(spec.get("rich_black_spec").get("k").asDouble()).isEqualTo(100);
        assertThat(spec.get("rich_black_spec").get("c").asDouble()).isEqualTo(40);
        browser.assertAccessible("branding");
        browser.assertFitsTheWindow();

        button(browser.find("li.brand-spec"), "Archive").click();
        browser.awaitText("#specs-title", "(0)", 10);
        browser.find("#specs-title").findElement(By.xpath("..")).findElement(By.cssSelector("input[type=checkbox]")).click();
        browser.awaitText("li.brand-spec", "archived", 10);
        button(browser.find("li.brand-spec"), "Restore").click();
        browser.await("restored", 10, d -> !api.get("/api/v1/brand-specs?include_archived=true", tenant.key()).json()
                .get("brand_specs").get(0).get("is_archived").asBoolean());
        assertThat(api.get("/api/v1/brand-specs", tenant.key()).json().get("brand_specs")).hasSize(1);
    }
}
