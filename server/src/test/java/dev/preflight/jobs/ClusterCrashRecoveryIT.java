package dev.preflight.jobs;

import dev.preflight.support.Api;
import dev.preflight.support.EmbeddedS3;
import dev.preflight.support.SamplePdfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two real server processes on one PostgreSQL database (a fresh one, made and dropped here) and one object store
 * (the test JVM's s3proxy). Jobs are submitted to both; one node is killed with {@code kill -9} while it analyses, and the other
 * must finish every job exactly once: one completed state, one findings set, one {@code job.completed} event per
 * job, and attempt records that show which jobs ran twice and where. Then a node is stopped with SIGTERM and its
 * unfinished jobs must be handed over without waiting for the dead-node detection. The measured times are printed
 * (and recorded in docs/benchmarks.md).
 * <p>
 * Needs PostgreSQL: {@code bin/test} runs it in its PostgreSQL pass (PREFLIGHT_TEST_DATABASE_URL); on H2 it is
 * skipped, since separate processes cannot share an embedded database.
 */
class ClusterCrashRecoveryIT {

    private static final String ADMIN = "cluster-admin-" + UUID.randomUUID();
    private static final Duration HEARTBEAT = Duration.ofSeconds(3);
    private static final int MISSED_HEARTBEATS = 4;
    /** Dead after heartbeat x limit, noticed at the next check (every two heartbeats), picked at the next poll. */
    private static final Duration REVIVAL_BOUND = HEARTBEAT.multipliedBy(MISSED_HEARTBEATS + 2).plusSeconds(2);

    private static String adminUrl;
    private static String database;
    private static String databaseUrl;
    private static String user;
    private static Path dataDir;
    private static Map<String, String> blobEnv = Map.of();
    private static final List<ClusterNode> nodes = new ArrayList<>();

    private static final String NEEDS_POSTGRESQL = "ClusterCrashRecoveryIT skipped: it needs PostgreSQL "
            + "(PREFLIGHT_TEST_DATABASE_URL=jdbc:postgresql://...), since several server processes cannot share the "
            + "embedded H2 database. bin/test runs it in its PostgreSQL pass.";

    private static boolean onPostgresql() {
        String url = System.getenv("PREFLIGHT_TEST_DATABASE_URL");
        return url != null && url.startsWith("jdbc:postgresql:");
    }

    @BeforeAll
    static void freshDatabase() throws Exception {
        if (!onPostgresql()) {
            System.out.println(NEEDS_POSTGRESQL);
            return;
        }
        String url = System.getenv("PREFLIGHT_TEST_DATABASE_URL");
        user = System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_USER", "postgres");
        int slash = url.lastIndexOf('/');
        adminUrl = url.substring(0, slash + 1) + "postgres";
        database = "preflight_cluster_" + Long.toHexString(System.nanoTime());
        databaseUrl = url.substring(0, slash + 1) + database;
        try (Connection c = admin()) {
            c.createStatement().execute("CREATE DATABASE " + database);
        }
        dataDir = Files.createDirectories(Path.of("target", "cluster-it", database)).toAbsolutePath();
        // One object store for all nodes, as in production: the s3proxy of the test JVM, a bucket of this run.
        EmbeddedS3 s3 = EmbeddedS3.shared();
        String bucket = database.replace('_', '-');
        s3.createBucket(bucket);
        blobEnv = Map.of("PREFLIGHT_BLOB_STORE", "s3", "PREFLIGHT_S3_ENDPOINT", s3.endpoint().toString(),
                "PREFLIGHT_S3_BUCKET", bucket, "PREFLIGHT_S3_REGION", EmbeddedS3.REGION,
                "PREFLIGHT_S3_ACCESS_KEY", EmbeddedS3.ACCESS_KEY, "PREFLIGHT_S3_SECRET_KEY", EmbeddedS3.SECRET_KEY,
                "PREFLIGHT_S3_PATH_STYLE", "true");
    }

    @BeforeEach
    void requirePostgresql() {
        assumeTrue(onPostgresql(), NEEDS_POSTGRESQL);
    }

    @AfterEach
    void stopNodes() throws Exception {
        for (ClusterNode n : nodes) {
            n.close();
        }
        nodes.clear();
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        if (database != null) {
            try (Connection c = admin()) {
                c.createStatement().execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            }
        }
    }

    private static Connection admin() throws SQLException {
        return DriverManager.getConnection(adminUrl, user,
                System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_PASSWORD", ""));
    }

    private static Connection db() throws SQLException {
        return DriverManager.getConnection(databaseUrl, user,
                System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_PASSWORD", ""));
    }

    private static ClusterNode node(String name, Map<String, String> env) throws Exception {
        var all = new HashMap<String, String>(blobEnv);
        all.putAll(env);
        all.put("PREFLIGHT_HEARTBEAT_INTERVAL", HEARTBEAT.toSeconds() + "s");
        all.put("PREFLIGHT_MISSED_HEARTBEATS", Integer.toString(MISSED_HEARTBEATS));
        all.put("PREFLIGHT_WORKER_THREADS", "2");
        // Its own data directory (scratch space, node-local copies of objects), kept across a restart.
        ClusterNode n = ClusterNode.start(name, Files.createDirectories(dataDir.resolve(name)), databaseUrl, user,
                ADMIN, all);
        nodes.add(n);
        return n;
    }

    /**
     * Many pages with images: several seconds of analysis each, long enough to be killed in the middle (12 pages took
     * under 2 s on a quiet machine, and a job could finish between seeing it run and killing its node).
     */
    private static byte[] slowPdf() {
        return SamplePdfs.clean().pages(36).rgbImage(900, 150).bytes();
    }

    @Test
    void killedNodesJobsAreFinishedByTheOtherExactlyOnceAndAStoppingNodeHandsItsJobsOver() throws Exception {
        ClusterNode a = node("node-a", Map.of());
        ClusterNode b = node("node-b", Map.of("PREFLIGHT_SHUTDOWN_MAX_WAIT", "1s"));
        Api apiA = new Api(a.port);
        Api apiB = new Api(b.port);
        String key = tenantKey(apiA);

        // --- kill -9 in the middle of analyses ---
        List<String> jobs = new ArrayList<>();
        byte[] pdf = slowPdf();
        for (int i = 0; i < 10; i++) {
            jobs.add(submit(i % 2 == 0 ? apiA : apiB, key, pdf));
        }
        List<String> runningOnB = awaitRunningOn("node-b", 2, Duration.ofSeconds(120));
        assertThat(pickedBy(runningOnB, "node-b")).as("the scheduler claims work under the node name")
                .isPositive();
        Instant killedAt = Instant.now();
        b.kill();
        System.out.printf("cluster-it: killed node-b (pid %d) while it ran %s%n", b.pid(), runningOnB);

        Duration revived = awaitReleased(runningOnB, "node-b", Duration.ofSeconds(120));
        Map<String, Instant> completedAt = awaitAllCompleted(apiA, key, jobs, Duration.ofSeconds(300));
        Duration worstRecovery = Duration.ZERO;
        for (String id : runningOnB) {
            Duration d = Duration.between(killedAt, completedAt.get(id));
            worstRecovery = d.compareTo(worstRecovery) > 0 ? d : worstRecovery;
        }
        Duration revivalWait = Duration.between(killedAt, firstAttemptAfter(runningOnB, "node-a"));
        System.out.printf("cluster-it: kill -9 -> node-b's executions revived (due again) after %d ms (bound %d s), "
                + "first restarted on node-a after %d ms (behind the jobs already queued there), all of them "
                + "completed after %d ms%n", revived.toMillis(), REVIVAL_BOUND.toSeconds(), revivalWait.toMillis(),
                worstRecovery.toMillis());
        assertThat(revived).isLessThanOrEqualTo(REVIVAL_BOUND);

        assertExactlyOnce(jobs);
        for (String id : runningOnB) {
            List<String[]> attempts = attempts(id);
            assertThat(attempts).as("attempts of " + id).hasSizeGreaterThanOrEqualTo(2);
            assertThat(attempts.getFirst()).containsExactly("node-b", "INTERRUPTED");
            assertThat(attempts.getLast()).containsExactly("node-a", "COMPLETED");
        }

        // --- SIGTERM: node-b again (same name: it finds nothing of its own left to take back), then stopped ---
        ClusterNode b2 = node("node-b", Map.of("PREFLIGHT_SHUTDOWN_MAX_WAIT", "1s"));
        Api apiB2 = new Api(b2.port);
        List<String> more = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            more.add(submit(i % 2 == 0 ? apiB2 : apiA, key, pdf));
        }
        List<String> runningOnB2 = awaitRunningOn("node-b", 1, Duration.ofSeconds(120));
        Instant termAt = Instant.now();
        Duration stopTook = b2.terminate(Duration.ofSeconds(60));
        Duration handedBack = Duration.between(termAt, Instant.now()).plus(
                awaitReleased(runningOnB2, "node-b", Duration.ofSeconds(5)));
        Map<String, Instant> moreCompleted = awaitAllCompleted(apiA, key, more, Duration.ofSeconds(300));
        System.out.printf("cluster-it: SIGTERM -> node-b exited after %d ms, its unfinished executions were free "
                + "again %d ms after the signal%n", stopTook.toMillis(), handedBack.toMillis());
        assertThat(handedBack).as("handed back at the stop, not left for the dead-node detection").isLessThan(
                HEARTBEAT.multipliedBy(MISSED_HEARTBEATS));
        assertExactlyOnce(more);
        for (String id : runningOnB2) {
            List<String[]> attempts = attempts(id);
            String first = attempts.getFirst()[1];
            assertThat(attempts.getFirst()[0]).isEqualTo("node-b");
            // Finished within the shutdown bound, or handed back and finished by node-a.
            if (!first.equals("COMPLETED")) {
                assertThat(first).isEqualTo("RELEASED");
                assertThat(attempts.getLast()).containsExactly("node-a", "COMPLETED");
            }
        }
        assertThat(moreCompleted).hasSize(more.size());
    }

    @Test
    void aNodeKilledAndRestartedUnderItsNameFinishesItsInterruptedJobsWithin15sOfTheRestart() throws Exception {
        ClusterNode solo = node("solo", Map.of());
        Api api = new Api(solo.port);
        String key = tenantKey(api);
        byte[] pdf = slowPdf();
        List<String> jobs = List.of(submit(api, key, pdf), submit(api, key, pdf));
        List<String> running = awaitRunningOn("solo", 1, Duration.ofSeconds(120));
        Instant killedAt = Instant.now();
        solo.kill();

        ClusterNode again = node("solo", Map.of());
        Instant readyAt = Instant.now();
        Map<String, Instant> completedAt = awaitAllCompleted(new Api(again.port), key, jobs, Duration.ofSeconds(300));
        assertExactlyOnce(jobs);
        for (String id : running) {
            List<String[]> attempts = attempts(id);
            assertThat(attempts.getFirst()[0]).isEqualTo("solo");
            assertThat(attempts.getFirst()[1]).isIn("RELEASED", "INTERRUPTED");
            assertThat(attempts.getLast()).containsExactly("solo", "COMPLETED");
            Duration analysis = completingAttemptDuration(id);
            Duration afterRestart = Duration.between(readyAt, completedAt.get(id));
            System.out.printf("cluster-it: kill -9 + restart of solo: back up (ready) %d ms after the kill; "
                    + "interrupted job completed %d ms after ready (its analysis took %d ms)%n",
                    Duration.between(killedAt, readyAt).toMillis(), afterRestart.toMillis(), analysis.toMillis());
            assertThat(afterRestart).isLessThanOrEqualTo(Duration.ofSeconds(15).plus(analysis));
        }
    }

    private static Duration completingAttemptDuration(String jobId) throws SQLException {
        try (Connection c = db(); var st = c.prepareStatement("SELECT started_at, ended_at FROM job_attempts "
                + "WHERE job_id = ? AND outcome = 'COMPLETED'")) {
            st.setString(1, jobId);
            try (var rs = st.executeQuery()) {
                rs.next();
                return Duration.between(rs.getObject(1, java.time.OffsetDateTime.class),
                        rs.getObject(2, java.time.OffsetDateTime.class));
            }
        }
    }

    private static String tenantKey(Api api) {
        var t = api.postJson("/admin/tenants", ADMIN, Map.of("name", "Cluster", "plan", "enterprise"));
        assertThat(t.status()).as(t.text()).isEqualTo(201);
        var k = api.postJson("/admin/tenants/" + t.json().get("id").asString() + "/api-keys", ADMIN,
                Map.of("mode", "test"));
        assertThat(k.status()).as(k.text()).isEqualTo(201);
        return k.json().get("key").asString();
    }

    private static String submit(Api api, String key, byte[] pdf) {
        var r = api.postForm("/api/v1/jobs", key, Api.form().file("file", "cluster.pdf", pdf));
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        return r.json().get("job_id").asString();
    }

    /** Waits until {@code node} has at least {@code count} attempts running; returns their job ids. */
    private static List<String> awaitRunningOn(String node, int count, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            var ids = new ArrayList<String>();
            try (Connection c = db(); var st = c.prepareStatement(
                    "SELECT job_id FROM job_attempts WHERE node = ? AND outcome = 'RUNNING'")) {
                st.setString(1, node);
                try (var rs = st.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
            }
            if (ids.size() >= count) {
                return ids;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(node + " never ran " + count + " jobs at once within " + timeout);
    }

    /** How many executions of these jobs are picked by {@code node}. */
    private static int pickedBy(List<String> jobIds, String node) throws SQLException {
        try (Connection c = db(); var st = c.prepareStatement("SELECT COUNT(*) FROM scheduled_tasks "
                + "WHERE task_name = 'process-job' AND picked = TRUE AND picked_by = ? AND task_instance = ANY (?)")) {
            st.setString(1, node);
            st.setArray(2, c.createArrayOf("varchar", jobIds.toArray()));
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /**
     * Waits until no execution of these jobs is picked by {@code node} any more (revived, handed back, or finished)
     * and returns how long that took.
     */
    private static Duration awaitReleased(List<String> jobIds, String node, Duration timeout) throws Exception {
        Instant t0 = Instant.now();
        Instant deadline = t0.plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (pickedBy(jobIds, node) == 0) {
                return Duration.between(t0, Instant.now());
            }
            Thread.sleep(100);
        }
        throw new AssertionError("executions of " + jobIds + " still picked by " + node + " after " + timeout);
    }

    /** Polls every job through the API until each is completed; returns when each was first seen completed. */
    private static Map<String, Instant> awaitAllCompleted(Api api, String key, List<String> ids, Duration timeout)
            throws InterruptedException {
        var done = new HashMap<String, Instant>();
        Instant deadline = Instant.now().plus(timeout);
        while (done.size() < ids.size()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("not completed within " + timeout + ": "
                        + ids.stream().filter(id -> !done.containsKey(id)).toList());
            }
            for (String id : ids) {
                if (done.containsKey(id)) {
                    continue;
                }
                var r = api.get("/api/v1/jobs/" + id, key);
                assertThat(r.status()).as(r.text()).isEqualTo(200);
                String status = r.json().get("status").asString();
                assertThat(status).as("job " + id).isIn("queued", "completed");
                if (status.equals("completed")) {
                    done.put(id, Instant.now());
                }
            }
            Thread.sleep(100);
        }
        return done;
    }

    /** When {@code node} started its first attempt of any of these jobs (database clock ~ ours: one machine). */
    private static Instant firstAttemptAfter(List<String> jobIds, String node) throws SQLException {
        try (Connection c = db(); var st = c.prepareStatement("SELECT MIN(started_at) FROM job_attempts "
                + "WHERE node = ? AND job_id = ANY (?)")) {
            st.setString(1, node);
            st.setArray(2, c.createArrayOf("varchar", jobIds.toArray()));
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getObject(1, java.time.OffsetDateTime.class).toInstant();
            }
        }
    }

    /** (node, outcome) of each attempt of a job, in order. */
    private static List<String[]> attempts(String jobId) throws SQLException {
        var out = new ArrayList<String[]>();
        try (Connection c = db(); var st = c.prepareStatement(
                "SELECT node, outcome FROM job_attempts WHERE job_id = ? ORDER BY attempt")) {
            st.setString(1, jobId);
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new String[] {rs.getString(1), rs.getString(2)});
                }
            }
        }
        return out;
    }

    /** One completed state, one findings set (no duplicate rows), one job.completed event and no job.failed. */
    private static void assertExactlyOnce(List<String> jobIds) throws SQLException {
        try (Connection c = db()) {
            for (String id : jobIds) {
                try (var st = c.prepareStatement("SELECT status, total_findings, "
                        + "(SELECT COUNT(*) FROM findings f WHERE f.job_id = j.id), "
                        + "(SELECT COUNT(DISTINCT seq) FROM findings f WHERE f.job_id = j.id), "
                        + "(SELECT COUNT(*) FROM event_outbox e WHERE e.event_type = 'job.completed' "
                        + "AND e.body LIKE ?), "
                        + "(SELECT COUNT(*) FROM event_outbox e WHERE e.event_type = 'job.failed' AND e.body LIKE ?), "
                        + "(SELECT COUNT(*) FROM job_attempts a WHERE a.job_id = j.id AND a.outcome = 'COMPLETED') "
                        + "FROM jobs j WHERE j.id = ?")) {
                    st.setString(1, "%" + id + "%");
                    st.setString(2, "%" + id + "%");
                    st.setString(3, id);
                    try (var rs = st.executeQuery()) {
                        assertThat(rs.next()).as("job " + id).isTrue();
                        assertThat(rs.getString(1)).as("status of " + id).isEqualTo("COMPLETED");
                        assertThat(rs.getInt(3)).as("findings of " + id).isEqualTo(rs.getInt(2));
                        assertThat(rs.getInt(4)).as("distinct findings of " + id).isEqualTo(rs.getInt(2));
                        assertThat(rs.getInt(5)).as("job.completed events of " + id).isEqualTo(1);
                        assertThat(rs.getInt(6)).as("job.failed events of " + id).isZero();
                        assertThat(rs.getInt(7)).as("completing attempts of " + id).isEqualTo(1);
                    }
                }
            }
        }
    }

    static {
        try {
            Class.forName("org.postgresql.Driver");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
