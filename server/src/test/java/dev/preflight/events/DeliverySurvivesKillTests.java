package dev.preflight.events;

import dev.preflight.support.Api;
import dev.preflight.support.HttpsReceiver;
import dev.preflight.support.SamplePdfs;
import dev.preflight.support.TestTls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static dev.preflight.support.HttpsReceiver.event;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outbox survives a crash: a server process (a separate JVM running the application's own classpath) completes a
 * job, is killed with SIGKILL after the commit and before the delivery, and a fresh process on the same database
 * delivers {@code job.completed} exactly once. The window is made deterministic with
 * {@code preflight.events.dispatch-delay} on the first process. Runs on H2 (a file database) or, when
 * PREFLIGHT_TEST_DATABASE_URL names PostgreSQL, on a fresh PostgreSQL database of its own (the suite's database is
 * shared with the in-JVM test contexts, whose schedulers would otherwise take the work).
 */
class DeliverySurvivesKillTests {

    private static final String ADMIN = "kill-test-admin";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<Process> processes = new ArrayList<>();
    private final Map<Process, Path> logs = new java.util.HashMap<>();
    private Path dir;
    private String pgDatabase;
    private String pgBaseUrl;
    private HttpsReceiver receiver;

    @AfterEach
    void cleanUp() throws Exception {
        for (Process p : processes) {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        if (receiver != null) {
            receiver.close();
        }
        if (pgDatabase != null) {
            try (Connection c = pg(pgBaseUrl)) {
                c.createStatement().execute("DROP DATABASE IF EXISTS " + pgDatabase + " WITH (FORCE)");
            }
        }
        if (dir != null && Files.exists(dir)) {
            try (var walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aJobCompletedBeforeAKill9IsDeliveredOnceAfterRestart() throws Exception {
        dir = Files.createDirectories(Path.of("target", "kill-test-" + UUID.randomUUID()).toAbsolutePath());
        receiver = HttpsReceiver.https();
        String databaseUrl = database();
        int port = freePort();

        Process first = start(port, databaseUrl, "10s", "first");
        awaitHealthy(port, first);
        var api = new Api(port);
        var tenant = api.postJson("/admin/tenants", ADMIN, Map.of("name", "Kill test", "plan", "growth"));
        assertThat(tenant.status()).as(tenant.text()).isEqualTo(201);
        String tenantId = tenant.json().get("id").asString();
        String key = api.postJson("/admin/tenants/" + tenantId + "/api-keys", ADMIN, Map.of("mode", "test")).json()
                .get("key").asString();
        var hook = api.postJson("/api/v1/webhooks", key, Map.of("url", receiver.url("/after-crash")));
        assertThat(hook.status()).as(hook.text()).isEqualTo(200);
        String secret = api.get("/api/v1/webhooks/" + hook.json().get("id").asString() + "/signing-secret", key)
                .json().get("signing_secret").asString();

        var submitted = api.postForm("/api/v1/jobs?wait=60", key, Api.form()
                .file("file", "crash.pdf", SamplePdfs.clean().bytes()).field("preflight_source", "minimal"));
        assertThat(submitted.status()).as(submitted.text()).isEqualTo(200);
        assertThat(submitted.json().get("status").asString()).isEqualTo("completed");
        String jobId = submitted.json().get("job_id").asString();

        // Committed: the job, its outbox row and the dispatch, due in 10 s. Kill the process now, before delivery.
        first.destroyForcibly();
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).isEqualTo(137);
        assertThat(receiver.received()).isEmpty();

        Process second = start(port, databaseUrl, "0s", "second");
        awaitHealthy(port, second);
        // The commit survived the kill: the restarted server has the job completed.
        var afterRestart = api.get("/api/v1/jobs/" + jobId, key);
        assertThat(afterRestart.status()).as(afterRestart.text()).isEqualTo(200);
        assertThat(afterRestart.json().get("status").asString()).isEqualTo("completed");
        HttpsReceiver.Received got;
        try {
            got = receiver.await(event("job.completed"), 1, Duration.ofSeconds(120)).get(0);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; second server's log: " + log(second), e);
        }
        assertThat(receiver.received()).hasSize(1);
        JsonNode body = JSON.readTree(got.body());
        assertThat(body.get("job_id").asString()).isEqualTo(jobId);
        assertThat(got.header("X-Service-Signature")).isEqualTo("sha256=" + hmacHex(secret, got.body()));

        var deliveries = api.get("/api/v1/webhooks/deliveries", key).json();
        assertThat(deliveries.get("total").asInt()).isEqualTo(1);
        String deliveryId = deliveries.get("deliveries").get(0).get("id").asString();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        JsonNode d;
        do {
            d = api.get("/api/v1/webhooks/deliveries/" + deliveryId, key).json();
        } while (!d.get("success").asBoolean() && System.nanoTime() < deadline);
        assertThat(d.get("success").asBoolean()).isTrue();
        assertThat(d.get("attempt_count").asInt()).isEqualTo(1);
        assertThat(d.get("payload").asString()).isEqualTo(got.text());

        // Exactly once, for good: stopped, the server leaves the event dispatched, no dispatch of it and no delivery
        // still to run, and one delivery of it, so nothing more can ever arrive.
        second.destroy();
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).as("the second server stops on SIGTERM").isTrue();
        // in order: its running work handed back before the database closes (on H2 too, whose own shutdown hook
        // would close it first)
        assertThat(log(second)).doesNotContain("Failed to stop bean").doesNotContain("already closed");
        String eventId = body.get("event_id").asString();
        try (Connection c = databaseOfTheServers(databaseUrl)) {
            assertThat(count(c, "SELECT count(*) FROM event_outbox WHERE id = ? AND dispatched_at IS NOT NULL",
                    eventId)).isEqualTo(1);
            assertThat(count(c, "SELECT count(*) FROM event_tasks WHERE task_name = 'dispatch-event' "
                    + "AND task_instance = ?", eventId)).isZero();
            assertThat(count(c, "SELECT count(*) FROM event_tasks WHERE task_name = 'deliver-webhook'")).isZero();
            assertThat(count(c, "SELECT count(*) FROM webhook_deliveries WHERE event_id = ?", eventId)).isEqualTo(1);
        }
        assertThat(receiver.received()).hasSize(1);
    }

    /** The servers' own database once they are stopped: their H2 file, or their PostgreSQL database. */
    private Connection databaseOfTheServers(String databaseUrl) throws SQLException {
        return databaseUrl == null
                ? DriverManager.getConnection("jdbc:h2:file:" + dir.resolve("data").resolve("db").resolve("preflight"),
                "sa", "")
                : pg(databaseUrl);
    }

    private static int count(Connection c, String sql, String... params) throws SQLException {
        try (var statement = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                statement.setString(i + 1, params[i]);
            }
            try (var rs = statement.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** A server JVM on the application's classpath (the test classes left out). */
    private Process start(int port, String databaseUrl, String dispatchDelay, String name) throws IOException {
        String classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.replace('\\', '/').endsWith("/test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
        String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // C1 only and the serial collector: the process lives for one small job, so start-up is what counts.
        var command = new ArrayList<>(List.of(java, "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Djava.awt.headless=true", "-cp", classpath,
                "dev.preflight.PreflightApplication",
                "--server.port=" + port,
                "--preflight.platform.data-dir=" + dir.resolve("data"),
                "--preflight.tenancy.auth-mode=api-key",
                "--preflight.tenancy.admin-token=" + ADMIN,
                "--preflight.webhooks.allow-private-networks=true",
                "--preflight.webhooks.trust-store=" + TestTls.trustStore(),
                "--preflight.webhooks.trust-store-password=" + TestTls.PASSWORD,
                "--preflight.events.dispatch-delay=" + dispatchDelay,
                "--preflight.events.polling-interval=200ms",
                "--db-scheduler.polling-interval=200ms",
                "--db-scheduler.heartbeat-interval=1s",
                "--logging.level.root=WARN",
                // The test's client fetches /openapi.json from the first process itself, and the contract is the
                // same for the second: no document built in the background, competing with the delivery.
                "--preflight.platform.openapi-warmup=false"));
        if (databaseUrl != null) {
            command.add("--spring.datasource.url=" + databaseUrl);
        }
        if (pgDatabase != null) {
            command.add("--spring.datasource.username=" + pgUser());
            command.add("--spring.datasource.password=" + pgPassword());
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile()).start();
        processes.add(p);
        logs.put(p, dir.resolve(name + ".log"));
        return p;
    }

    private void awaitHealthy(int port, Process p) throws Exception {
        var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new AssertionError("server exited: " + log(p));
            }
            try {
                var r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(250);
        }
        throw new AssertionError("server did not become healthy: " + log(p));
    }

    private String log(Process p) throws IOException {
        Path log = logs.get(p);
        if (log == null || !Files.exists(log)) {
            return "(no log)";
        }
        String s = Files.readString(log);
        return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
    }

    /**
     * A database for the two server processes alone: on PostgreSQL a fresh database; else null, so that they use
     * the product's default (an H2 file database in their data directory).
     */
    private String database() throws SQLException {
        String url = System.getenv("PREFLIGHT_TEST_DATABASE_URL");
        if (url != null && url.startsWith("jdbc:postgresql:")) {
            pgBaseUrl = url;
            pgDatabase = "preflight_kill_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
            try (Connection c = pg(url)) {
                c.createStatement().execute("CREATE DATABASE " + pgDatabase);
            }
            int slash = url.lastIndexOf('/');
            int query = url.indexOf('?', slash);
            return url.substring(0, slash + 1) + pgDatabase + (query > 0 ? url.substring(query) : "");
        }
        return null;
    }

    private static Connection pg(String url) throws SQLException {
        return DriverManager.getConnection(url, pgUser(), pgPassword());
    }

    private static String pgUser() {
        String u = System.getenv("PREFLIGHT_TEST_DATABASE_USER");
        return u == null ? "postgres" : u;
    }

    private static String pgPassword() {
        String p = System.getenv("PREFLIGHT_TEST_DATABASE_PASSWORD");
        return p == null ? "" : p;
    }

    private static int freePort() throws IOException {
        try (var s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String hmacHex(String secret, byte[] message) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(message));
    }
}
