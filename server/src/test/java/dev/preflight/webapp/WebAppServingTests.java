package dev.preflight.webapp;

import dev.preflight.support.Api;
import dev.preflight.support.ServerTestBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the jar serves the web app, over plain HTTP: the shell for the app's routes, its modules and lit-html from the
 * WebJar, 404 for missing files, revalidated caching, and the headers that keep the app to this origin. (These are
 * pages and files, not API routes: the contract check does not apply.)
 */
class WebAppServingTests extends ServerTestBase {

    private Api web;

    @BeforeEach
    void plainHttp() {
        web = api.unchecked();
    }

    @Test
    void servesTheShellForTheAppRootAndForEveryAppRoute() {
        for (String path : new String[] {"/app/", "/app/jobs/0b5d7a9e-4a43-4f4b-9d3c-1f0e2a3b4c5d", "/app/profiles",
                "/app/checks"}) {
            var r = web.get(path, null);
            assertThat(r.status()).as(path).isEqualTo(200);
            assertThat(r.header("Content-Type")).as(path).startsWith("text/html");
            assertThat(r.text()).as(path).contains("<script type=\"module\" src=\"/app/js/main.js\"></script>");
        }
    }

    @Test
    void redirectsTheBareAddressesToTheApp() {
        for (String path : new String[] {"/", "/app"}) {
            var r = web.get(path, null);
            assertThat(r.status()).as(path).isEqualTo(302);
            assertThat(r.header("Location")).as(path).endsWith("/app/");
        }
    }

    @Test
    void servesTheModulesAndLitHtmlFromItsWebJarAsJavaScript() {
        var main = web.get("/app/js/main.js", null);
        assertThat(main.status()).isEqualTo(200);
        assertThat(main.header("Content-Type")).startsWith("text/javascript");
        assertThat(main.text()).contains("from './lit.js'");

        var lit = web.get("/app/vendor/lit-html/lit-html.js", null);
        assertThat(lit.status()).isEqualTo(200);
        assertThat(lit.header("Content-Type")).startsWith("text/javascript");
        assertThat(lit.text()).contains("Copyright 2017 Google LLC");
        // Directives import "../lit-html.js": the same version-less path, so one module instance.
        var repeat = web.get("/app/vendor/lit-html/directives/repeat.js", null);
        assertThat(repeat.status()).isEqualTo(200);
        assertThat(repeat.text()).contains("../lit-html.js");
    }

    @Test
    void answers404ForAMissingFileInsteadOfTheShell() {
        assertThat(web.get("/app/js/missing.js", null).status()).isEqualTo(404);
        assertThat(web.get("/app/vendor/no-such-library/index.js", null).status()).isEqualTo(404);
    }

    @Test
    void isRevalidatedNotCachedBlindly() {
        var first = web.get("/app/app.css", null);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("Cache-Control")).isEqualTo("no-cache");
        String lastModified = first.header("Last-Modified");
        assertThat(lastModified).isNotNull();
        var again = web.getWithHeaders("/app/app.css", Map.of("If-Modified-Since", lastModified));
        assertThat(again.status()).isEqualTo(304);
    }

    @Test
    void pinsTheAppToThisOrigin() {
        var r = web.get("/app/", null);
        assertThat(r.header("Content-Security-Policy")).isEqualTo(WebAppConfig.CONTENT_SECURITY_POLICY)
                .contains("script-src 'self';").contains("frame-ancestors 'none'").doesNotContain("unsafe");
        assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(r.header("Referrer-Policy")).isEqualTo("no-referrer");
        // The API's own answers are not the app's business.
        assertThat(api.get("/api/v1/check-names", null).header("Content-Security-Policy")).isNull();
    }
}
