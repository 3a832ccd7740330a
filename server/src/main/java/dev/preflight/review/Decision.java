package dev.preflight.review;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/**
 * A decision on a job or on one of its findings (spec: Decision). Never deleted while its job exists: a revoke
 * stamps {@code revoked_at}, {@code revoked_by_user_id} and {@code revoked_reason} and sets {@code is_active} false.
 */
@Schema(name = "Decision")
record Decision(
        @Schema(format = "uuid") String id,
        @Schema(format = "uuid") String jobId,
        @Schema(format = "uuid", description = "the finding decided on; null for a job-level decision")
        @Nullable String findingId,
        @Schema(allowableValues = {"approve", "reject", "waive", "suppress", "annotate", "escalate"})
        String decisionType,
        @Schema(maxLength = Decision.MAX_USER_ID) @Nullable String decidedByUserId,
        @Schema(allowableValues = {"dashboard", "api", "plugin", "sdk", "share_link", "approval_chain", "desktop",
                "system", "migration"}) String source,
        Instant decidedAt,
        @Schema(description = "false once revoked") boolean isActive,
        @Nullable String notes,
        @Nullable Instant revokedAt,
        @Schema(maxLength = Decision.MAX_USER_ID) @Nullable String revokedByUserId,
        @Nullable String revokedReason) {

    static final int MAX_USER_ID = 128;
    static final int MAX_NOTES = 4000;

    static final List<String> TYPES = List.of("approve", "reject", "waive", "suppress", "annotate", "escalate");
    static final List<String> SOURCES = List.of("dashboard", "api", "plugin", "sdk", "share_link", "approval_chain",
            "desktop", "system", "migration");

    /** Decision types that accept a finding's risk without changing its severity (counted in waived_count). */
    static final List<String> WAIVING = List.of("waive", "suppress");

    boolean waives() {
        return isActive && WAIVING.contains(decisionType);
    }
}
