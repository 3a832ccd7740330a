package dev.preflight.webapp;

import com.deque.html.axecore.results.Results;
import dev.preflight.support.BrowserTestBase;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The API keys page in Chromium: a key created in the UI is shown once (with its copy button and the warning), read
 * from the page and used against the API; hidden, it is in the page no more; rotated, the new key is shown once and
 * the old one keeps its grace window; revoked in the UI (confirmed), the API refuses it with 401 at once. axe-core
 * finds no violation of any impact on the page, light or dark.
 */
class ApiKeysBrowserTests extends BrowserTestBase {

    private WebElement button(WebElement scope, String text) {
        return scope.findElement(By.xpath(".//button[normalize-space()='" + text + "']"));
    }

    /** axe-core on the page: no violation at all (not only no serious one). */
    private void assertNoViolations(String step) {
        Results results = browser.assertAccessible(step);
        assertThat(results.getViolations()).as("axe-core violations on %s: %s", step,
                results.getViolations().stream().map(r -> r.getImpact() + " " + r.getId() + " " + r.getNodes().stream()
                        .map(n -> n.getTarget().toString()).toList()).toList()).isEmpty();
    }

    private JsonNode keys(TenantKey tenant) {
        return api.get("/api/v1/tenant/api-keys?include_revoked=true", tenant.key()).json().get("api_keys");
    }

