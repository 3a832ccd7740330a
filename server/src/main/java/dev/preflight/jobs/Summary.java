package dev.preflight.jobs;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The counts of a job's findings (spec: Summary). {@code error} findings are blocking and make {@code passed}
 * false; {@code warning} and {@code advisory} findings are counted but do not affect it; {@code info} findings are
 * counted only in {@code total_findings}.
 */
@Schema(name = "Summary")
public record Summary(@Schema(minimum = "0") int totalFindings, @Schema(minimum = "0") int errorCount,
                      @Schema(minimum = "0") int warningCount, @Schema(minimum = "0") int advisoryCount,
                      @Schema(description = "false when any finding is an error, and for a failed or unfinished job")
                      boolean passed,
                      @Schema(minimum = "0") int pageCount,
                      @Schema(minimum = "0") long fileSizeBytes) {
}
