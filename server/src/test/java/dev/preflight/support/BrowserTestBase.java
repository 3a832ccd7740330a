package dev.preflight.support;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInfo;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.util.List;

/**
 * Full-stack tests of the web app in a real browser: one Chromium per test class (closed after it), a clean
 * session before each test (no key, no stored theme), screenshots per test.
 */
@Tag("browser")
public abstract class BrowserTestBase extends ServerTestBase {

    private static Browser shared;

    protected Browser browser;

    @BeforeEach
    void openBrowser(TestInfo test) {
        if (shared == null) {
            shared = Browser.open(port, getClass().getSimpleName());
        }
        browser = shared;
        browser.startTest(test.getTestMethod().orElseThrow().getName());
        browser.go("/app/");
        browser.script("sessionStorage.clear(); localStorage.clear();");
        browser.emulateColorScheme("light");
    }

    @AfterAll
    static void closeBrowser() {
        if (shared != null) {
            shared.close();
            shared = null;
        }
    }

    /** Opens the app and signs in with the tenant's key through the sign-in form. */
    protected void signIn(TenantKey tenant) {
        browser.go("/app/");
        WebElement key = browser.awaitVisible("#api-key");
        key.sendKeys(tenant.key());
        key.sendKeys(Keys.ENTER);
        browser.awaitVisible("header.top");
    }

    /** Presses keys on the page (outside any form field), as a keyboard user would. */
    protected void press(CharSequence... keys) {
        browser.script("document.activeElement && document.activeElement.blur && document.activeElement.blur()");
        new org.openqa.selenium.interactions.Actions(browser.driver()).sendKeys(keys).perform();
    }

    protected List<String> texts(String css) {
        return browser.driver().findElements(By.cssSelector(css)).stream().map(WebElement::getText).toList();
    }
}
