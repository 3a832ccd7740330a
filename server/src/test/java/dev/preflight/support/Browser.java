package dev.preflight.support;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Debian's Chromium driven through Debian's chromedriver (Selenium): headless, no network of its own, a fresh
 * profile directory, a 1366 x 768 window. Screenshots go to target/browser-screenshots/&lt;test class&gt;/ (build
 * artifacts, never committed); {@link #assertAccessible(String)} runs axe-core on the current page.
 * Without chromium the browser tests are skipped, unless PREFLIGHT_TEST_REQUIRE_BROWSER=1 (CI) makes that a failure.
 */
public final class Browser implements AutoCloseable {

    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    public static final int WIDTH = 1366;
    public static final int HEIGHT = 768;

    private final ChromeDriver driver;
    private final Path profile;
    private final Path screenshots;
    private Path folder;
    private final String base;
    private int shot;

    private Browser(String base, Path screenshots) throws IOException {
        this.base = base;
        this.screenshots = screenshots;
        this.folder = Files.createDirectories(screenshots);
        this.profile = Files.createTempDirectory("preflight-chromium-");
        var options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // No sandbox (tests run as root in CI), no GPU, and no traffic of Chromium's own: this machine's network is
        // closed, and background requests would only be refused.
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                "--user-data-dir=" + profile, "--window-size=" + WIDTH + "," + HEIGHT);
        var service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().withLogOutput(java.io.OutputStream.nullOutputStream()).build();
        this.driver = new ChromeDriver(service, options);
    }

    /** Skips the calling test class when chromium is missing and not required; fails when it is required. */
    public static void assumeAvailable() {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        String required = System.getenv("PREFLIGHT_TEST_REQUIRE_BROWSER");
        if (!installed && required != null && !required.isBlank() && !required.equals("0")) {
            throw new AssertionError("PREFLIGHT_TEST_REQUIRE_BROWSER is set but chromium or chromedriver is missing: "
                    + "apt-get install chromium chromium-driver");
        }
        Assumptions.assumeTrue(installed, "chromium and chromium-driver are not installed (apt-get install chromium "
                + "chromium-driver); browser tests skipped. Set PREFLIGHT_TEST_REQUIRE_BROWSER=1 to fail instead.");
    }

    /** A browser for the server on this port; screenshots under target/browser-screenshots/{name}. */
    public static Browser open(int port, String name) {
        assumeAvailable();
        try {
            return new Browser("http://127.0.0.1:" + port, Path.of("target", "browser-screenshots", name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the screenshots of one test: target/browser-screenshots/&lt;class&gt;/&lt;test&gt;/. */
    public void startTest(String name) {
        try {
            folder = Files.createDirectories(screenshots.resolve(name));
            shot = 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public WebDriver driver() {
        return driver;
    }

    public String base() {
        return base;
    }

    public void go(String path) {
        driver.get(base + path);
    }

    public WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    public List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Waits up to {@code seconds} for the condition, naming it in the failure. */
    public <T> T await(String what, int seconds, ExpectedCondition<T> condition) {
        // The app re-renders while it polls: an element found a moment ago may be replaced before it is read.
        return new WebDriverWait(driver, Duration.ofSeconds(seconds)).withMessage(what)
                .ignoring(StaleElementReferenceException.class).until(condition);
    }

    /** Waits for an element matching the selector to be displayed. */
    public WebElement awaitVisible(String css) {
        return await(css + " displayed", 15, d -> {
            var found = d.findElements(By.cssSelector(css));
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
    }

    /** Waits for an element matching the selector whose text contains {@code text}. */
    public WebElement awaitText(String css, String text, int seconds) {
        return await("'" + text + "' in " + css, seconds, d -> d.findElements(By.cssSelector(css)).stream()
                .filter(e -> e.getText().contains(text)).findFirst().orElse(null));
    }

    @SuppressWarnings("unchecked")
    public <T> T script(String js, Object... args) {
        return (T) ((JavascriptExecutor) driver).executeScript(js, args);
    }

    /** Saves a PNG of the viewport as NN-{step}.png and returns its path. */
    public Path screenshot(String step) {
        try {
            Path file = folder.resolve(String.format("%02d-%s.png", ++shot, step));
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page has no horizontal scrollbar at the browser's width. */
    public void assertFitsTheWindow() {
        long scroll = ((Number) script("return document.documentElement.scrollWidth")).longValue();
        long inner = ((Number) script("return window.innerWidth")).longValue();
        assertThat(scroll).as("page width at %dx%d", WIDTH, HEIGHT).isLessThanOrEqualTo(inner);
    }

    /**
     * Runs axe-core (WCAG 2.x A and AA rules and best practices) on the page and fails on any serious or critical
     * violation, listing each with the elements at fault. A screenshot named after the step is saved first.
     */
    public Results assertAccessible(String step) {
        screenshot(step);
        Results results = new AxeBuilder()
                .withTags(List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"))
                .analyze(driver);
        assertThat(results.isErrored()).as("axe-core failed to run: %s", results.getErrorMessage()).isFalse();
        List<Rule> serious = results.getViolations().stream()
                .filter(r -> "serious".equals(r.getImpact()) || "critical".equals(r.getImpact())).toList();
        assertThat(serious).as("serious accessibility violations on %s (%s):%n%s", driver.getCurrentUrl(), step,
                describe(serious)).isEmpty();
        return results;
    }

    static String describe(List<Rule> rules) {
        return rules.stream().map(r -> r.getImpact() + " " + r.getId() + ": " + r.getHelp() + "\n"
                + r.getNodes().stream().map(n -> "    " + n.getTarget() + " " + n.getFailureSummary())
                .collect(Collectors.joining("\n"))).collect(Collectors.joining("\n"));
    }

    /** Switches the page's color scheme the way the operating system would (prefers-color-scheme). */
    public void emulateColorScheme(String scheme) {
        driver.executeCdpCommand("Emulation.setEmulatedMedia",
                Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
    }

    /** Writes bytes to a file the browser can upload (file inputs take a path). */
    public Path file(String name, byte[] content) {
        try {
            Path dir = Files.createDirectories(profile.resolve("uploads"));
            return Files.write(dir.resolve(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
