package dev.preflight.jobs;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.preflight.findings.Finding;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A node's copy of jobs it has read: the parsed row and the stored findings, kept under the row version they were
 * read at ({@code jobs.row_version}, counted up by every change to the row or its findings). A read asks the database
 * for the version only (one primary-key lookup) and serves the copy while it matches; a change made on any node
 * counts the version up, so the next read everywhere misses and reads the job again. Jobs with very many findings
 * are kept without them (their findings are read each time) so that the copy stays small.
 */
@Component
class JobViewCache {

    /** Findings kept per job at most; a job with more keeps only its row here. */
    static final int MAX_FINDINGS_KEPT = 5_000;

    private final JobRepository jobs;
    private final Cache<String, Entry> entries = Caffeine.newBuilder()
            .maximumWeight(250_000)
            .weigher((String id, Entry e) -> 1 + (e.findings == null ? 0 : e.findings.size()))
            .expireAfterAccess(Duration.ofMinutes(10))
            .build();

    JobViewCache(JobRepository jobs) {
        this.jobs = jobs;
    }

    private record Entry(String tenantId, long version, JobView view, @Nullable List<Finding> findings) {
    }

    /** The tenant's job as it is now; empty when it does not exist or belongs to another tenant. */
    Optional<JobView> find(String tenantId, String id) {
        Optional<Long> version = jobs.version(tenantId, id);
        if (version.isEmpty()) {
            entries.invalidate(id);
            return Optional.empty();
        }
        Entry kept = entries.getIfPresent(id);
        if (kept != null && kept.version == version.get() && kept.tenantId.equals(tenantId)) {
            return Optional.of(kept.view);
        }
        return jobs.findVersioned(tenantId, id).map(read -> {
            JobView view = read.job().view();
            entries.put(id, new Entry(tenantId, read.version(), view, null));
            return view;
        });
    }

    /**
     * The job's stored findings: the kept ones when {@code view} is the kept copy (so they belong to its version),
     * else {@code read}'s, which are then kept beside it.
     */
    List<Finding> findings(JobView view, Supplier<List<Finding>> read) {
        Entry kept = entries.getIfPresent(view.id());
        if (kept == null || kept.view != view) {
            return read.get();
        }
        if (kept.findings != null) {
            return kept.findings;
        }
        List<Finding> findings = read.get();
        if (findings.size() <= MAX_FINDINGS_KEPT) {
            entries.asMap().replace(view.id(), kept, new Entry(kept.tenantId, kept.version, view, findings));
        }
        return findings;
    }
}
