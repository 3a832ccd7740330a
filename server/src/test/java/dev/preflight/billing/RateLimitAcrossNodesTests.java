package dev.preflight.billing;

import com.zaxxer.hikari.HikariDataSource;
import dev.preflight.platform.Times;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Plan;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Several nodes, one limit: two {@link RequestRateLimiter}s, each with its own connection pool as two server nodes
 * would have, share a key's buckets through PostgreSQL and together admit no more than the key's rate. Needs
 * PostgreSQL (PREFLIGHT_TEST_DATABASE_URL=jdbc:postgresql://...; bin/test's PostgreSQL pass), on a fresh database of
 * its own; on H2 that test is skipped with a message, and the in-memory test shows what the shared table prevents:
 * nodes with buckets in memory each admit the full rate.
 */
class RateLimitAcrossNodesTests {

    private static final int LIMIT = 10;
    private static final int ATTEMPTS_PER_NODE = 30;
    private static final String NEEDS_POSTGRESQL = "RateLimitAcrossNodesTests: the shared-bucket test needs "
            + "PostgreSQL (PREFLIGHT_TEST_DATABASE_URL=jdbc:postgresql://...); skipped on H2, where the buckets of the "
            + "single node live in memory.";

    private static String adminUrl;
    private static String database;
    private static final List<HikariDataSource> pools = new ArrayList<>();

    private static String testUrl() {
        return System.getenv("PREFLIGHT_TEST_DATABASE_URL");
    }

    private static boolean onPostgresql() {
        return testUrl() != null && testUrl().startsWith("jdbc:postgresql:");
    }

    private static String user() {
        return System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_USER", "postgres");
    }

    private static String password() {
        return System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_PASSWORD", "");
    }

    @BeforeAll
    static void freshDatabase() throws Exception {
        if (!onPostgresql()) {
            System.out.println(NEEDS_POSTGRESQL);
            return;
        }
        String url = testUrl();
        int slash = url.lastIndexOf('/');
        adminUrl = url.substring(0, slash + 1) + "postgres";
        database = "preflight_ratelimit_" + Long.toHexString(System.nanoTime());
        try (Connection c = DriverManager.getConnection(adminUrl, user(), password())) {
            c.createStatement().execute("CREATE DATABASE " + database);
        }
        Flyway.configure().dataSource(pool(url.substring(0, slash + 1) + database))
                .locations("classpath:db/migration/common", "classpath:db/migration/postgresql").load().migrate();
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        pools.forEach(HikariDataSource::close);
        pools.clear();
        if (database != null) {
            try (Connection c = DriverManager.getConnection(adminUrl, user(), password())) {
                c.createStatement().execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            }
        }
    }

    private static HikariDataSource pool(String url) {
        var ds = new HikariDataSource();
        ds.setJdbcUrl(url);
        ds.setUsername(url.startsWith("jdbc:h2:") ? "sa" : user());
        ds.setPassword(url.startsWith("jdbc:h2:") ? "" : password());
        ds.setMaximumPoolSize(4);
        pools.add(ds);
        return ds;
    }

    /** A node: its own pool to the database, its own terms cache, its own limiter over the given buckets. */
    private record Node(RequestRateLimiter limiter, BillingRepository repository, BillingService billing) {
    }

    private static Node node(DataSource db, RateLimitBuckets buckets) {
        var properties = new BillingProperties(Map.of("growth",
                new BillingProperties.PlanTerms(null, null, null, null, LIMIT)), null, true);
        var repository = new BillingRepository(JdbcClient.create(db));
        var billing = new BillingService(repository, properties);
        return new Node(new RequestRateLimiter(billing, properties, buckets), repository, billing);
    }

    private static String postgresqlUrl() {
        String url = testUrl();
        return url.substring(0, url.lastIndexOf('/') + 1) + database;
    }

    private static Caller newKey(DataSource db) {
        String tenant = UUID.randomUUID().toString();
        JdbcClient.create(db).sql("INSERT INTO tenants (id, name, plan, created_at) VALUES (?, ?, ?, ?)")
                .params(tenant, "rate " + tenant, "growth", Times.db(Instant.now())).update();
        return new Caller(tenant, Plan.GROWTH, Set.of(), UUID.randomUUID().toString());
    }

    /** Both nodes send their attempts at the same time; how many were admitted, and how long it took. */
    private static int[] hammer(Caller key, Node... nodes) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(nodes.length * 2);
        try {
            long start = System.nanoTime();
            var runs = new ArrayList<Callable<Integer>>();
            for (Node n : nodes) {
                for (int t = 0; t < 2; t++) {
                    runs.add(() -> {
                        int admitted = 0;
                        for (int i = 0; i < ATTEMPTS_PER_NODE / 2; i++) {
                            try {
                                n.limiter().admit(key);
                                admitted++;
                            } catch (RateLimitExceededException e) {
                                // refused: the shared bucket is empty
                            }
                        }
                        return admitted;
                    });
                }
            }
            int admitted = 0;
            for (Future<Integer> f : pool.invokeAll(runs)) {
                admitted += f.get();
            }
            return new int[] {admitted, (int) ((System.nanoTime() - start) / 1_000_000)};
        } finally {
            pool.shutdownNow();
        }
    }

    /** What the bucket may have refilled while the attempts ran (LIMIT per minute). */
    private static int refilledWithin(int millis) {
        return (int) Math.ceil(millis * LIMIT / 60_000.0);
    }

    @Test
    void twoNodesOnOnePostgresqlDatabaseTogetherAdmitNoMoreThanTheLimit() throws Exception {
        assumeThat(onPostgresql()).as(NEEDS_POSTGRESQL).isTrue();
        Node a = node(pool(postgresqlUrl()), new RateLimitBuckets.Postgresql(pool(postgresqlUrl())));
        Node b = node(pool(postgresqlUrl()), new RateLimitBuckets.Postgresql(pool(postgresqlUrl())));
        Caller key = newKey(pools.getFirst());

        int[] run = hammer(key, a, b);

        System.out.println("two nodes, shared buckets: " + run[0] + " of " + 2 * ATTEMPTS_PER_NODE
                + " admitted at " + LIMIT + "/min in " + run[1] + " ms");
        assertThat(run[0]).isBetween(LIMIT, LIMIT + refilledWithin(run[1]));
        assertThat(a.limiter()).isNotSameAs(b.limiter());
        // Either node now refuses the key, whichever admitted the last request.
        assertRefused(a, key);
        assertRefused(b, key);

        // What a request pays for the shared bucket, measured one after another on one node.
        Caller other = newKey(pools.getFirst());
        long start = System.nanoTime();
        for (int i = 0; i < 100; i++) {
            try {
                a.limiter().admit(other);
            } catch (RateLimitExceededException e) {
                // refused requests take the same round trip
            }
        }
        System.out.printf("shared bucket: %.2f ms per request, sequential, over 100%n",
                (System.nanoTime() - start) / 1e6 / 100);
    }

    @Test
    void aLimitRaisedOnTheTermsReachesEveryNodeAndALowerOneCapsWhatIsLeft() throws Exception {
        assumeThat(onPostgresql()).as(NEEDS_POSTGRESQL).isTrue();
        Node a = node(pool(postgresqlUrl()), new RateLimitBuckets.Postgresql(pool(postgresqlUrl())));
        Node b = node(pool(postgresqlUrl()), new RateLimitBuckets.Postgresql(pool(postgresqlUrl())));
        Caller key = newKey(pools.getFirst());
        for (int i = 0; i < LIMIT; i++) {
            a.limiter().admit(key);
        }
        assertRefused(b, key);

        // The operator raises the key's tenant to 25 a minute: 15 more at once, on whichever node.
        a.repository().saveOverrides(key.tenantId(), new BillingRepository.Overrides(null, null, null, null, 25));
        a.billing().forget(key.tenantId());
        b.billing().forget(key.tenantId());
        int admitted = 0;
        for (int i = 0; i < 20; i++) {
            try {
                (i % 2 == 0 ? a : b).limiter().admit(key);
                admitted++;
            } catch (RateLimitExceededException e) {
                // empty
            }
        }
        assertThat(admitted).isBetween(15, 16);

        // Lowered to 2: nothing left is carried over past the new capacity.
        a.repository().saveOverrides(key.tenantId(), new BillingRepository.Overrides(null, null, null, null, 2));
        a.billing().forget(key.tenantId());
        b.billing().forget(key.tenantId());
        assertRefused(b, key);
        assertRefused(a, key);
    }

    @Test
    void nodesWithBucketsInMemoryEachAdmitTheWholeLimit() throws Exception {
        DataSource db = onPostgresql() ? pool(postgresqlUrl()) : h2();
        Node a = node(db, new RateLimitBuckets.InMemory());
        Node b = node(db, new RateLimitBuckets.InMemory());
        Caller key = newKey(db);

        int[] run = hammer(key, a, b);

        // What the PostgreSQL table is for: in memory, N nodes admit N times the rate.
        assertThat(run[0]).isBetween(2 * LIMIT, 2 * LIMIT + 2 * refilledWithin(run[1]));
        assertRefused(a, key);
    }

    private static DataSource h2() {
        DataSource db = pool("jdbc:h2:mem:ratelimit-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        Flyway.configure().dataSource(db).locations("classpath:db/migration/common", "classpath:db/migration/h2")
                .load().migrate();
        return db;
    }

    private static void assertRefused(Node n, Caller key) {
        try {
            n.limiter().admit(key);
        } catch (RateLimitExceededException e) {
            assertThat(e.getMessage()).contains("requests per minute");
            return;
        }
        throw new AssertionError("the key was admitted past its limit");
    }
}
