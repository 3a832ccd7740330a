package dev.preflight.jobs;

import java.time.Instant;

/** A job row. JSON columns are kept as text. */
record Job(String id, String tenantId, JobStatus status, String profileId, String preflightSource,
           String externalFormat, String mappingId, String optionsJson, String fileName, long fileSize,
           String inputType, Integer pageCount, String pdfVersion, String pagesJson, int totalFindings,
           int errorCount, int warningCount, int advisoryCount, int infoCount, Boolean passed, String error,
           String externalSourceJson, String capabilitiesJson, String jdfContextJson, String epmVerdictJson,
           int attempts, Instant createdAt, Instant startedAt, Instant completedAt, Long durationMs) {

    String storagePrefix() {
        return "tenants/" + tenantId + "/jobs/" + id;
    }

    String inputKey() {
        return storagePrefix() + "/input";
    }

    String reportKey() {
        return storagePrefix() + "/external-report";
    }

    String jdfKey() {
        return storagePrefix() + "/jdf";
    }
}
