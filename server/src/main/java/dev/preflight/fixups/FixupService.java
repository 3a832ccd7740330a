package dev.preflight.fixups;

import dev.preflight.findings.Finding;
import dev.preflight.jobs.FixupStep;
import dev.preflight.jobs.JobService;
import dev.preflight.jobs.JobStatus;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.PlanUpgradeRequiredException;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import dev.preflight.tenancy.TenancyService;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import java.util.List;

/** Fixing a completed job's file into a new job of the same tenant. */
@Service
class FixupService {

    private final EngineFixer fixer;
    private final JobService jobs;
    private final TenancyService tenancy;

    FixupService(EngineFixer fixer, JobService jobs, TenancyService tenancy) {
        this.fixer = fixer;
        this.jobs = jobs;
        this.tenancy = tenancy;
    }

    /**
     * Checks the request and queues the new job: 403 below Growth, 404 for a job the tenant does not own, 422 for a
     * body that names no fixup, an unknown one or a bad parameter (or auto with nothing to fix), 409 when the source
     * job is not completed or is an import.
     */
    JobService.SubmittedJob fix(Caller caller, String jobId, @Nullable List<FixupStep> fixups, @Nullable Boolean auto,
                                @Nullable String profileId) {
        caller.require(Permission.JOBS);
        JobView source = jobs.require(caller.tenantId(), jobId);
        if (!tenancy.allows(caller.plan(), "fixups")) {
            throw new PlanUpgradeRequiredException("Fixups are not part of the " + caller.plan().wire()
                    + " plan; they need the Growth plan or above.");
        }
        var v = Validator.body();
        boolean automatic = Boolean.TRUE.equals(auto);
        if (automatic && fixups != null) {
            v.add("fixups", "give either fixups or auto=true, not both", "value_error");
        } else if (!automatic && (fixups == null || fixups.isEmpty())) {
            v.add("fixups", "no fixups asked for: give at least one {fixup_id, params}, or auto=true to choose them "
                    + "from the job's findings", fixups == null ? "missing" : "too_short");
        }
        v.length("profile_id", profileId, 1, 128);
        v.throwIfInvalid();
        List<FixupStep> steps = List.of();
        if (!automatic) {
            try {
                steps = fixer.validate(fixups);
            } catch (IllegalArgumentException e) {
                v.add("fixups", e.getMessage(), "value_error").throwIfInvalid();
            }
        }
        if (source.status() != JobStatus.COMPLETED) {
            throw new ConflictException("Job " + jobId + " is " + jobs.wire(source.status())
                    + "; only a completed job's file can be fixed.");
        }
        if (source.preflightSource().equals("external")) {
            throw new ConflictException("Job " + jobId + " imported another tool's report (preflight_source "
                    + "external); its findings are not ours to resolve, so its file cannot be fixed.");
        }
        String profile = profileId == null ? source.profileId() : profileId;
        if (automatic && !profile.equals(source.profileId())) {
            // the source's findings are another profile's: the new job finds them under this one, then fixes them
            return jobs.submitFixedAutomatically(caller, source, profile);
        }
        if (automatic) {
            List<String> ids = jobs.findings(source).stream().map(Finding::inspectionId).distinct().toList();
            steps = fixer.plan(caller.tenantId(), profile, ids);
            if (steps.isEmpty()) {
                v.add("auto", ids.isEmpty() ? "job " + jobId + " has no findings: there is nothing to fix"
                                : "no fixup resolves any of job " + jobId + "'s findings (" + String.join(", ", ids)
                                + "); GET /api/v1/fixups says what each fixup resolves", "value_error")
                        .throwIfInvalid();
            }
        }
        return jobs.submitFixed(caller, source, profile, steps);
    }
}
