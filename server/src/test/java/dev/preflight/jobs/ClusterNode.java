package dev.preflight.jobs;

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
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One real server node for the cluster tests: {@code server/target/preflight.jar} as a child process on a free
 * loopback port, with its own node name, on a database and a data directory (blob store) shared with the other
 * nodes. {@link #kill()} is {@code kill -9}; {@link #terminate()} is SIGTERM. Output goes to {@code <name>.log} in
 * the shared directory.
 */
final class ClusterNode implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);

    final String name;
    final int port;
    final String baseUri;
    private final Process process;
    private final Path log;

    private ClusterNode(String name, int port, Process process, Path log) {
        this.name = name;
        this.port = port;
        this.baseUri = "http://127.0.0.1:" + port;
        this.process = process;
        this.log = log;
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "cluster-node-reaper-" + name));
    }

    /** Starts a node and returns once its GET /ready answers 200. */
    static ClusterNode start(String name, Path dataDir, String databaseUrl, String databaseUser, String adminToken,
                             Map<String, String> extraEnv) throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("preflight.server.jar", "target/preflight.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " does not exist: package the server first");
        }
        int port = freePort();
        Path log = dataDir.resolve(name + ".log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var builder = new ProcessBuilder(List.of(java, "-Xmx768m", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-jar", jar.toString()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("PREFLIGHT_"));
        env.put("SERVER_PORT", Integer.toString(port));
        env.put("PREFLIGHT_NODE_NAME", name);
        env.put("PREFLIGHT_DATA_DIR", dataDir.toString());
        env.put("PREFLIGHT_DATABASE_URL", databaseUrl);
        env.put("PREFLIGHT_DATABASE_USER", databaseUser);
        env.put("PREFLIGHT_DATABASE_PASSWORD", System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_PASSWORD", ""));
        env.put("PREFLIGHT_AUTH_MODE", "api-key");
        env.put("PREFLIGHT_ADMIN_TOKEN", adminToken);
        env.put("PREFLIGHT_VIEWER_WARM_TILES", "false");
        env.putAll(extraEnv);
        var node = new ClusterNode(name, port, builder.start(), log);
        node.awaitReady();
        return node;
    }

    private void awaitReady() throws InterruptedException {
        var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        String last = "no answer";
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                var r = http.send(HttpRequest.newBuilder(URI.create(baseUri + "/ready"))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
                last = r.statusCode() + " " + r.body();
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(name + " not ready within " + START_TIMEOUT + " (" + last + "):\n" + logTail());
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** kill -9: no shutdown hook, no hand-back, heartbeats just stop. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, then waits for the process to end; returns how long that took. */
    Duration terminate(Duration bound) throws InterruptedException {
        Instant t0 = Instant.now();
        process.destroy();
        if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " did not stop within " + bound + " of SIGTERM:\n" + logTail());
        }
        return Duration.between(t0, Instant.now());
    }

    /** Everything the node (all its runs under this name) logged so far. */
    String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
