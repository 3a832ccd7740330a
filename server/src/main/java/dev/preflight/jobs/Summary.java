package dev.preflight.jobs;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The counts of a job's findings (spec: Summary). {@code error} findings are blocking and make {@code passed}
 * false; {@code warning} and {@code advisory} findings are counted but do not affect it; {@code info} findings are
 * counted only in {@code total_findings}. {@code waived_count} counts the findings a reviewer waived or suppressed
 * (their latest non-revoked decision is {@code waive} or {@code suppress}): such a finding keeps its stored severity
 * and is still counted in its severity's count and in {@code passed}.
 */
@Schema(name = "Summary")
public record Summary(@Schema(minimum = "0") int totalFindings, @Schema(minimum = "0") int errorCount,
                      @Schema(minimum = "0") int warningCount, @Schema(minimum = "0") int advisoryCount,
                      @Schema(description = "false when any finding is an error, and for a failed or unfinished job")
                      boolean passed,
                      @Schema(minimum = "0") int pageCount,
                      @Schema(minimum = "0") long fileSizeBytes,
                      @Schema(minimum = "0", description = "findings whose latest non-revoked decision is waive or "
                              + "suppress; they keep their severity and stay counted above and in passed")
                      int waivedCount) {

    /** The same counts with the number of waived findings. */
    public Summary withWaivedCount(int waived) {
        return new Summary(totalFindings, errorCount, warningCount, advisoryCount, passed, pageCount, fileSizeBytes,
                waived);
    }
}
