package dev.preflight.review;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.preflight.jobs.JobResponses;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * Everything about a job in one call (spec: {@code GET /api/v1/jobs/{job_id}/state}). A block that was not asked for
 * with {@code include} is absent; a block that was asked for is present, and {@code approval_chain} and
 * {@code verdict} are null when the job has none (no chain attached; a job that is queued or failed has no verdict).
 */
@Schema(name = "JobState")
record JobState(
        @Schema(description = "the job as GET /api/v1/jobs/{job_id} answers it; on the share-link twin without the "
                + "report links") JobResponses.JobBody job,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "the job's active share links, oldest first; absent unless included (never on the "
                + "share-link twin)") @Nullable List<Report> reports,
        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = NotIncluded.class)
        @Schema(description = "the approval chain in force; absent unless included, null when the job never had one")
        @Nullable Chain approvalChain,
        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = NotIncluded.class)
        @Schema(description = "absent unless included; null while the job is queued or when it failed")
        @Nullable Verdict verdict,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "absent unless included") @Nullable Annotations annotations) {

    /** One active share link of the job. */
    @Schema(name = "JobStateReport")
    record Report(@Schema(allowableValues = {"json", "xml", "html", "pdf", "annotated_pdf", "annotated_pdf_markup"})
                  String format,
                  @Schema(format = "uri") String url,
                  String token,
                  boolean allowAnnotations,
                  boolean requireVisitorEmail) {
    }

    /** The approval chain in force, reduced to its progress. */
    @Schema(name = "JobStateApprovalChain")
    record Chain(@Schema(allowableValues = {"pending", "in_progress", "approved", "rejected", "cancelled", "timed_out"})
                 String status,
                 @Schema(minimum = "0", description = "0-based index of the step in review; null unless in_progress")
                 @Nullable Integer currentStep,
                 @Schema(description = "every step the chain has reached, in order: decided, timed out, or in review")
                 List<Step> stepHistory) {

        static final Chain NOT_INCLUDED = new Chain("", null, List.of());
    }

    /** A step the chain has reached. */
    @Schema(name = "JobStateApprovalStep")
    record Step(String stepName,
                @Schema(format = "email") String approverEmail,
                @Schema(allowableValues = {"in_progress", "approved", "rejected", "cancelled", "timed_out"})
                String status,
                @Schema(allowableValues = {"approve", "reject"}, description = "null until decided")
                @Nullable String decision,
                @Nullable String notes) {
    }

    /** The verdict in force: the reviewer's, else the automatic one. */
    @Schema(name = "JobStateVerdict")
    record Verdict(@Schema(allowableValues = {"pass", "fail"}) String verdict,
                   @Schema(description = "the engine's own summary verdict (summary.passed)") boolean autoPassed,
                   @Nullable String notes) {

        static final Verdict NOT_INCLUDED = new Verdict("", false, null);
    }

    /** The job's annotations with their comment threads. */
    @Schema(name = "JobStateAnnotations")
    record Annotations(@Schema(minimum = "0") int total,
                       @Schema(description = "page number (as a string key) to how many annotations it has; pages "
                               + "without annotations are left out") Map<String, Integer> byPage,
                       @Schema(description = "by page, oldest first, each with its comments")
                       List<AnnotationBodies.Annotation> items) {
    }

    /** Leaves out a block that was not asked for (writes null for a block asked for that is empty). */
    static final class NotIncluded {

        @Override
        public boolean equals(Object value) {
            return value == Chain.NOT_INCLUDED || value == Verdict.NOT_INCLUDED;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }
}
