package dev.preflight.cli;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The real server (server/target/preflight.jar) as a child process on a free loopback port with its own data
 * directory and embedded H2, in api-key mode with an admin token; its log goes to target/cli-test/server-&lt;id&gt;/.
 * The tests talk to it only over HTTP: through the command line, and here to make tenants and read jobs back.
 */
final class TestServer implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Process process;
    private final Path log;
    private final HttpClient http = HttpClient.newHttpClient();
    final String url;
    private final String adminToken;

    private TestServer(Process process, Path log, String url, String adminToken) {
        this.process = process;
        this.log = log;
        this.url = url;
        this.adminToken = adminToken;
    }

    static TestServer start() throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("preflight.server.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " does not exist: build the server module first (./mvnw verify)");
        }
        Path data = Files.createDirectories(Path.of(System.getProperty("preflight.work.dir"), "server-" + UUID.randomUUID()));
        Path log = data.resolve("server.log");
        int port;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        String token = "cli-test-admin-" + UUID.randomUUID();
        var builder = new ProcessBuilder(System.getProperty("preflight.java"), "-Xmx1g", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-jar", jar.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PREFLIGHT_"));
        builder.environment().put("SERVER_PORT", Integer.toString(port));
        builder.environment().put("PREFLIGHT_DATA_DIR", data.toString());
        builder.environment().put("PREFLIGHT_AUTH_MODE", "api-key");
        builder.environment().put("PREFLIGHT_ADMIN_TOKEN", token);
        var server = new TestServer(builder.start(), log, "http://127.0.0.1:" + port, token);
        try {
            server.awaitReady();
            return server;
        } catch (RuntimeException | InterruptedException e) {
            server.close();
            throw e;
        }
    }

    private void awaitReady() throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(180);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                var r = http.send(HttpRequest.newBuilder(URI.create(url + "/ready")).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the server was not ready within 180 s:\n" + logTail());
    }

    /** A new tenant on the plan and a live key of it. */
    String newKey(String plan) throws IOException, InterruptedException {
        JsonNode tenant = send("POST", "/admin/tenants", adminToken, "{\"name\":\"CLI test\",\"plan\":\"" + plan + "\"}");
        return send("POST", "/admin/tenants/" + tenant.get("id").asString() + "/api-keys", adminToken,
                "{\"mode\":\"live\"}").get("key").asString();
    }

    JsonNode get(String path, String key) throws IOException, InterruptedException {
        return send("GET", path, key, null);
    }

    private JsonNode send(String method, String path, String token, String body) throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(URI.create(url + path)).header("Authorization", "Bearer " + token)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        var r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() >= 300) {
            throw new IllegalStateException(method + " " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
