package dev.preflight.reports;

import dev.preflight.platform.Times;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * Mints, tokens and visits. Reads a caller triggers are scoped by tenant; the public surfaces find a token by the
 * SHA-256 of its value only ({@link #byHash}). Tokens are stored sealed ({@link ReportTokenCipher}) and opened when a
 * row is read, so that the routes that show a link again can.
 */
@Repository
class ReportRepository {

    /** A mint: the frozen branding (JSON) and options shared by its formats. */
    record Mint(String id, String tenantId, String jobId, String brandingJson, String detailLevel,
                String summaryPage, Instant createdAt) {
    }

    private final JdbcClient jdbc;
    private final ReportTokenCipher cipher;
    private final RowMapper<ReportToken> tokenRows;

    ReportRepository(JdbcClient jdbc, ReportTokenCipher cipher) {
        this.jdbc = jdbc;
        this.cipher = cipher;
        this.tokenRows = (rs, n) -> new ReportToken(rs.getString("id"), rs.getString("mint_id"),
                rs.getString("tenant_id"), rs.getString("job_id"),
                cipher.open(rs.getString("token_sealed"), rs.getString("id")), rs.getString("token_hash"),
                rs.getString("format"), rs.getString("blob_key"), rs.getString("content_type"),
                rs.getLong("size_bytes"), rs.getString("file_name"),
                Times.fromDb(rs.getObject("expires_at", OffsetDateTime.class)),
                Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)),
                Times.fromDb(rs.getObject("revoked_at", OffsetDateTime.class)),
                Times.fromDb(rs.getObject("expired_at", OffsetDateTime.class)), rs.getLong("accessed_count"),
                rs.getBoolean("allow_annotations"), rs.getBoolean("require_visitor_email"));
    }

    void insertMint(Mint m) {
        jdbc.sql("INSERT INTO report_mints (id, tenant_id, job_id, branding, detail_level, summary_page, created_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)")
                .params(m.id(), m.tenantId(), m.jobId(), m.brandingJson(), m.detailLevel(), m.summaryPage(),
                        Times.db(m.createdAt()))
                .update();
    }

    Optional<Mint> mint(String tenantId, String id) {
        return jdbc.sql("SELECT * FROM report_mints WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query((rs, n) -> new Mint(rs.getString("id"), rs.getString("tenant_id"), rs.getString("job_id"),
                        rs.getString("branding"), rs.getString("detail_level"), rs.getString("summary_page"),
                        Times.fromDb(rs.getObject("created_at", OffsetDateTime.class))))
                .optional();
    }

    /** Stores the row with its token sealed ({@link ReportTokenCipher}): the plain token is never written. */
    void insertToken(ReportToken t) {
        jdbc.sql("INSERT INTO report_tokens (id, mint_id, tenant_id, job_id, token_sealed, token_hash, format, "
                        + "blob_key, content_type, size_bytes, file_name, expires_at, created_at, accessed_count, "
                        + "allow_annotations, require_visitor_email) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)")
                .params(t.id(), t.mintId(), t.tenantId(), t.jobId(), cipher.seal(t.token(), t.id()), t.tokenHash(),
                        t.format(), t.blobKey(), t.contentType(), t.sizeBytes(), t.fileName(), Times.db(t.expiresAt()),
                        Times.db(t.createdAt()), t.allowAnnotations(), t.requireVisitorEmail())
                .update();
    }

    /** The token whose value hashes to this, any tenant: the public surfaces' only lookup. */
    Optional<ReportToken> byHash(String tokenHash) {
        return jdbc.sql("SELECT * FROM report_tokens WHERE token_hash = ?").param(tokenHash).query(tokenRows).optional();
    }

    Optional<ReportToken> token(String tenantId, String id) {
        return jdbc.sql("SELECT * FROM report_tokens WHERE id = ? AND tenant_id = ?").params(id, tenantId).query(tokenRows)
                .optional();
    }

    List<ReportToken> ofJob(String tenantId, String jobId) {
        return jdbc.sql("SELECT * FROM report_tokens WHERE tenant_id = ? AND job_id = ? ORDER BY created_at, id")
                .params(tenantId, jobId).query(tokenRows).list();
    }

    List<ReportToken> ofMint(String tenantId, String mintId) {
        return jdbc.sql("SELECT * FROM report_tokens WHERE tenant_id = ? AND mint_id = ? ORDER BY created_at, id")
                .params(tenantId, mintId).query(tokenRows).list();
    }

    /** Tokens whose expiry has passed and that were neither revoked nor swept yet. */
    List<ReportToken> dueForExpiry(Instant now, int limit) {
        return jdbc.sql("SELECT * FROM report_tokens WHERE expires_at <= ? AND expired_at IS NULL AND revoked_at IS NULL "
                        + "ORDER BY expires_at LIMIT ?")
                .params(Times.db(now), limit).query(tokenRows).list();
    }

    /** Marks the token swept; 1 for the one caller that did it, 0 when another node got there first. */
    int markExpired(String id, Instant now) {
        return jdbc.sql("UPDATE report_tokens SET expired_at = ?, blob_key = NULL WHERE id = ? AND expired_at IS NULL "
                        + "AND revoked_at IS NULL")
                .params(Times.db(now), id).update();
    }

    int revoke(String tenantId, String id, Instant now) {
        return jdbc.sql("UPDATE report_tokens SET revoked_at = ?, blob_key = NULL WHERE id = ? AND tenant_id = ? "
                        + "AND revoked_at IS NULL")
                .params(Times.db(now), id, tenantId).update();
    }

    void countAccess(String id, Instant now) {
        jdbc.sql("UPDATE report_tokens SET accessed_count = accessed_count + 1, last_accessed_at = ? WHERE id = ?")
                .params(Times.db(now), id).update();
    }

    /** Records a visit; true when it is the first of this visitor on this token. */
    boolean touch(String tokenId, String visitorKey, String email, Instant now) {
        int updated = jdbc.sql("UPDATE report_visits SET visits = visits + 1, last_seen_at = ? "
                        + "WHERE token_id = ? AND visitor_key = ?")
                .params(Times.db(now), tokenId, visitorKey).update();
        if (updated > 0) {
            return false;
        }
        try {
            jdbc.sql("INSERT INTO report_visits (token_id, visitor_key, visitor_email, first_seen_at, last_seen_at, "
                            + "visits) VALUES (?, ?, ?, ?, ?, 1)")
                    .params(tokenId, visitorKey, email, Times.db(now), Times.db(now)).update();
            return true;
        } catch (DuplicateKeyException e) {
            // A concurrent first visit won; this one is a later touch.
            jdbc.sql("UPDATE report_visits SET visits = visits + 1, last_seen_at = ? WHERE token_id = ? AND visitor_key = ?")
                    .params(Times.db(now), tokenId, visitorKey).update();
            return false;
        }
    }

    /** Deletes every row about a job (its tokens' visits go with them). */
    void deleteJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM report_tokens WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
        jdbc.sql("DELETE FROM report_mints WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
    }

    Optional<String> setting(String name) {
        return jdbc.sql("SELECT setting_value FROM report_settings WHERE name = ?").param(name).query(String.class)
                .optional();
    }

    /** Stores a setting unless one exists; returns the value in force. */
    String settingIfAbsent(String name, String value) {
        try {
            jdbc.sql("INSERT INTO report_settings (name, setting_value) VALUES (?, ?)").params(name, value).update();
            return value;
        } catch (DuplicateKeyException e) {
            return setting(name).orElseThrow();
        }
    }
}
