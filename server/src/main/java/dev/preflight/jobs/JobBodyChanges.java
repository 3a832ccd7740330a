package dev.preflight.jobs;

/**
 * How a module that contributes to job bodies ({@link JobResponseContributor}) says that its share of one job changed:
 * call it after the write (or inside the transaction that writes). It counts the job's row version up, so every node
 * that keeps the job's body reads it again at its next read; a share that changes without telling this must say so
 * with {@link JobResponseContributor.Contribution#standing()} false.
 */
public interface JobBodyChanges {

    /** The tenant's job's body changed (no-op for a job that no longer exists). */
    void changed(String tenantId, String jobId);
}
