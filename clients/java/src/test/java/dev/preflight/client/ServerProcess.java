package dev.preflight.client;

import dev.preflight.client.api.HealthApi;
import dev.preflight.client.model.Readiness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The real server (server/target/preflight.jar) as a child process: a free loopback port, its own data directory,
 * api-key auth with an admin token. When PREFLIGHT_TEST_DATABASE_URL (+ _USER, _PASSWORD) is set, the child uses
 * that database, so the same test runs on PostgreSQL; otherwise its embedded H2 in the data directory. Its output
 * goes to target/client-test/server-&lt;id&gt;/server.log (and its tail into the failure when it does not start).
 * {@link #close()} stops it; a shutdown hook stops it too if the test JVM ends first.
 */
final class ServerProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final Process process;
    private final Path log;
    private final Thread reaper;
    final String baseUri;
    final String adminToken;

    private ServerProcess(Process process, Path log, String baseUri, String adminToken) {
        this.process = process;
        this.log = log;
        this.baseUri = baseUri;
        this.adminToken = adminToken;
        this.reaper = new Thread(process::destroyForcibly, "preflight-child-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
    }

    private static ServerProcess shared;

    /**
     * One server for all the test classes of this JVM (each works in tenants of its own; a start takes seconds),
     * stopped as {@link #close()} does when the JVM ends.
     */
    static synchronized ServerProcess shared() throws IOException, InterruptedException {
        if (shared == null || !shared.process.isAlive()) {
            ServerProcess started = start();
            Runtime.getRuntime().removeShutdownHook(started.reaper);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (InterruptedException e) {
                    started.process.destroyForcibly();
                }
            }, "preflight-shared-server-stop"));
            shared = started;
        }
        return shared;
    }

    /** Starts the jar on the suite's database; returns once GET /ready (through the generated client) says ready. */
    static ServerProcess start() throws IOException, InterruptedException {
        return start(Map.of(), true);
    }

    /**
     * Starts the jar with {@code settings} added to its environment, on the suite's database when
     * {@code suiteDatabase} (otherwise on an H2 database in its own data directory), and returns once it is ready.
     */
    static ServerProcess start(Map<String, String> settings, boolean suiteDatabase)
            throws IOException, InterruptedException {
        Path jar = Path.of(required("preflight.server.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " does not exist: build the server module first (./mvnw verify)");
        }
        Path dataDir = Files.createDirectories(Path.of(required("preflight.work.dir")))
                .resolve("server-" + UUID.randomUUID());
        Files.createDirectories(dataDir);
        Path log = dataDir.resolve("server.log");
        int port = freePort();
        String token = "client-test-admin-" + UUID.randomUUID();

        // C1 only: the child lives for seconds, and Spring's start-up dominates them.
        var command = List.of(required("preflight.java"), "-Xmx1g", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-jar", jar.toString());
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        // The database is the one this test names: an outer PREFLIGHT_DATABASE_URL must not leak into the child.
        env.keySet().removeIf(k -> k.startsWith("PREFLIGHT_DATABASE_"));
        env.put("SERVER_PORT", Integer.toString(port));
        env.put("PREFLIGHT_DATA_DIR", dataDir.toString());
        env.put("PREFLIGHT_AUTH_MODE", "api-key");
        env.put("PREFLIGHT_ADMIN_TOKEN", token);
        env.putAll(settings);
        String database = System.getenv("PREFLIGHT_TEST_DATABASE_URL");
        if (suiteDatabase && database != null && !database.isBlank()) {
            env.put("PREFLIGHT_DATABASE_URL", database);
            env.put("PREFLIGHT_DATABASE_USER", System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_USER", ""));
            env.put("PREFLIGHT_DATABASE_PASSWORD",
                    System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_PASSWORD", ""));
        }

        var server = new ServerProcess(builder.start(), log, "http://127.0.0.1:" + port, token);
        try {
            server.awaitReady();
            return server;
        } catch (InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private void awaitReady() throws InterruptedException {
        ApiClient probe = client();
        probe.setReadTimeout(10_000);
        var health = new HealthApi(probe);
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        String last = "no answer yet";
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                Readiness r = health.ready();
                if (r.getStatus() == Readiness.StatusEnum.READY) {
                    return;
                }
                last = r.toString();
            } catch (ApiException e) {
                last = e.getCode() == 0 ? String.valueOf(e.getCause()) : e.getCode() + " " + e.getResponseBody();
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the server was not ready within " + START_TIMEOUT + " (" + last + "):\n"
                + logTail());
    }

    /** A client of this server with no credentials. */
    ApiClient client() {
        return new ApiClient().setBasePath(baseUri);
    }

    /** Everything the server has logged so far. */
    String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(reaper);
        } catch (IllegalStateException shuttingDown) {
            // The hook runs anyway.
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set (the module's surefire "
                    + "configuration sets it)");
        }
        return value;
    }
}
