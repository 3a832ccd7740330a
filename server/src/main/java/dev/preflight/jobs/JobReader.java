package dev.preflight.jobs;

import dev.preflight.findings.Finding;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the modules built on jobs (viewer, reports, review, AI) read of a job: the job itself, its findings and its
 * PDF, always scoped by tenant. Submitting, waiting, re-analysing and deleting stay with {@link JobService}; a module
 * that only reads depends on this interface, and learns of changes through the jobs module's events
 * ({@link JobCompleted}, {@link JobFailed}, {@link JobReanalysed}, {@link JobDeleted}).
 */
public interface JobReader {

    /** The tenant's job, or empty when it does not exist or belongs to another tenant. */
    Optional<JobView> find(String tenantId, String jobId);

    /** The tenant's job; 404 when it does not exist or belongs to another tenant. */
    JobView require(String tenantId, String jobId);

    /** The job's findings in report order with their stored ids and the job's ticket context. */
    List<Finding> findings(JobView job);

    /**
     * A local file holding the PDF the job was analysed from: the fixed file when the job ran fixups, else the upload
     * itself or the PDF made from an image or PostScript upload. Only for processed jobs; read it, never write it.
     */
    Path documentFile(JobView job) throws IOException;

    /**
     * A local file holding the job's file as submitted (for a job made by fixing another job: the source's PDF
     * before the fix). Read it, never write it.
     */
    Path originalFile(JobView job) throws IOException;

    /**
     * The job's file for a download: with {@code original} the file as submitted (any time), else the PDF the job was
     * analysed from (the fixed file when it ran fixups); 409 for the latter until the job has completed.
     */
    JobFile file(JobView job, boolean original) throws IOException;

    /** The API's status word for the configured wording. */
    String wire(JobStatus status);
}
