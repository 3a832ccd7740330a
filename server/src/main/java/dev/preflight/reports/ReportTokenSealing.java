package dev.preflight.reports;

import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;
import org.springframework.stereotype.Component;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;

/**
 * Migration V101 (between V100, which adds {@code report_tokens.token_sealed}, and V102, which drops the plain
 * {@code token} column): seals the token of every existing row with this node's key and records the key's check value
 * ({@link ReportTokenKeyCheck}) in the same transaction. A Java migration because the key is configuration, not SQL;
 * Spring Boot hands this bean to Flyway.
 */
@Component
class ReportTokenSealing implements JavaMigration {

    private static final int BATCH = 500;

    private final ReportTokenCipher cipher;

    ReportTokenSealing(ReportTokenCipher cipher) {
        this.cipher = cipher;
    }

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("101");
    }

    @Override
    public String getDescription() {
        return "report tokens sealed";
    }

    @Override
    public Integer getChecksum() {
        return null;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection c = context.getConnection();
        while (true) {
            var batch = new LinkedHashMap<String, String>();
            try (PreparedStatement select = c.prepareStatement("SELECT id, token FROM report_tokens "
                    + "WHERE token_sealed IS NULL ORDER BY id LIMIT " + BATCH);
                 ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    batch.put(rs.getString(1), rs.getString(2));
                }
            }
            if (batch.isEmpty()) {
                break;
            }
            try (PreparedStatement update = c.prepareStatement(
                    "UPDATE report_tokens SET token_sealed = ? WHERE id = ?")) {
                for (var row : batch.entrySet()) {
                    update.setString(1, cipher.seal(row.getValue(), row.getKey()));
                    update.setString(2, row.getKey());
                    update.addBatch();
                }
                update.executeBatch();
            }
        }
        try (PreparedStatement check = c.prepareStatement(
                "INSERT INTO report_settings (name, setting_value) VALUES (?, ?)")) {
            check.setString(1, ReportTokenKeyCheck.SETTING);
            check.setString(2, cipher.keyCheck());
            check.executeUpdate();
        }
    }
}
