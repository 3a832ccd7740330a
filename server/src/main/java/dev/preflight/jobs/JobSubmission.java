package dev.preflight.jobs;

import org.springframework.web.multipart.MultipartFile;

/** The raw multipart fields of POST /api/v1/jobs, before validation. */
record JobSubmission(MultipartFile file, String profileId, String preflightSource, String externalFormat,
                     MultipartFile externalReport, String mappingId, MultipartFile jdfFile, String aiEnabled,
                     String aiCategories, String aiFeatures, String aiPreset, String brand, String unbranded,
                     String brandSpecId) {
}
