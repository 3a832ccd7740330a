package dev.preflight.jobs;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** Link blocks of the job body. */
public final class JobResponseLinks {

    private JobResponseLinks() {
    }

    /** URLs of minted pdf and html reports (spec: Job.reports); each null until one is minted. */
    @Schema(name = "ReportLinks")
    public record Reports(@Schema(format = "uri") @Nullable String pdf, @Schema(format = "uri") @Nullable String html) {

        public static final Reports NONE = new Reports(null, null);
    }
}
