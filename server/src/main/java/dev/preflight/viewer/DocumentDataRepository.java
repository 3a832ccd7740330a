package dev.preflight.viewer;

import dev.preflight.platform.Json;
import dev.preflight.platform.Times;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.Optional;

/**
 * What the viewer computed about a job's document: the facts pass (info, fonts, images), the ink pass (channels,
 * TAC summary) and OCR word boxes. Every read is scoped by tenant. A computation that failed is stored with its
 * reason, so it is not repeated on every request (a fill request runs it again).
 */
@Repository
class DocumentDataRepository {

    static final String COMPLETE = "complete";
    static final String FAILED = "failed";

    /** A stored facts pass: all three payloads when complete, the reason when failed. */
    record Inspection(String status, @Nullable String error, ViewerResponses.@Nullable DocumentInfo info,
                      ViewerResponses.@Nullable FontList fonts, ViewerResponses.@Nullable ImageList images) {
    }

    /** A stored ink pass: the channel list and the per-page TAC summary when complete, the reason when failed. */
    record Ink(String status, @Nullable String error, ViewerResponses.@Nullable ChannelList channels,
               ViewerResponses.@Nullable TacSummary tac) {
    }

    private final JdbcClient jdbc;

    DocumentDataRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Inspection> inspection(String tenantId, String jobId) {
        return jdbc.sql("SELECT status, error, info, fonts, images FROM viewer_inspections WHERE job_id = ? AND tenant_id = ?")
                .params(jobId, tenantId)
                .query((rs, n) -> new Inspection(rs.getString("status"), rs.getString("error"),
                        Json.read(rs.getString("info"), ViewerResponses.DocumentInfo.class),
                        Json.read(rs.getString("fonts"), ViewerResponses.FontList.class),
                        Json.read(rs.getString("images"), ViewerResponses.ImageList.class)))
                .optional();
    }

    /** Stores a facts pass; a concurrent store of the same job (another node) wins and this one is dropped. */
    void saveInspection(String tenantId, String jobId, Inspection i) {
        insertIgnoringDuplicate(() -> jdbc.sql("INSERT INTO viewer_inspections (job_id, tenant_id, status, error, info,"
                        + " fonts, images, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .params(jobId, tenantId, i.status(), i.error(), Json.write(i.info()), Json.write(i.fonts()),
                        Json.write(i.images()), Times.db(Times.now()))
                .update());
    }

    void forgetFailedInspection(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM viewer_inspections WHERE job_id = ? AND tenant_id = ? AND status = ?")
                .params(jobId, tenantId, FAILED).update();
    }

    Optional<Ink> ink(String tenantId, String jobId) {
        return jdbc.sql("SELECT status, error, channels, pages FROM viewer_ink WHERE job_id = ? AND tenant_id = ?")
                .params(jobId, tenantId)
                .query((rs, n) -> new Ink(rs.getString("status"), rs.getString("error"),
                        Json.read(rs.getString("channels"), ViewerResponses.ChannelList.class),
                        Json.read(rs.getString("pages"), ViewerResponses.TacSummary.class)))
                .optional();
    }

    void saveInk(String tenantId, String jobId, Ink ink) {
        insertIgnoringDuplicate(() -> jdbc.sql("INSERT INTO viewer_ink (job_id, tenant_id, status, error, dpi, channels,"
                        + " pages, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .params(jobId, tenantId, ink.status(), ink.error(), ink.tac() == null ? null : ink.tac().dpi(),
                        Json.write(ink.channels()), Json.write(ink.tac()), Times.db(Times.now()))
                .update());
    }

    void forgetFailedInk(String tenantId, String jobId) {
        jdbc.sql("DELETE FROM viewer_ink WHERE job_id = ? AND tenant_id = ? AND status = ?")
                .params(jobId, tenantId, FAILED).update();
    }

    Optional<ViewerResponses.TextRegions> textRegions(String tenantId, String jobId, int pageNum) {
        return jdbc.sql("SELECT words FROM viewer_text_regions WHERE job_id = ? AND tenant_id = ? AND page_num = ?")
                .params(jobId, tenantId, pageNum)
                .query((rs, n) -> Json.read(rs.getString("words"), ViewerResponses.TextRegions.class))
                .optional();
    }

    boolean hasTextRegions(String tenantId, String jobId, int pageNum) {
        return jdbc.sql("SELECT COUNT(*) FROM viewer_text_regions WHERE job_id = ? AND tenant_id = ? AND page_num = ?")
                .params(jobId, tenantId, pageNum).query(Integer.class).single() > 0;
    }

    void saveTextRegions(String tenantId, ViewerResponses.TextRegions page) {
        insertIgnoringDuplicate(() -> jdbc.sql("INSERT INTO viewer_text_regions (job_id, page_num, tenant_id, dpi, words)"
                        + " VALUES (?, ?, ?, ?, ?)")
                .params(page.jobId(), page.pageNum(), tenantId, page.dpi(), Json.write(page))
                .update());
    }

    void deleteJob(String tenantId, String jobId) {
        for (String table : new String[] {"viewer_inspections", "viewer_ink", "viewer_text_regions"}) {
            jdbc.sql("DELETE FROM " + table + " WHERE job_id = ? AND tenant_id = ?").params(jobId, tenantId).update();
        }
    }

    private static void insertIgnoringDuplicate(Runnable insert) {
        try {
            insert.run();
        } catch (DuplicateKeyException e) {
            // computed twice at once (two nodes, or a request and a fill task): the result is the same, keep the first
        }
    }
}
