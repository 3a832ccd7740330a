package dev.preflight.jobs;

import dev.preflight.analysis.EpmVerdict;
import dev.preflight.analysis.IngestCapabilities;
import dev.preflight.analysis.PageBoxes;
import dev.preflight.platform.Json;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** A job row. JSON columns are kept as text. */
record Job(String id, String tenantId, JobStatus status, String profileId, String preflightSource,
           String externalFormat, String mappingId, String optionsJson, String fileName, long fileSize,
           String inputType, Integer pageCount, String pdfVersion, String pagesJson, int totalFindings,
           int errorCount, int warningCount, int advisoryCount, int infoCount, Boolean passed, String error,
           String externalSourceJson, String capabilitiesJson, String jdfContextJson, String epmVerdictJson,
           int attempts, Instant createdAt, Instant startedAt, Instant completedAt, Long durationMs,
           String sourceJobId, String fixPlanJson, String fixupsAppliedJson) {

    String storagePrefix() {
        return storagePrefix(tenantId, id);
    }

    static String storagePrefix(String tenantId, String jobId) {
        return "tenants/" + tenantId + "/jobs/" + jobId;
    }

    String inputKey() {
        return storagePrefix() + "/input";
    }

    /** The PDF made from a non-PDF upload (images, PostScript); absent when the upload was a PDF. */
    String convertedKey() {
        return storagePrefix() + "/converted.pdf";
    }

    /** The PDF a job's fixups wrote; absent unless the job was fixed. {@link #inputKey} stays the file as submitted. */
    String fixedKey() {
        return storagePrefix() + "/fixed.pdf";
    }

    /** What the job was asked to fix, or null when it runs no fixups. */
    FixPlan fixPlan() {
        return Json.read(fixPlanJson, FixPlan.class);
    }

    List<FixupApplied> fixupsApplied() {
        FixupApplied[] applied = Json.read(fixupsAppliedJson, FixupApplied[].class);
        return applied == null ? List.of() : Arrays.asList(applied);
    }

    String reportKey() {
        return storagePrefix() + "/external-report";
    }

    String jdfKey() {
        return storagePrefix() + "/jdf";
    }

    Summary summary() {
        return new Summary(totalFindings, errorCount, warningCount, advisoryCount, Boolean.TRUE.equals(passed),
                pageCount == null ? 0 : pageCount, fileSize, 0);
    }

    SubmitOptions options() {
        return Json.read(optionsJson, SubmitOptions.class);
    }

    JobView view() {
        PageBoxes[] pages = Json.read(pagesJson, PageBoxes[].class);
        // a view may be kept and handed to many requests (JobViewCache): nobody may change it
        return new JobView(id, tenantId, status, profileId, preflightSource, externalFormat, mappingId, fileName,
                fileSize, inputType, pageCount, pdfVersion,
                pages == null ? List.of() : Collections.unmodifiableList(Arrays.asList(pages)),
                summary(), error, unmodifiable(Json.readMap(externalSourceJson)),
                Json.read(capabilitiesJson, IngestCapabilities.class), unmodifiable(Json.readMap(jdfContextJson)),
                Json.read(epmVerdictJson, EpmVerdict.class), options(), createdAt, startedAt, completedAt,
                durationMs, sourceJobId, fixupsApplied());
    }

    private static <K, V> @Nullable Map<K, V> unmodifiable(@Nullable Map<K, V> map) {
        return map == null ? null : Collections.unmodifiableMap(map);
    }
}