    @Test
    void createsAKeyShownOnceUsesItAndRevokesIt() {
        var tenant = newTenant("growth");
        signIn(tenant);
        ((ChromeDriver) browser.driver()).executeCdpCommand("Browser.grantPermissions", Map.of(
                "origin", browser.base(), "permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
        browser.find("header nav").findElement(By.linkText("API keys")).click();
        browser.awaitText("#keys-title", "(1)", 10);
        // The signing-in key is listed and marked as this tab's.
        assertThat(browser.find("li.api-key").getText()).contains("this tab's key");
        assertNoViolations("keys-page");
        browser.assertFitsTheWindow();

        WebElement form = browser.find("form.key-form");
        form.findElement(By.id("key-name")).sendKeys("Browser upload");
        form.findElement(By.cssSelector("input[name=mode][value=test]")).click();
        form.findElement(By.cssSelector("input[name=permissions][value='webhooks:manage']")).click();
        form.findElement(By.cssSelector("input[name=permissions][value='keys:manage']")).click();
        button(form, "Create key").click();

        WebElement panel = browser.awaitVisible("section.new-key");
        assertThat(panel.getText()).contains("you will not see it again");
        String key = browser.find("#new-key-value").getDomProperty("value");
        assertThat(key).startsWith("svc_test_").hasSize("svc_test_".length() + 43);
        assertNoViolations("key-shown-once");
        button(panel, "Copy key").click();
        browser.await("copied", 10, d -> button(browser.find("section.new-key"), "Copied"));
        String copied = (String) ((org.openqa.selenium.JavascriptExecutor) browser.driver()).executeAsyncScript(
                "navigator.clipboard.readText().then(arguments[0], e => arguments[0]('error: ' + e));");
        assertThat(copied).isEqualTo(key);

        // The key from the page is a bearer key at once, with what the form asked for.
        var me = api.get("/api/v1/tenant", key);
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.json().get("tenant_id").asString()).isEqualTo(tenant.tenantId());
        assertThat(me.json().get("permissions").valueStream().map(JsonNode::asString).toList())
                .containsExactly("branding:manage", "jobs:write", "profiles:manage");
        assertThat(api.get("/api/v1/jobs", key).status()).isEqualTo(200);
        WebElement card = browser.awaitText("li.api-key", "Browser upload", 10);
        assertThat(card.getText()).contains(key.substring(0, 15) + "…").contains("Test").doesNotContain(key);

        // Hidden, the key is nowhere in the page or the tab's storage.
        button(panel, "Done, hide it").click();
        browser.await("panel hidden", 10, d -> d.findElements(By.cssSelector("section.new-key")).isEmpty());
        String everything = browser.script("return document.documentElement.outerHTML + JSON.stringify(sessionStorage)"
                + " + JSON.stringify(localStorage)");
        assertThat(everything).doesNotContain(key.substring(15));

        // Revoked in the UI (after a confirmation), the key answers 401 at once.
        card = browser.awaitText("li.api-key", "Browser upload", 10);
        button(card, "Revoke").click();
        WebElement dialog = browser.awaitVisible("dialog.confirm");
        assertThat(dialog.getText()).contains("Revoke “Browser upload”?").contains("stops working at once");
        assertNoViolations("revoke-confirmation");
        button(dialog, "Revoke").click();
        browser.awaitText("#keys-title", "(1)", 10);
        assertThat(api.get("/api/v1/jobs", key).status()).isEqualTo(401);
        JsonNode revoked = keys(tenant).get(0);
        assertThat(revoked.get("name").asString()).isEqualTo("Browser upload");
        assertThat(revoked.get("revoked_at").isNull()).isFalse();
        // Still there for the record, with the revoked ones shown.
        browser.find("#keys-title").findElement(By.xpath("ancestor::section//input[@type='checkbox']")).click();
        browser.awaitText("li.api-key", "revoked", 10);
        browser.emulateColorScheme("dark");
        assertNoViolations("keys-page-dark");
    }

    @Test
    void rotatesAKeyShowingTheNewOneOnceAndKeepsTheOldOneForADay() {
        var tenant = newTenant("growth");
        var created = api.postJson("/api/v1/tenant/api-keys", tenant.key(), Map.of("name", "Nightly", "mode", "live"));
        assertThat(created.status()).isEqualTo(201);
        String old = created.json().get("key").asString();
        signIn(tenant);
        browser.go("/app/keys");
        WebElement card = browser.awaitText("li.api-key", "Nightly", 10);
        button(card, "Rotate").click();
        WebElement dialog = browser.awaitVisible("dialog.confirm");
        assertThat(dialog.getText()).contains("keeps working for 24 hours");
        button(dialog, "Rotate").click();
        browser.awaitVisible("section.new-key");
        String fresh = browser.find("#new-key-value").getDomProperty("value");
        assertThat(fresh).startsWith("svc_live_").isNotEqualTo(old);
        assertThat(api.get("/api/v1/jobs", fresh).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/jobs", old).status()).isEqualTo(200);
        JsonNode previous = keys(tenant).valueStream()
                .filter(k -> k.get("id").asString().equals(created.json().get("id").asString())).findFirst().orElseThrow();
        assertThat(java.time.Duration.between(java.time.Instant.now(), java.time.Instant.parse(previous.get("expires_at")
                .asString())).toHours()).isEqualTo(23);
        // The old key's card says until when it works and offers no second rotation.
        WebElement oldCard = browser.await("old key marked", 10, d -> d.findElements(By.cssSelector("li.api-key")).stream()
                .filter(e -> e.getText().contains(old.substring(0, 15))).findFirst().orElse(null));
        assertThat(oldCard.getText()).contains("until");
        assertThat(oldCard.findElements(By.xpath(".//button[normalize-space()='Rotate']"))).isEmpty();
    }

    @Test
    void revokingTheTabsOwnKeySignsOut() {
        var tenant = newTenant("growth");
        signIn(tenant);
        browser.go("/app/keys");
        WebElement card = browser.awaitText("li.api-key", "this tab's key", 10);
        button(card, "Revoke").click();
        WebElement dialog = browser.awaitVisible("dialog.confirm");
        assertThat(dialog.getText()).contains("you will be signed out");
        button(dialog, "Revoke").click();
        browser.awaitText("main .banner.error", "You revoked the key this tab was signed in with.", 10);
        assertThat(browser.all("#api-key")).hasSize(1);
        assertThat(api.get("/api/v1/tenant", tenant.key()).status()).isEqualTo(401);
    }

    @Test
    void aKeyWithoutKeysManageIsToldWhy() {
        var tenant = newTenant("growth");
        signIn(newKey(tenant.tenantId(), List.of("jobs:write")));
        browser.go("/app/keys");
        browser.awaitText("main .banner.notice", "lacks the keys:manage permission", 10);
        assertThat(browser.all("form.key-form")).isEmpty();
        assertNoViolations("keys-not-allowed");
    }
}
