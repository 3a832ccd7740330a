package dev.preflight.analysis;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** The EPM candidacy verdict of a job (spec: EPM verdict), computed at ingest from the fired EPM findings. */
@Schema(name = "EpmVerdict")
public record EpmVerdict(
        @Schema(format = "uuid") String jobId,
        @Schema(allowableValues = {"pass", "pass_with_advisory", "marginal", "reject"}) String tier,
        @Schema(description = "finding codes that drive a marginal or reject tier") List<String> rejectionDrivers,
        @Schema(description = "Tier-C advisory finding codes") List<String> advisories,
        boolean recommendsSpecialSubstrate,
        @Schema(description = "legacy codes 001-018 that fired") List<String> legacyCodesFired,
        @Schema(minimum = "0") int epmFindingsCount) {

    static EpmVerdict of(String jobId, dev.preflight.engine.EpmVerdict v) {
        return new EpmVerdict(jobId, v.tier(), v.rejectionDrivers(), v.advisories(), v.recommendsSpecialSubstrate(),
                v.legacyCodesFired(), v.epmFindingsCount());
    }
}
