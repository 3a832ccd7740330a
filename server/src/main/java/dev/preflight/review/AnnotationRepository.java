package dev.preflight.review;

import dev.preflight.platform.Times;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Annotations and their comments; every statement is scoped by tenant (and by job where a job is named). */
@Repository
class AnnotationRepository {

    /** A stored annotation. {@code keyId} and {@code linkId} say who drew it: an API key or a share link. */
    record Stored(String id, String tenantId, String jobId, int pageNum, String kind, AnnotationGeometry geometry,
                  @Nullable String color, @Nullable String text, @Nullable String authorEmail, @Nullable String keyId,
                  @Nullable String linkId, Instant createdAt) {
    }

    /** A stored comment. */
    record StoredComment(String id, String annotationId, String tenantId, String jobId, @Nullable String authorEmail,
                         String body, @Nullable String keyId, @Nullable String linkId, Instant createdAt) {
    }

    private static final String COLUMNS = "id, tenant_id, job_id, page_num, kind, geometry, color, text, author_email,"
            + " key_id, link_id, created_at";
    private static final String COMMENT_COLUMNS = "id, annotation_id, tenant_id, job_id, author_email, body, key_id,"
            + " link_id, created_at";

    private final JdbcClient jdbc;

    AnnotationRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Stored a) {
        jdbc.sql("INSERT INTO review_annotations (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(a.id(), a.tenantId(), a.jobId(), a.pageNum(), a.kind(), AnnotationGeometry.write(a.geometry()),
                        a.color(), a.text(), a.authorEmail(), a.keyId(), a.linkId(), Times.db(a.createdAt()))
                .update();
    }

    void insertComment(StoredComment c) {
        jdbc.sql("INSERT INTO review_comments (" + COMMENT_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(c.id(), c.annotationId(), c.tenantId(), c.jobId(), c.authorEmail(), c.body(), c.keyId(),
                        c.linkId(), Times.db(c.createdAt()))
                .update();
    }

    /** The job's annotations by page, then oldest first. */
    List<Stored> list(String tenantId, String jobId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM review_annotations WHERE tenant_id = ? AND job_id = ?"
                        + " ORDER BY page_num, seq")
                .params(tenantId, jobId).query(AnnotationRepository::annotation).list();
    }

    Optional<Stored> find(String tenantId, String jobId, String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM review_annotations WHERE tenant_id = ? AND job_id = ? AND id = ?")
                .params(tenantId, jobId, id).query(AnnotationRepository::annotation).optional();
    }

    /** The annotation, locked until the transaction ends so a delete and a new comment are ordered. */
    Optional<Stored> findForUpdate(String tenantId, String jobId, String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM review_annotations WHERE tenant_id = ? AND job_id = ? AND id = ?"
                        + " FOR UPDATE")
                .params(tenantId, jobId, id).query(AnnotationRepository::annotation).optional();
    }

    int count(String tenantId, String jobId) {
        return jdbc.sql("SELECT COUNT(*) FROM review_annotations WHERE tenant_id = ? AND job_id = ?")
                .params(tenantId, jobId).query(Integer.class).single();
    }

    /** The job's comments grouped by annotation id, each thread oldest first. */
    Map<String, List<StoredComment>> comments(String tenantId, String jobId) {
        var out = new LinkedHashMap<String, List<StoredComment>>();
        jdbc.sql("SELECT " + COMMENT_COLUMNS + " FROM review_comments WHERE tenant_id = ? AND job_id = ?"
                        + " ORDER BY seq")
                .params(tenantId, jobId).query(AnnotationRepository::comment).list()
                .forEach(c -> out.computeIfAbsent(c.annotationId(), k -> new java.util.ArrayList<>()).add(c));
        return out;
    }

    List<StoredComment> thread(String tenantId, String annotationId) {
        return jdbc.sql("SELECT " + COMMENT_COLUMNS + " FROM review_comments WHERE tenant_id = ? AND annotation_id = ?"
                        + " ORDER BY seq")
                .params(tenantId, annotationId).query(AnnotationRepository::comment).list();
    }

    int commentCount(String tenantId, String annotationId) {
        return jdbc.sql("SELECT COUNT(*) FROM review_comments WHERE tenant_id = ? AND annotation_id = ?")
                .params(tenantId, annotationId).query(Integer.class).single();
    }

    /** Deletes an annotation and its thread; returns how many comments went with it. */
    int delete(String tenantId, String jobId, String id) {
        int comments = jdbc.sql("DELETE FROM review_comments WHERE tenant_id = ? AND job_id = ? AND annotation_id = ?")
                .params(tenantId, jobId, id).update();
        jdbc.sql("DELETE FROM review_annotations WHERE tenant_id = ? AND job_id = ? AND id = ?")
                .params(tenantId, jobId, id).update();
        return comments;
    }

    void deleteJob(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM review_comments WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
        jdbc.sql("DELETE FROM review_annotations WHERE tenant_id = ? AND job_id = ?").params(tenantId, jobId).update();
    }

    private static Stored annotation(ResultSet rs, int n) throws SQLException {
        String kind = rs.getString("kind");
        return new Stored(rs.getString("id"), rs.getString("tenant_id"), rs.getString("job_id"), rs.getInt("page_num"),
                kind, AnnotationGeometry.read(kind, rs.getString("geometry")), rs.getString("color"),
                rs.getString("text"), rs.getString("author_email"), rs.getString("key_id"), rs.getString("link_id"),
                Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)));
    }

    private static StoredComment comment(ResultSet rs, int n) throws SQLException {
        return new StoredComment(rs.getString("id"), rs.getString("annotation_id"), rs.getString("tenant_id"),
                rs.getString("job_id"), rs.getString("author_email"), rs.getString("body"), rs.getString("key_id"),
                rs.getString("link_id"), Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)));
    }
}
