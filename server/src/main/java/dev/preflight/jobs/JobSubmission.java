package dev.preflight.jobs;

import org.jspecify.annotations.Nullable;
import org.springframework.web.multipart.MultipartFile;

/**
 * The raw multipart fields of a submission (POST /api/v1/jobs, the vanity submit, each file of a batch), before
 * validation.
 *
 * @param workflowId a workflow of the tenant whose pinned fields fill the fields this submission leaves out
 *                   (see {@link SubmissionDefaults}); null for none
 */
public record JobSubmission(MultipartFile file, String profileId, String preflightSource, String externalFormat,
                            MultipartFile externalReport, String mappingId, MultipartFile jdfFile, String aiEnabled,
                            String aiCategories, String aiFeatures, String aiPreset, String brand, String unbranded,
                            String brandSpecId, @Nullable String workflowId) {

    /** A submission that names no workflow. */
    public JobSubmission(MultipartFile file, String profileId, String preflightSource, String externalFormat,
                         MultipartFile externalReport, String mappingId, MultipartFile jdfFile, String aiEnabled,
                         String aiCategories, String aiFeatures, String aiPreset, String brand, String unbranded,
                         String brandSpecId) {
        this(file, profileId, preflightSource, externalFormat, externalReport, mappingId, jdfFile, aiEnabled,
                aiCategories, aiFeatures, aiPreset, brand, unbranded, brandSpecId, null);
    }

    /** The same submission with another file (a batch submits one shared set of fields per file). */
    public JobSubmission withFile(MultipartFile other) {
        return new JobSubmission(other, profileId, preflightSource, externalFormat, externalReport, mappingId,
                jdfFile, aiEnabled, aiCategories, aiFeatures, aiPreset, brand, unbranded, brandSpecId, workflowId);
    }
}
