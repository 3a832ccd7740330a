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
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Real server processes ({@code server/target/preflight.jar}) on one PostgreSQL database (a fresh one, made and
 * dropped here) and one object store (the test JVM's s3proxy), as in production.
 * <ul>
 * <li>Three nodes, 200 jobs submitted round-robin over them; one node is killed with {@code kill -9} half-way through
 * while it analyses, and its remaining share goes to the other two. Every job must end completed exactly once: one
 * completed state, one findings set, one {@code job.completed} event, no {@code job.failed}, one completing attempt;
 * every node ran jobs (the killed one only before its kill); the killed node's executions are due again within the
 * dead-node bound and finished by the others. Then a second node is stopped with SIGTERM while it analyses and must
 * hand its jobs over without waiting for the dead-node detection, and without logging the hand-back as a failure.</li>
 * <li>One node killed and restarted under its name takes its interrupted jobs back at start-up (never left to the
 * dead-node detection) and finishes them within 15 s of the restart plus the analysis time.</li>
 * </ul>
 * The measured times are printed (and recorded in docs/benchmarks.md, "Several nodes").
 * <p>
 * Needs PostgreSQL: {@code bin/test} runs it in its PostgreSQL pass (PREFLIGHT_TEST_DATABASE_URL); on H2 it is
 * skipped, since separate processes cannot share an embedded database.
 */
class ClusterCrashRecoveryIT {

    private static final String ADMIN = "cluster-admin-" + UUID.randomUUID();
    /** The share-token key of every node (PREFLIGHT_TOKEN_KEY): nodes on one database must hold the same. */
    private static final String TOKEN_KEY = tokenKey();
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
    private static final List<ClusterNode> nodes = java.util.Collections.synchronizedList(new ArrayList<>());

    private static final String NEEDS_POSTGRESQL = "ClusterCrashRecoveryIT skipped: it needs PostgreSQL "
            + "(PREFLIGHT_TEST_DATABASE_URL=jdbc:postgresql://...), since several server processes cannot share the "
            + "embedded H2 database. bin/test runs it in its PostgreSQL pass.";

    private static String tokenKey() {
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key);
        return java.util.Base64.getEncoder().encodeToString(key);
    }

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
        for (ClusterNode n : List.copyOf(nodes)) {
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
        // Nodes on one database share one share-token key (each has a data directory of its own).
        all.put("PREFLIGHT_TOKEN_KEY", TOKEN_KEY);
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
    void threeNodesFinishTwoHundredJobsExactlyOnceWhenOneIsKilledMidwayAndAnotherIsStopped() throws Exception {
        Instant testStart = Instant.now();
        // Polling through the API would run into the per-key request limit, which is not what this tests.
        Map<String, String> env = Map.of("PREFLIGHT_RATE_LIMITS", "false", "PREFLIGHT_SHUTDOWN_MAX_WAIT", "1s");
        List<ClusterNode> started = startInParallel(List.of("node-a", "node-b", "node-c"), env);
        ClusterNode a = started.get(0);
        ClusterNode b = started.get(1);
        ClusterNode c = started.get(2);
        // One jar, one /openapi.json: node-a's answers are checked against it; generating it again on the other
        // nodes would cost each of them seconds of CPU on this test's shared cores.
        List<Api> apis = List.of(new Api(a.port), new Api(b.port).unchecked(), new Api(c.port).unchecked());
        String key = tenantKey(apis.get(0));
        Instant nodesReady = Instant.now();
        for (ClusterNode n : started) {
            // The packaged jar starts from the bean definitions its build wrote (platform.BuildTimeBeans), here on
            // PostgreSQL and the nodes' settings.
            assertThat(n.log()).as(n.name).contains("Starting AOT-processed PreflightApplication");
        }

        // --- 200 jobs spread over the three nodes; node-c is killed with kill -9 half-way through its share ---
        byte[] quick = SamplePdfs.clean().withoutTrimBox().bytes(); // one page, two findings
        byte[] slow = slowPdf();
        var kill = new KillMidway(c, apis, key);
        var jobs = new java.util.concurrent.atomic.AtomicReferenceArray<String>(JOBS);
        var submitters = new ArrayList<Thread>();
        var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
        for (int k = 0; k < 3; k++) {
            int node = k;
            Thread t = Thread.ofPlatform().name("submit-" + "abc".charAt(k)).start(() -> {
                try {
                    int nth = 0;
                    for (int i = node; i < JOBS; i += 3) {
                        jobs.set(i, node == 2 ? kill.submitToC(i, nth++, slow, quick, jobs)
                                : submit(apis.get(node), key, isSlow(i) ? slow : quick));
                    }
                    if (node == 2) {
                        kill.afterLastSubmission(jobs);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            submitters.add(t);
        }
        for (Thread t : submitters) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("submitting failed: " + failure.get(), failure.get());
        }
        var all = new ArrayList<String>();
        for (int i = 0; i < JOBS; i++) {
            all.add(jobs.get(i));
        }
        assertThat(kill.killedAt).as("node-c was killed").isNotNull();
        System.out.printf("cluster-it: 3 nodes ready %d ms after the start; node-c killed (pid %d) after %d of the "
                + "200 submissions, with %d jobs completed, holding %d execution(s) %s, %d of them mid-analysis%n",
                Duration.between(testStart, nodesReady).toMillis(), c.pid(), kill.submittedAtKill,
                kill.completedAtKill, kill.heldAtKill.size(), kill.heldAtKill, kill.runningAtKill.size());
        assertThat(kill.heldAtKill).as("executions node-c held when it was killed").isNotEmpty();
        assertThat(kill.runningAtKill).as("jobs node-c was analysing when it was killed").isNotEmpty();
        assertThat(kill.completedAtKill).as("killed mid-way").isPositive().isLessThan(JOBS);

        Duration revived = Duration.between(kill.killedAt, Instant.now()).plus(
                awaitReleased(kill.heldAtKill, "node-c", Duration.ofSeconds(120)));
        Map<String, Instant> completedAt = awaitCompletedInDatabase(all, Duration.ofSeconds(600));
        Instant restartedAt = firstAttemptAfter(kill.runningAtKill, "node-a", "node-b");
        Instant interruptedCompleted = kill.runningAtKill.stream().map(completedAt::get).max(Instant::compareTo)
                .orElseThrow();
        Map<String, int[]> perNode = attemptsPerNode(all);
        System.out.printf("cluster-it: 3 nodes, 200 jobs: all of node-c's executions due again %d ms after the kill "
                + "(bound %d s); its interrupted analyses restarted on another node after %d ms (the first) and "
                + "all completed after %d ms; all 200 completed %d ms after the kill; attempts (started/completed) "
                + "per node %s%n",
                revived.toMillis(), REVIVAL_BOUND.toSeconds(),
                Duration.between(kill.killedAt, restartedAt).toMillis(),
                Duration.between(kill.killedAt, interruptedCompleted).toMillis(),
                Duration.between(kill.killedAt, completedAt.values().stream().max(Instant::compareTo).orElseThrow())
                        .toMillis(), describe(perNode));
        assertThat(revived).as("dead node's executions due again").isLessThanOrEqualTo(REVIVAL_BOUND);

        assertExactlyOnce(all);
        for (int i = 0; i < JOBS; i++) {
            var r = apis.get(i % 2).get("/api/v1/jobs/" + all.get(i), key);
            assertThat(r.status()).as(r.text()).isEqualTo(200);
            assertThat(r.json().get("status").asString()).as("job " + all.get(i) + " through the API").isEqualTo(
                    "completed");
        }
        assertThat(perNode.keySet()).as("nodes that ran jobs").containsExactlyInAnyOrder("node-a", "node-b",
                "node-c");
        for (var e : perNode.entrySet()) {
            assertThat(e.getValue()[1]).as("jobs completed by " + e.getKey()).isPositive();
        }
        assertThat(lastAttemptStart("node-c")).as("node-c ran nothing after its kill").isBefore(kill.killedAt);
        for (String id : kill.heldAtKill) {
            List<String[]> attempts = attempts(id);
            if (Arrays.equals(attempts.getLast(), new String[] {"node-c", "COMPLETED"})) {
                // Finished in the instant before the kill, before db-scheduler removed its execution: the revived
                // execution found the job done and ran no second attempt.
                continue;
            }
            for (String[] attempt : attempts) {
                if (attempt[0].equals("node-c")) {
                    assertThat(attempt[1]).as("node-c's attempt of " + id).isEqualTo("INTERRUPTED");
                }
            }
            assertThat(attempts.getLast()[0]).as("last attempt of " + id).isIn("node-a", "node-b");
            assertThat(attempts.getLast()[1]).as("last attempt of " + id).isEqualTo("COMPLETED");
        }
        for (String id : kill.runningAtKill) {
            assertThat(attempts(id).getFirst()).as("attempts of " + id).containsExactly("node-c", "INTERRUPTED");
        }

        // --- SIGTERM: node-b stops while it analyses; its unfinished jobs are handed over at once ---
        List<String> more = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            more.add(submit(apis.get(1), key, slow));
        }
        List<String> runningOnB = awaitRunningOn("node-b", 1, Duration.ofSeconds(120));
        Instant termAt = Instant.now();
        Duration stopTook = b.terminate(Duration.ofSeconds(60));
        Duration handedBack = Duration.between(termAt, Instant.now()).plus(
                awaitReleased(runningOnB, "node-b", Duration.ofSeconds(5)));
        awaitCompletedInDatabase(more, Duration.ofSeconds(300));
        System.out.printf("cluster-it: SIGTERM -> node-b exited after %d ms, its unfinished executions were free "
                + "again %d ms after the signal; whole test %d ms%n", stopTook.toMillis(), handedBack.toMillis(),
                Duration.between(testStart, Instant.now()).toMillis());
        assertThat(handedBack).as("handed back at the stop, not left for the dead-node detection").isLessThan(
                HEARTBEAT.multipliedBy(MISSED_HEARTBEATS));
        assertThat(b.log()).as("a hand-back is logged as one line, not as a failed execution with a stack trace")
                .doesNotContain("JobProcessor$HandedBack").doesNotContain("Treating as failure");
        assertExactlyOnce(more);
        for (String id : runningOnB) {
            List<String[]> attempts = attempts(id);
            String first = attempts.getFirst()[1];
            assertThat(attempts.getFirst()[0]).isEqualTo("node-b");
            // Finished within the shutdown bound, or handed back and finished by node-a.
            if (!first.equals("COMPLETED")) {
                assertThat(first).isEqualTo("RELEASED");
                assertThat(attempts.getLast()).containsExactly("node-a", "COMPLETED");
            }
        }
    }

    private static final int JOBS = 200;

    /** Every 20th job is a slow one, so that a node is usually in the middle of an analysis. */
    private static boolean isSlow(int i) {
        return i % 20 == 10;
    }

    /**
     * node-c's share of the submissions, and its kill: once half of its share is submitted, node-c is killed as
     * soon as it is seen analysing a slow job, which lasts seconds, so it is still analysing when the signal lands.
     * A job submitted to a node usually runs there (the submission wakes that node's scheduler), but any node may
     * take it: should none of the later slow jobs have run on node-c, its last job is made a slow one too, and as a
     * last resort any job node-c runs will do. Submissions to node-c and the kill take turns, so that no submission
     * is cut off half-way; node-c's remaining jobs go to the two other nodes, as a load balancer would send them.
     */
    private static final class KillMidway {
        private final ClusterNode c;
        private final List<Api> apis;
        private final String key;
        volatile Instant killedAt;
        volatile int submittedAtKill;
        volatile int completedAtKill;
        volatile List<String> heldAtKill = List.of();
        volatile List<String> runningAtKill = List.of();

        KillMidway(ClusterNode c, List<Api> apis, String key) {
            this.c = c;
            this.apis = apis;
            this.key = key;
        }

        private final java.util.Set<String> slowIds = java.util.concurrent.ConcurrentHashMap.newKeySet();

        synchronized String submitToC(int i, int nth, byte[] slow, byte[] quick,
                                      java.util.concurrent.atomic.AtomicReferenceArray<String> jobs) throws Exception {
            if (killedAt == null && nth >= JOBS / 6) {
                killIf(jobs, true);
            }
            boolean last = i + 3 >= JOBS;
            boolean slowJob = isSlow(i) || (last && killedAt == null);
            String id = submit(apis.get(killedAt == null ? 2 : i % 2), key, slowJob ? slow : quick);
            if (slowJob) {
                slowIds.add(id);
            }
            return id;
        }

        synchronized void afterLastSubmission(java.util.concurrent.atomic.AtomicReferenceArray<String> jobs)
                throws Exception {
            Instant slowDeadline = Instant.now().plusSeconds(60);
            Instant deadline = slowDeadline.plusSeconds(60);
            while (killedAt == null && Instant.now().isBefore(deadline)) {
                if (!killIf(jobs, Instant.now().isBefore(slowDeadline))) {
                    Thread.sleep(50);
                }
            }
        }

        private boolean killIf(java.util.concurrent.atomic.AtomicReferenceArray<String> jobs, boolean slowOnly)
                throws Exception {
            var submitted = new ArrayList<String>();
            for (int i = 0; i < JOBS; i++) {
                String id = jobs.get(i);
                if (id != null) {
                    submitted.add(id);
                    if (isSlow(i)) {
                        slowIds.add(id);
                    }
                }
            }
            var slowSubmitted = List.copyOf(slowIds);
            if (runningAttempts("node-c", slowOnly ? slowSubmitted : submitted).isEmpty()) {
                return false;
            }
            c.kill();
            killedAt = Instant.now();
            submittedAtKill = submitted.size();
            completedAtKill = countCompleted(submitted);
            heldAtKill = pickedExecutions("node-c");
            runningAtKill = runningAttempts("node-c", null);
            return true;
        }
    }

    private static List<ClusterNode> startInParallel(List<String> names, Map<String, String> env) throws Exception {
        var pool = java.util.concurrent.Executors.newFixedThreadPool(names.size());
        try {
            var futures = new ArrayList<java.util.concurrent.Future<ClusterNode>>();
            for (String name : names) {
                futures.add(pool.submit(() -> node(name, env)));
            }
            var out = new ArrayList<ClusterNode>();
            for (var f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aNodeKilledAndRestartedUnderItsNameTakesBackItsJobsAtStartUpAndFinishesThemWithin15s() throws Exception {
        ClusterNode solo = node("solo", Map.of());
        Api api = new Api(solo.port);
        String key = tenantKey(api);
        byte[] pdf = slowPdf();
        List<String> jobs = List.of(submit(api, key, pdf), submit(api, key, pdf));
        awaitRunningOn("solo", 1, Duration.ofSeconds(120));
        solo.kill();
        Instant killedAt = Instant.now();
        List<String> held = pickedExecutions("solo");
        assertThat(held).as("executions the killed process held").isNotEmpty();

        ClusterNode again = node("solo", Map.of());
        Instant readyAt = Instant.now();
        Map<String, Instant> completedAt = awaitAllCompleted(new Api(again.port).unchecked(), key, jobs,
                Duration.ofSeconds(300));
        assertExactlyOnce(jobs);
        assertThat(again.log()).contains("took back");
        // The earlier process is dead, so its heartbeats only age: everything it left qualifies by two heartbeats
        // after the kill, or at once when the restart took longer. Never left for the dead-node detection.
        Instant takeBackBound = later(readyAt, killedAt.plus(HEARTBEAT.multipliedBy(2))).plusMillis(1500);
        for (String id : held) {
            List<String[]> attempts = attempts(id);
            if (attempts.getFirst()[1].equals("COMPLETED")) {
                continue; // its first attempt finished it: picked but not yet started by the killed process
            }
            assertThat(attempts.getFirst()).as("taken back at start-up").containsExactly("solo", "RELEASED");
            assertThat(attempts.getLast()).containsExactly("solo", "COMPLETED");
            Instant takenBack = attemptEnd(id, 1);
            Duration analysis = completingAttemptDuration(id);
            Duration afterRestart = Duration.between(readyAt, completedAt.get(id));
            System.out.printf("cluster-it: kill -9 + restart of solo: back up (ready) %d ms after the kill; job "
                    + "taken back %d ms after the kill, completed %d ms after ready (its analysis took %d ms)%n",
                    Duration.between(killedAt, readyAt).toMillis(), Duration.between(killedAt, takenBack).toMillis(),
                    afterRestart.toMillis(), analysis.toMillis());
            assertThat(takenBack).isBefore(takeBackBound);
            assertThat(afterRestart).isLessThanOrEqualTo(Duration.ofSeconds(15).plus(analysis));
        }
    }

    private static Instant later(Instant x, Instant y) {
        return x.isAfter(y) ? x : y;
    }

    /** When an attempt of a job ended. */
    private static Instant attemptEnd(String jobId, int attempt) throws SQLException {
        try (Connection c = db(); var st = c.prepareStatement(
                "SELECT ended_at FROM job_attempts WHERE job_id = ? AND attempt = ?")) {
            st.setString(1, jobId);
            st.setInt(2, attempt);
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getObject(1, java.time.OffsetDateTime.class).toInstant();
            }
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

    /** When any of {@code nodes} first started an attempt of these jobs (database clock ~ ours: one machine). */
    private static Instant firstAttemptAfter(List<String> jobIds, String... nodes) throws SQLException {
        try (Connection c = db(); var st = c.prepareStatement("SELECT MIN(started_at) FROM job_attempts "
                + "WHERE node = ANY (?) AND job_id = ANY (?)")) {
            st.setArray(1, c.createArrayOf("varchar", nodes));
            st.setArray(2, c.createArrayOf("varchar", jobIds.toArray()));
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getObject(1, java.time.OffsetDateTime.class).toInstant();
            }
        }
    }

    /** When {@code node} last started an attempt. */
    private static Instant lastAttemptStart(String node) throws SQLException {
        try (Connection c = db(); var st = c.prepareStatement(
                "SELECT MAX(started_at) FROM job_attempts WHERE node = ?")) {
            st.setString(1, node);
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getObject(1, java.time.OffsetDateTime.class).toInstant();
            }
        }
    }

    /** Per node: attempts started and attempts that completed a job, over these jobs. */
    private static Map<String, int[]> attemptsPerNode(List<String> jobIds) throws SQLException {
        var out = new java.util.TreeMap<String, int[]>();
        try (Connection c = db(); var st = c.prepareStatement("SELECT node, COUNT(*), "
                + "COUNT(*) FILTER (WHERE outcome = 'COMPLETED') FROM job_attempts WHERE job_id = ANY (?) "
                + "GROUP BY node")) {
            st.setArray(1, c.createArrayOf("varchar", jobIds.toArray()));
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), new int[] {rs.getInt(2), rs.getInt(3)});
                }
            }
        }
        return out;
    }

    private static String describe(Map<String, int[]> perNode) {
        var sb = new StringBuilder();
        perNode.forEach((node, n) -> sb.append(sb.isEmpty() ? "" : ", ").append(node).append(' ').append(n[0])
                .append('/').append(n[1]));
        return sb.toString();
    }

    /** Job ids of the attempts {@code node} is running, among these jobs (null: any). */
    private static List<String> runningAttempts(String node, List<String> jobIds) throws SQLException {
        var ids = new ArrayList<String>();
        try (Connection c = db(); var st = c.prepareStatement("SELECT job_id FROM job_attempts WHERE node = ? "
                + "AND outcome = 'RUNNING'" + (jobIds == null ? "" : " AND job_id = ANY (?)"))) {
            st.setString(1, node);
            if (jobIds != null) {
                st.setArray(2, c.createArrayOf("varchar", jobIds.toArray()));
            }
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    /** Job ids of the job executions picked by {@code node}. */
    private static List<String> pickedExecutions(String node) throws SQLException {
        var ids = new ArrayList<String>();
        try (Connection c = db(); var st = c.prepareStatement("SELECT task_instance FROM scheduled_tasks "
                + "WHERE task_name = 'process-job' AND picked = TRUE AND picked_by = ?")) {
            st.setString(1, node);
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    /** How many of these jobs are completed now. */
    private static int countCompleted(List<String> jobIds) throws SQLException {
        try (Connection c = db(); var st = c.prepareStatement(
                "SELECT COUNT(*) FROM jobs WHERE status = 'COMPLETED' AND id = ANY (?)")) {
            st.setArray(1, c.createArrayOf("varchar", jobIds.toArray()));
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /**
     * Waits until every job is completed, reading the database (polling 200 jobs through the API would load the
     * nodes under test); fails at once on a failed job. Returns when each was first seen completed.
     */
    private static Map<String, Instant> awaitCompletedInDatabase(List<String> ids, Duration timeout)
            throws Exception {
        var done = new HashMap<String, Instant>();
        Instant deadline = Instant.now().plus(timeout);
        while (done.size() < ids.size()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("not completed within " + timeout + ": "
                        + ids.stream().filter(id -> !done.containsKey(id)).toList());
            }
            try (Connection c = db(); var st = c.prepareStatement(
                    "SELECT id, status FROM jobs WHERE id = ANY (?) AND status <> 'QUEUED'")) {
                st.setArray(1, c.createArrayOf("varchar", ids.toArray()));
                try (var rs = st.executeQuery()) {
                    Instant now = Instant.now();
                    while (rs.next()) {
                        assertThat(rs.getString(2)).as("job " + rs.getString(1)).isEqualTo("COMPLETED");
                        done.putIfAbsent(rs.getString(1), now);
                    }
                }
            }
            Thread.sleep(100);
        }
        return done;
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

    /**
     * One completed state, one findings set (as many rows as the summary counts, none twice; every file here has
     * findings, so a second set would show), one job.completed event, no job.failed, one completing attempt.
     */
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
                        assertThat(rs.getInt(2)).as("total findings of " + id).isPositive();
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
