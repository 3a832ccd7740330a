package dev.preflight.platform;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.stereotype.Component;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Training mode, for an ahead-of-time cache made at build time ({@code bin/aot-cache}):
 * {@code java -XX:AOTCacheOutput=preflight.aot -jar preflight.jar --preflight.training.dir=<dir>} starts the real
 * server on a random loopback port with an in-memory database and its files in {@code <dir>}, sends it what a first
 * user sends (health, the contract, one-page jobs under the default and a GWG profile, two thousand job reads and
 * lists, a page tile, a report), keeps the /openapi.json it was served ({@link OpenApiDocumentCache}), and exits 0. The JVM then writes the classes it loaded and linked, and the profiles of
 * the methods it ran, into the cache: later starts with {@code -XX:AOTCache} skip that work and warm up sooner.
 * Exits 1 when a request fails, so a broken build never ships a cache trained on errors.
 */
@Component
class TrainingRun extends OneOffRun {

    static final String PROPERTY = "preflight.training.dir";

    private static final Logger log = LoggerFactory.getLogger(TrainingRun.class);
    private static final Pattern JOB_ID = Pattern.compile("\"job_id\"\\s*:\\s*\"([0-9a-f-]{36})\"");

    private final OpenApiDocumentCache openApiDocument;

    TrainingRun(ConfigurableApplicationContext context, OpenApiDocumentCache openApiDocument) {
        super(context, PROPERTY);
        this.openApiDocument = openApiDocument;
    }

    @Override
    void perform(String baseUrl) throws IOException, InterruptedException {
        long started = System.nanoTime();
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
            var client = new Client(http, baseUrl);
            train(client, samplePdf(), openApiDocument);
            log.info("training run: {} requests in {} ms", client.requests,
                    (System.nanoTime() - started) / 1_000_000);
        }
    }

    @Override
    String failure() {
        return "training run failed";
    }

    private static void train(Client c, byte[] pdf, OpenApiDocumentCache openApiDocument)
            throws IOException, InterruptedException {
        c.get("/health");
        String document = c.get("/openapi.json");
        if (!openApiDocument.serving()) {
            // kept beside the application (bin/aot-cache points the cache there), so the package serves it at once
            openApiDocument.store(document.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    c.base + "/openapi.json");
        }
        c.get("/api/v1/profiles");
        c.get("/api/v1/check-names");
        List<String> jobs = new ArrayList<>();
        // enough jobs and reads that their paths reach the top tier here: a production node then compiles them
        // from the cache's profiles on its first requests instead of after its first thousands
        for (int i = 0; i < 48; i++) {
            jobs.add(c.submit(pdf, Map.of("preflight_source", "engine")));
        }
        jobs.add(c.submit(pdf, Map.of("profile_id", "gwg2022-sheetcmyk-cmyk")));
        jobs.add(c.submit(pdf, Map.of("preflight_source", "minimal")));
        for (int round = 0; round < 40; round++) {
            for (String id : jobs) {
                c.get("/api/v1/jobs/" + id);
            }
        }
        c.get("/api/v1/jobs");
        String job = jobs.get(0);
        c.get("/api/v1/viewer/jobs/" + job + "/pages");
        c.get("/api/v1/viewer/jobs/" + job + "/config");
        c.get("/api/v1/viewer/jobs/" + job + "/pages/1/tile?dpi=72");
        c.get("/api/v1/jobs/" + job + "/state");
        c.post("/api/v1/jobs/" + job + "/reports", "{\"formats\":[\"json\",\"html\"]}");
    }

    /** One A4 page with text in a standard font, an RGB image and a CMYK rectangle: the usual suspects. */
    static byte[] samplePdf() throws IOException {
        try (var doc = new PDDocument(); var out = new ByteArrayOutputStream()) {
            var page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            var image = new BufferedImage(64, 64, BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < 64; y++) {
                for (int x = 0; x < 64; x++) {
                    image.setRGB(x, y, (x * 4) << 16 | (y * 4) << 8 | 128);
                }
            }
            try (var cs = new PDPageContentStream(doc, page)) {
                cs.beginText();
                cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                cs.newLineAtOffset(72, 760);
                cs.showText("Preflight training page");
                cs.endText();
                cs.drawImage(LosslessFactory.createFromImage(doc, image), 72, 500, 144, 144);
                cs.setNonStrokingColor(0.1f, 0.9f, 0.2f, 0.05f);
                cs.addRect(300, 500, 200, 100);
                cs.fill();
            }
            doc.save(out);
            return out.toByteArray();
        }
    }

    /** Plain HTTP calls that must all succeed. */
    private static final class Client {

        private final HttpClient http;
        private final String base;
        private int requests;

        Client(HttpClient http, String base) {
            this.http = http;
            this.base = base;
        }

        String get(String path) throws IOException, InterruptedException {
            return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
        }

        String post(String path, String json) throws IOException, InterruptedException {
            return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json)));
        }

        String submit(byte[] pdf, Map<String, String> fields) throws IOException, InterruptedException {
            String boundary = UUID.randomUUID().toString();
            var body = new ByteArrayOutputStream();
            for (var f : fields.entrySet()) {
                body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + f.getKey()
                        + "\"\r\n\r\n" + f.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; "
                    + "filename=\"training.pdf\"\r\nContent-Type: application/pdf\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            body.writeBytes(pdf);
            body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
            String answer = send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs?wait=120"))
                    .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
            Matcher m = JOB_ID.matcher(answer);
            if (!m.find()) {
                throw new IOException("no job_id in " + answer);
            }
            return m.group(1);
        }

        private String send(HttpRequest.Builder request) throws IOException, InterruptedException {
            requests++;
            HttpResponse<String> r = http.send(request.timeout(Duration.ofMinutes(2)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw new IOException(r.request().method() + " " + r.request().uri().getPath() + " answered "
                        + r.statusCode() + ": " + r.body());
            }
            return r.body();
        }
    }

    /**
     * Isolates a training run from whatever the environment configures (a production database, a fixed port, auth
     * keys): these settings take precedence over every other source, and only when the training property is set.
     */
    static final class Isolation implements EnvironmentPostProcessor {

        @Override
        public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
            String dir = environment.getProperty(PROPERTY);
            if (!requested(dir)) {
                return;
            }
            isolate(environment, "trainingRun", "training", Path.of(dir), Map.of(
                    "preflight.tenancy.auth-mode", "none",
                    "preflight.viewer.warm-tiles", "false",
                    "preflight.platform.clamd.address", ""));
        }
    }
}
