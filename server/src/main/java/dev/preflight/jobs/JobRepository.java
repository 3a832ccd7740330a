package dev.preflight.jobs;

import dev.preflight.analysis.PreflightOutcome;
import dev.preflight.findings.Finding;
import dev.preflight.findings.Severity;
import dev.preflight.platform.Json;
import dev.preflight.platform.Times;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Jobs and findings. Every read a caller can trigger is scoped by tenant. */
@Repository
class JobRepository {

    private static final String COLUMNS = "id, tenant_id, status, profile_id, preflight_source, external_format, "
            + "mapping_id, options, file_name, file_size, input_type, page_count, pdf_version, pages, total_findings, "
            + "error_count, warning_count, advisory_count, info_count, passed, error, external_source, capabilities, "
            + "jdf_context, epm_verdict, attempts, created_at, started_at, completed_at, duration_ms, source_job_id, "
            + "fix_plan, fixups_applied";

    private static final RowMapper<Job> MAPPER = (rs, n) -> new Job(
            rs.getString("id"), rs.getString("tenant_id"), JobStatus.valueOf(rs.getString("status")),
            rs.getString("profile_id"), rs.getString("preflight_source"), rs.getString("external_format"),
            rs.getString("mapping_id"), rs.getString("options"), rs.getString("file_name"), rs.getLong("file_size"),
            rs.getString("input_type"), (Integer) rs.getObject("page_count", Integer.class),
            rs.getString("pdf_version"), rs.getString("pages"), rs.getInt("total_findings"),
            rs.getInt("error_count"), rs.getInt("warning_count"), rs.getInt("advisory_count"),
            rs.getInt("info_count"), (Boolean) rs.getObject("passed", Boolean.class), rs.getString("error"),
            rs.getString("external_source"), rs.getString("capabilities"), rs.getString("jdf_context"),
            rs.getString("epm_verdict"), rs.getInt("attempts"),
            Times.fromDb(rs.getObject("created_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("started_at", OffsetDateTime.class)),
            Times.fromDb(rs.getObject("completed_at", OffsetDateTime.class)),
            (Long) rs.getObject("duration_ms", Long.class), rs.getString("source_job_id"), rs.getString("fix_plan"),
            rs.getString("fixups_applied"));

    private final JdbcClient jdbc;
    private final JdbcTemplate template;

    JobRepository(JdbcClient jdbc, JdbcTemplate template) {
        this.jdbc = jdbc;
        this.template = template;
    }

    void insert(Job j) {
        jdbc.sql("INSERT INTO jobs (id, tenant_id, status, profile_id, preflight_source, external_format, mapping_id, "
                        + "options, file_name, file_size, created_at, source_job_id, fix_plan) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(j.id(), j.tenantId(), j.status().name(), j.profileId(), j.preflightSource(),
                        j.externalFormat(), j.mappingId(), j.optionsJson(), j.fileName(), j.fileSize(),
                        Times.db(j.createdAt()), j.sourceJobId(), j.fixPlanJson())
                .update();
    }

    Optional<Job> find(String tenantId, String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM jobs WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(MAPPER).optional();
    }

    /** The job's row version (counted up by every change to the row or its findings); empty when there is none. */
    Optional<Long> version(String tenantId, String id) {
        return jdbc.sql("SELECT row_version FROM jobs WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .query(Long.class).optional();
    }

    /** The job with the row version it was read at. */
    record Versioned(Job job, long version) {
    }

    Optional<Versioned> findVersioned(String tenantId, String id) {
        return jdbc.sql("SELECT " + COLUMNS + ", row_version FROM jobs WHERE id = ? AND tenant_id = ?")
                .params(id, tenantId)
                .query((rs, n) -> new Versioned(MAPPER.mapRow(rs, n), rs.getLong("row_version"))).optional();
    }

    List<Job> page(String tenantId, int page, int pageSize) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM jobs WHERE tenant_id = ? ORDER BY created_at DESC, id DESC "
                        + "LIMIT ? OFFSET ?")
                .params(tenantId, pageSize, (long) (page - 1) * pageSize)
                .query(MAPPER).list();
    }

    long count(String tenantId) {
        return jdbc.sql("SELECT COUNT(*) FROM jobs WHERE tenant_id = ?").param(tenantId).query(Long.class).single();
    }

    int delete(String tenantId, String id) {
        return jdbc.sql("DELETE FROM jobs WHERE id = ? AND tenant_id = ?").params(id, tenantId).update();
    }

    /**
     * Counts an attempt and stamps the start; false when the job is gone or done. The attempt's number is then the
     * job's {@code attempts} as read next.
     */
    boolean startAttempt(String tenantId, String id, Instant at) {
        return jdbc.sql("UPDATE jobs SET row_version = row_version + 1, attempts = attempts + 1, started_at = ? "
                        + "WHERE id = ? AND tenant_id = ? "
                        + "AND status = 'QUEUED'")
                .params(Times.db(at), id, tenantId).update() == 1;
    }

    /** What completing a job stored: its summary (no waived findings yet) and how long the attempt took. */
    record Completion(Summary summary, long durationMs) {
    }

    /**
     * Stores the findings and summary and marks the job completed, unless it was deleted or finished meanwhile
     * (empty then). {@code startedAt} is when this attempt started: the job's duration runs from it.
     */
    Optional<Completion> complete(Job job, PreflightOutcome o, Instant startedAt, Instant at) {
        String tenantId = job.tenantId();
        String id = job.id();
        int errors = 0, warnings = 0, advisories = 0, infos = 0;
        for (Finding f : o.findings()) {
            switch (f.severity()) {
                case Severity.ERROR -> errors++;
                case Severity.WARNING -> warnings++;
                case Severity.ADVISORY -> advisories++;
                default -> infos++;
            }
        }
        long duration = Math.max(0, at.toEpochMilli() - startedAt.toEpochMilli());
        int n = jdbc.sql("UPDATE jobs SET row_version = row_version + 1, status = 'COMPLETED', input_type = ?, "
                        + "page_count = ?, pdf_version = ?, "
                        + "pages = ?, total_findings = ?, error_count = ?, warning_count = ?, advisory_count = ?, "
                        + "info_count = ?, passed = ?, error = NULL, external_source = ?, capabilities = ?, "
                        + "jdf_context = ?, epm_verdict = ?, completed_at = ?, "
                        + "duration_ms = ? WHERE id = ? AND tenant_id = ? AND status = 'QUEUED'")
                .params(o.inputType(), o.pageCount(), o.pdfVersion(), Json.write(o.pages()), o.findings().size(),
                        errors, warnings, advisories, infos, errors == 0, Json.write(o.externalSource()),
                        Json.write(o.capabilities()), Json.write(o.jdfContext()), Json.write(o.epmVerdict()),
                        Times.db(at), duration, id, tenantId)
                .update();
        if (n != 1) {
            return Optional.empty();
        }
        jdbc.sql("DELETE FROM findings WHERE job_id = ? AND tenant_id = ?").params(id, tenantId).update();
        insertFindings(tenantId, id, o.findings());
        bumpVersion(tenantId, id);
        return Optional.of(new Completion(new Summary(o.findings().size(), errors, warnings, advisories, errors == 0,
                o.pageCount(), job.fileSize(), 0), duration));
    }

    /**
     * Counts the row version up: once more after the findings are replaced (whoever reads this version reads these
     * findings, even outside the transaction that wrote them), and when another module's share of the job's body
     * changed ({@link JobBodyChanges}).
     */
    void bumpVersion(String tenantId, String id) {
        jdbc.sql("UPDATE jobs SET row_version = row_version + 1 WHERE id = ? AND tenant_id = ?").params(id, tenantId)
                .update();
    }

    /** Records what the job's fixups did; joins the transaction that completes the job. */
    void storeFixupsApplied(String tenantId, String id, List<FixupApplied> applied) {
        jdbc.sql("UPDATE jobs SET row_version = row_version + 1, fixups_applied = ? "
                        + "WHERE id = ? AND tenant_id = ?")
                .params(Json.write(applied), id, tenantId).update();
    }

    /**
     * Replaces a completed job's profile, summary, EPM verdict and findings (each finding keeps the id it carries);
     * false when the job is gone or not completed.
     */
    boolean reanalyse(String tenantId, String id, String profileId, List<Finding> findings,
                      dev.preflight.analysis.EpmVerdict epm) {
        int[] counts = counts(findings);
        int n = jdbc.sql("UPDATE jobs SET row_version = row_version + 1, profile_id = ?, total_findings = ?, "
                        + "error_count = ?, warning_count = ?, "
                        + "advisory_count = ?, info_count = ?, passed = ?, epm_verdict = ? "
                        + "WHERE id = ? AND tenant_id = ? AND status = 'COMPLETED'")
                .params(profileId, findings.size(), counts[0], counts[1], counts[2], counts[3], counts[0] == 0,
                        Json.write(epm), id, tenantId)
                .update();
        if (n != 1) {
            return false;
        }
        jdbc.sql("DELETE FROM findings WHERE job_id = ? AND tenant_id = ?").params(id, tenantId).update();
        insertFindings(tenantId, id, findings);
        bumpVersion(tenantId, id);
        return true;
    }

    /** Errors, warnings, advisories and infos among the findings. */
    private static int[] counts(List<Finding> findings) {
        int[] c = new int[4];
        for (Finding f : findings) {
            switch (f.severity()) {
                case Severity.ERROR -> c[0]++;
                case Severity.WARNING -> c[1]++;
                case Severity.ADVISORY -> c[2]++;
                default -> c[3]++;
            }
        }
        return c;
    }

    /** Marks the job failed with a readable reason, unless it is gone or already terminal. */
    boolean fail(String tenantId, String id, String error, Instant at) {
        return jdbc.sql("UPDATE jobs SET row_version = row_version + 1, status = 'FAILED', error = ?, passed = FALSE, "
                        + "completed_at = ?, duration_ms = ? "
                        + "WHERE id = ? AND tenant_id = ? AND status = 'QUEUED'")
                .params(error, Times.db(at), durationSinceStart(tenantId, id, at), id, tenantId).update() == 1;
    }

    private Long durationSinceStart(String tenantId, String id, Instant at) {
        OffsetDateTime started = jdbc.sql("SELECT COALESCE(started_at, created_at) FROM jobs WHERE id = ? AND tenant_id = ?")
                .params(id, tenantId).query(OffsetDateTime.class).optional().orElse(null);
        return started == null ? null : Math.max(0, at.toEpochMilli() - started.toInstant().toEpochMilli());
    }

    private void insertFindings(String tenantId, String jobId, List<Finding> findings) {
        if (findings.isEmpty()) {
            return;
        }
        var batch = new ArrayList<Object[]>();
        int seq = 0;
        for (Finding f : findings) {
            String findingId = f.findingId() == null ? UUID.randomUUID().toString() : f.findingId();
            batch.add(new Object[] {findingId, jobId, tenantId, seq++, f.inspectionId(),
                    f.severity(), f.message(), f.pageNum(), Json.write(f.bbox()), f.objectId(), f.objectType(),
                    f.category(), f.isoClause(), Json.write(f.details()), f.source()});
        }
        template.batchUpdate("INSERT INTO findings (id, job_id, tenant_id, seq, inspection_id, severity, message, "
                + "page_num, bbox, object_id, object_type, category, iso_clause, details, source) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", batch);
    }

    /** The job's findings in report order, with their stored ids (no review data, no ticket context). */
    List<Finding> findings(String tenantId, String jobId) {
        return jdbc.sql("SELECT id, inspection_id, severity, message, page_num, bbox, object_id, object_type, category, "
                        + "iso_clause, details, source FROM findings WHERE job_id = ? AND tenant_id = ? ORDER BY seq")
                .params(jobId, tenantId)
                .query((rs, n) -> new Finding(rs.getString("id"), rs.getString("inspection_id"),
                        rs.getString("severity"), rs.getString("message"), rs.getInt("page_num"),
                        bbox(rs.getString("bbox")), rs.getString("object_id"), rs.getString("object_type"),
                        rs.getString("category"), rs.getString("iso_clause"), Json.readMap(rs.getString("details")),
                        rs.getString("source"), null, null, null))
                .list();
    }

    private static List<Double> bbox(String json) {
        List<Object> bb = Json.readList(json);
        return bb == null ? null : bb.stream().map(o -> ((Number) o).doubleValue()).toList();
    }

    /** Jobs still queued that were created before the cutoff (the stale-job sweep looks at these). */
    /** Jobs waiting or running across all tenants: the operator's queue-depth metric, never shown to a tenant. */
    long countQueued() {
        return jdbc.sql("SELECT COUNT(*) FROM jobs WHERE status = 'QUEUED'").query(Long.class).single();
    }

    List<Job> queuedBefore(Instant cutoff) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM jobs WHERE status = 'QUEUED' AND created_at < ?")
                .param(Times.db(cutoff)).query(MAPPER).list();
    }
}
