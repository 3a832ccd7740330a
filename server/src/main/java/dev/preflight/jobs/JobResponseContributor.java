package dev.preflight.jobs;

import dev.preflight.findings.Finding;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * What modules built on jobs add to a job's API body (report links, decisions, AI audits) without jobs depending
 * on them: a module implements this as a bean; every bean is asked when a job body is assembled. A node keeps an
 * assembled body while the job's row version holds, so a module calls {@link JobBodyChanges#changed} after every
 * write that changes what it contributes to a job (or answers {@link Contribution#standing()} false).
 */
public interface JobResponseContributor {

    /** URLs of the job's minted pdf and html reports, or null when this module mints none. */
    default JobResponseLinks.@Nullable Reports reports(JobView job) {
        return null;
    }

    /** How many decisions the job carries (this module's share). */
    default int decisionsCount(JobView job) {
        return 0;
    }

    /**
     * How many of the job's current findings this module counts as waived (the summary's {@code waived_count}); a
     * finding must be counted by one module only.
     */
    default int waivedCount(JobView job) {
        return 0;
    }

    /** The findings with this module's data attached (audit, effective decision), same order and ids. */
    default List<Finding> decorate(JobView job, List<Finding> findings) {
        return findings;
    }

    /**
     * Everything this module adds to one job body, given the job's current findings: what the four methods above
     * answer, read together. A module that can read it all at once (one query instead of several) overrides this.
     */
    default Contribution contribute(JobView job, List<Finding> findings) {
        return new Contribution(decorate(job, findings), decisionsCount(job), waivedCount(job), reports(job), true);
    }

    /**
     * One module's share of a job body. {@code standing}: the share stays what it is until the module reports a
     * change of the job through {@link JobBodyChanges} (then a node may keep the body while the job's version holds);
     * false when it can change without that (with time, or with rows of other jobs), so that bodies holding it are
     * assembled at every read.
     */
    record Contribution(List<Finding> findings, int decisionsCount, int waivedCount,
                        JobResponseLinks.@Nullable Reports reports, boolean standing) {
    }
}
