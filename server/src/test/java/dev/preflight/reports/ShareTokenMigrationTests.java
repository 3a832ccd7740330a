package dev.preflight.reports;

import com.zaxxer.hikari.HikariDataSource;
import dev.preflight.platform.Times;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Migrations V100-V102 on a database that already holds plain share tokens: every row's token is sealed with the
 * server's key, the plain column goes, lookups by hash find the same tokens, and a node with another key refuses to
 * start. On a fresh H2 database, and on a fresh PostgreSQL database of its own when PREFLIGHT_TEST_DATABASE_URL names
 * PostgreSQL (skipped with a message otherwise).
 */
class ShareTokenMigrationTests {

    private static final byte[] KEY = filled(3);
    private static final byte[] OTHER_KEY = filled(4);

    private HikariDataSource db;
    private String adminUrl;
    private String database;

    private static byte[] filled(int b) {
        byte[] k = new byte[32];
        Arrays.fill(k, (byte) b);
        return k;
    }

    @AfterEach
    void close() throws Exception {
        if (db != null) {
            db.close();
        }
        if (database != null) {
            try (Connection c = DriverManager.getConnection(adminUrl, pgUser(), pgPassword())) {
                c.createStatement().execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            }
        }
    }

    @Test
    void onH2() throws Exception {
        db = pool("jdbc:h2:mem:tokens-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "");
        plainTokensAreSealedAndStillFoundByHash("h2");
    }

    @Test
    void onPostgresql() throws Exception {
        String url = System.getenv("PREFLIGHT_TEST_DATABASE_URL");
        assumeThat(url != null && url.startsWith("jdbc:postgresql:"))
                .as("ShareTokenMigrationTests.onPostgresql needs PREFLIGHT_TEST_DATABASE_URL=jdbc:postgresql://...; "
                        + "skipped on H2").isTrue();
        int slash = url.lastIndexOf('/');
        adminUrl = url.substring(0, slash + 1) + "postgres";
        database = "preflight_tokens_" + Long.toHexString(System.nanoTime());
        try (Connection c = DriverManager.getConnection(adminUrl, pgUser(), pgPassword())) {
            c.createStatement().execute("CREATE DATABASE " + database);
        }
        db = pool(url.substring(0, slash + 1) + database, pgUser(), pgPassword());
        plainTokensAreSealedAndStillFoundByHash("postgresql");
    }

    private void plainTokensAreSealedAndStillFoundByHash(String vendor) {
        var cipher = new ReportTokenCipher(KEY);
        var locations = new String[] {"classpath:db/migration/common", "classpath:db/migration/" + vendor};
        // Up to the last migration before V100 (whatever others number below it).
        MigrationVersion sealing = MigrationVersion.fromVersion("100");
        MigrationVersion before = Arrays.stream(Flyway.configure().dataSource(db).locations(locations).load().info()
                        .all()).map(MigrationInfo::getVersion).filter(v -> v != null && v.isNewerThan("0") && !v.isAtLeast("100"))
                .max(MigrationVersion::compareTo).orElseThrow();
        assertThat(before.isNewerThan("21")).isTrue();
        assertThat(before).isLessThan(sealing);
        Flyway.configure().dataSource(db).locations(locations).target(before).load().migrate();

        // What the tables held before: tokens in plain text.
        JdbcClient jdbc = JdbcClient.create(db);
        String tenant = UUID.randomUUID().toString();
        String mint = UUID.randomUUID().toString();
        var now = Times.db(Instant.now());
        jdbc.sql("INSERT INTO tenants (id, name, plan, created_at) VALUES (?, 'T', 'scale', ?)").params(tenant, now)
                .update();
        jdbc.sql("INSERT INTO report_mints (id, tenant_id, job_id, branding, detail_level, summary_page, created_at) "
                + "VALUES (?, ?, 'job-1', '{}', 'standard', 'prepend', ?)").params(mint, tenant, now).update();
        Map<String, String> plain = Map.of("row-1", ReportService.randomToken(),
                "row-2", ReportService.deterministicToken(tenant, "order-1", "pdf"));
        plain.forEach((id, token) -> jdbc.sql("INSERT INTO report_tokens (id, mint_id, tenant_id, job_id, token, "
                        + "token_hash, format, content_type, size_bytes, file_name, created_at, allow_annotations, "
                        + "require_visitor_email) VALUES (?, ?, ?, 'job-1', ?, ?, 'pdf', 'application/pdf', 1, "
                        + "'report.pdf', ?, false, false)")
                .params(id, mint, tenant, token, ShareLinks.sha256(token), now).update());

        Flyway.configure().dataSource(db).locations(locations).javaMigrations(new ReportTokenSealing(cipher)).load()
                .migrate();

        List<Map<String, Object>> rows = jdbc.sql("SELECT * FROM report_tokens").query().listOfRows();
        assertThat(rows).hasSize(2);
        assertThat(rows.getFirst().keySet()).map(String::toLowerCase).doesNotContain("token");
        for (Map<String, Object> row : rows) {
            String id = String.valueOf(row.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase("id"))
                    .findFirst().orElseThrow().getValue());
            row.values().forEach(v -> assertThat(String.valueOf(v)).doesNotContain(plain.get(id)));
        }
        var repository = new ReportRepository(jdbc, cipher);
        plain.forEach((id, token) -> {
            ReportToken found = repository.byHash(ShareLinks.sha256(token)).orElseThrow();
            assertThat(found.id()).isEqualTo(id);
            assertThat(found.token()).isEqualTo(token);
        });
        assertThat(repository.ofJob(tenant, "job-1")).map(ReportToken::token)
                .containsExactlyInAnyOrderElementsOf(plain.values());

        // The key the tokens were sealed with is the one every node must hold.
        assertThat(repository.setting(ReportTokenKeyCheck.SETTING)).contains(cipher.keyCheck());
        assertThatCode(() -> new ReportTokenKeyCheck(repository, cipher)).doesNotThrowAnyException();
        var other = new ReportTokenCipher(OTHER_KEY);
        assertThatThrownBy(() -> new ReportTokenKeyCheck(new ReportRepository(jdbc, other), other))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("PREFLIGHT_TOKEN_KEY");
    }

    private static HikariDataSource pool(String url, String user, String password) {
        var ds = new HikariDataSource();
        ds.setJdbcUrl(url);
        ds.setUsername(user);
        ds.setPassword(password);
        ds.setMaximumPoolSize(2);
        return ds;
    }

    private static String pgUser() {
        return System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_USER", "postgres");
    }

    private static String pgPassword() {
        return System.getenv().getOrDefault("PREFLIGHT_TEST_DATABASE_PASSWORD", "");
    }
}
