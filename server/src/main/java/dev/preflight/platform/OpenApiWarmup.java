package dev.preflight.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.web.servlet.LocaleResolver;
import org.springframework.web.servlet.i18n.FixedLocaleResolver;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;

/**
 * Builds /openapi.json once the server has started, on a thread of its own, so that no client waits for it: springdoc
 * derives the document from every route on the first request (seconds of CPU for our 120 routes) and keeps it. A
 * request that arrives while it is being built waits for that one build instead of starting another. The document
 * is then kept for the next start of the same build ({@link OpenApiDocumentCache}); a start that finds it kept
 * builds nothing.
 *
 * <p>springdoc keeps one document per request locale; the API speaks one language, so every request gets the same
 * locale ({@link Locale#ENGLISH}) and the document built here is the one every client is served.
 */
@Configuration
class OpenApiWarmup {

    private static final Logger log = LoggerFactory.getLogger(OpenApiWarmup.class);

    private final boolean enabled;
    private final String path;
    private final OpenApiDocumentCache cache;
    private volatile Thread builder;

    OpenApiWarmup(@Value("${preflight.platform.openapi-warmup:true}") boolean enabled,
                  @Value("${springdoc.api-docs.path:/openapi.json}") String path, OpenApiDocumentCache cache) {
        this.enabled = enabled;
        this.path = path;
        this.cache = cache;
    }

    /** One locale for every request: the API's messages are English, and springdoc caches its document per locale. */
    @Bean
    LocaleResolver localeResolver() {
        return new FixedLocaleResolver(Locale.ENGLISH);
    }

    @EventListener
    void on(ApplicationReadyEvent ready) {
        if (!enabled || cache.serving()
                || !(ready.getApplicationContext() instanceof WebServerApplicationContext web)
                || web.getWebServer() == null || web.getWebServer().getPort() <= 0) {
            return;
        }
        var env = ready.getApplicationContext().getEnvironment();
        if (env.getProperty("server.ssl.enabled", Boolean.class, false)) {
            log.info("/openapi.json is built on its first request: the warm-up speaks plain HTTP and TLS is on");
            return;
        }
        String host = env.getProperty("server.address", "127.0.0.1");
        if (host.isBlank() || host.equals("0.0.0.0") || host.equals("::")) {
            host = "127.0.0.1";
        }
        URI uri = URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":"
                + web.getWebServer().getPort() + env.getProperty("server.servlet.context-path", "") + path);
        builder = Thread.ofPlatform().name("openapi-warmup").daemon().start(() -> build(uri));
    }

    /** The warm-up thread, for tests; null before the application is ready or when the warm-up is off. */
    Thread builder() {
        return builder;
    }

    private void build(URI uri) {
        long started = System.nanoTime();
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(5))
                    .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() == 200) {
                log.info("built {} in {} ms", uri.getPath(), (System.nanoTime() - started) / 1_000_000);
                cache.store(r.body(), uri.toString());
            } else {
                log.warn("building {} answered {}; it is built on its first request instead", uri, r.statusCode());
            }
        } catch (java.io.IOException e) {
            log.warn("could not build {} ahead of its first request: {}", uri, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
