package dev.preflight.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;

/**
 * Export mode: {@code java -jar preflight.jar --preflight.openapi.export=target/openapi.json} starts the real server
 * on a random loopback port with an in-memory H2 database and its data directory beside the output file
 * ({@code openapi-export-data/}), fetches its own {@code /openapi.json} over HTTP, writes it to the file and exits 0
 * (1 when the document cannot be fetched or written). Client generators read that file: it is exactly the document
 * a running server serves, without a database or port to set up.
 */
@Component
class OpenApiExport extends OneOffRun {

    static final String PROPERTY = "preflight.openapi.export";

    private static final Logger log = LoggerFactory.getLogger(OpenApiExport.class);

    private final ConfigurableEnvironment env;

    OpenApiExport(ConfigurableApplicationContext context) {
        super(context, PROPERTY);
        this.env = context.getEnvironment();
    }

    private Path target() {
        return Path.of(env.getRequiredProperty(PROPERTY)).toAbsolutePath();
    }

    @Override
    void perform(String baseUrl) throws IOException, InterruptedException {
        Path target = target();
        String path = env.getProperty("springdoc.api-docs.path", "/openapi.json");
        URI source = URI.create(baseUrl + path);
        write(fetch(source), target);
        log.info("Wrote the OpenAPI document served at {} to {}", source, target);
    }

    @Override
    String failure() {
        return "Could not export the OpenAPI document to " + target();
    }

    private static String fetch(URI source) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(source)
                    .timeout(Duration.ofSeconds(60)).header("Accept", "application/json").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException(source + " answered " + response.statusCode() + ": " + response.body());
            }
            return response.body();
        }
    }

    private static void write(String document, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        Path partial = target.resolveSibling(target.getFileName() + ".part");
        Files.writeString(partial, document);
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Isolates an export run from whatever the environment configures (a production database URL, a fixed port):
     * these settings take precedence over every other source, and only when the export property is set.
     */
    static final class Isolation implements EnvironmentPostProcessor {

        @Override
        public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
            String export = environment.getProperty(PROPERTY);
            if (!requested(export)) {
                return;
            }
            isolate(environment, "openapiExport", "openapi-export",
                    Path.of(export).toAbsolutePath().resolveSibling("openapi-export-data"), Map.of());
        }
    }
}
