package dev.preflight.cli;

import java.util.List;

/** A job as the API answers it: the fields this tool prints. Both status wordings (self-hosted, hosted) are read. */
record Job(String jobId, String status, String fileName, String profileId, String preflightSource, Integer pageCount,
           Long durationMs, Summary summary, List<Finding> findings, String error, String createdAt) {

    record Summary(int totalFindings, int errorCount, int warningCount, int advisoryCount, boolean passed) {
    }

    record Finding(String inspectionId, String severity, String message, int pageNum) {
    }

    boolean waiting() {
        return status.equals("queued") || status.equals("pending");
    }

    boolean done() {
        return status.equals("completed") || status.equals("complete");
    }

    /** Passed preflight: processed, and no error finding. */
    boolean passed() {
        return done() && summary.passed();
    }

    List<Finding> findingsOrEmpty() {
        return findings == null ? List.of() : findings;
    }
}
