package dev.preflight.intake;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import dev.preflight.analysis.AnalysisService;
import dev.preflight.analysis.PreflightFailedException;
import dev.preflight.analysis.PreflightOutcome;
import dev.preflight.analysis.PreflightPipeline;
import dev.preflight.findings.Finding;
import dev.preflight.jobs.JobBodyChanges;
import dev.preflight.jobs.JobDeleted;
import dev.preflight.jobs.JobReanalysis;
import dev.preflight.jobs.JobResponseContributor;
import dev.preflight.jobs.JobService;
import dev.preflight.jobs.JobStatus;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ApiException;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.PlatformProperties;
import dev.preflight.platform.Times;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Audit reruns: a completed job's stored upload analysed again by the engine, under the job's profile or another,
 * in the background. The new findings replace the job's (through the jobs API); each one that reproduces a previous
 * finding keeps that finding's id, so decisions and explanations stay attached. The rerun keeps the replaced
 * findings as its audit record.
 *
 * <p>{@code audit.status} values: on the job's findings after a rerun, {@code confirmed} (it reproduces a finding
 * of the previous analysis) or {@code new} (the previous analysis did not report it); on the rerun's
 * {@code previous_findings}, {@code confirmed} (the rerun reproduced it) or {@code not_reproduced} (the rerun did
 * not report it: fixed by a profile change, or a finding the new profile does not check).
 */
@Service
class AuditRerunService implements JobResponseContributor {

    private static final Logger log = LoggerFactory.getLogger(AuditRerunService.class);

    static final String CONFIRMED = "confirmed";
    static final String NEW = "new";
    static final String NOT_REPRODUCED = "not_reproduced";
    private static final int MAX_ATTEMPTS = 3;

    /** The audit status and rationale a finding of the rerun gets. */
    private record Verdict(String status, String rationale) {
    }

    private final AuditRerunRepository repository;
    private final JobBodyChanges bodies;
    private final JobService jobs;
    private final AnalysisService analysis;
    private final PreflightPipeline pipeline;
    private final PlatformProperties platform;
    private final SchedulerClient scheduler;
    private final TransactionTemplate transaction;

    AuditRerunService(AuditRerunRepository repository, JobService jobs, AnalysisService analysis,
                      PreflightPipeline pipeline, PlatformProperties platform, @Lazy SchedulerClient scheduler,
                      PlatformTransactionManager transactions, JobBodyChanges bodies) {
        this.repository = repository;
        this.bodies = bodies;
        this.jobs = jobs;
        this.analysis = analysis;
        this.pipeline = pipeline;
        this.platform = platform;
        this.scheduler = scheduler;
        this.transaction = new TransactionTemplate(transactions);
    }

    /** Queues a rerun of a completed job under the given profile (the job's own when null). */
    AuditRerun request(Caller caller, UUID jobId, String profileId) {
        caller.require(Permission.JOBS);
        JobView job = jobs.require(caller.tenantId(), jobId.toString());
        String profile = PinnedFields.blankToNull(profileId);
        var v = Validator.body();
        v.length("profile_id", profile, 1, 128);
        v.throwIfInvalid();
        profile = profile == null ? job.profileId() : profile;
        analysis.requireProfile(caller.tenantId(), profile);
        if (!job.complete()) {
            throw new ConflictException("Job " + job.id() + " is " + jobs.wire(job.status())
                    + "; only a completed job can be audited again.");
        }
        if (repository.hasQueued(caller.tenantId(), job.id())) {
            throw new ConflictException("An audit rerun of job " + job.id() + " is already queued.");
        }
        var rerun = new AuditRerun(UUID.randomUUID().toString(), caller.tenantId(), job.id(), JobStatus.QUEUED,
                profile, job.profileId(), job.summary(), null, List.of(), 0, 0, 0, null, Times.now(), null);
        repository.insert(rerun);
        scheduler.scheduleIfNotExists(AuditRerunTask.TASK.instance(rerun.id()).data(rerun.tenantId())
                .scheduledTo(Instant.now()));
        return rerun;
    }

    AuditRerun get(Caller caller, UUID jobId, UUID auditId) {
        jobs.require(caller.tenantId(), jobId.toString());
        return repository.find(caller.tenantId(), auditId.toString()).filter(a -> a.jobId().equals(jobId.toString()))
                .orElseThrow(() -> new NotFoundException("Audit rerun " + auditId + " not found for job " + jobId + "."));
    }

    List<AuditRerun> list(Caller caller, UUID jobId) {
        jobs.require(caller.tenantId(), jobId.toString());
        return repository.list(caller.tenantId(), jobId.toString());
    }

    /** Waits up to {@code seconds} (capped by SVC_SYNC_MAX_WAIT_S) for the rerun to finish; returns its latest state. */
    AuditRerun await(AuditRerun rerun, double seconds) {
        long deadline = System.nanoTime() + (long) (Math.min(seconds, jobs.syncMaxWaitSeconds()) * 1_000_000_000L);
        AuditRerun current = rerun;
        while (!current.status().terminal() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(Math.max(1, Math.min(200, (deadline - System.nanoTime()) / 1_000_000L)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            current = repository.find(rerun.tenantId(), rerun.id()).orElse(current);
        }
        return current;
    }

    String wire(JobStatus status) {
        return jobs.wire(status);
    }

    /** Runs a queued rerun (the task's handler): idempotent, never throws for a bad file. */
    void run(String tenantId, String auditId) {
        int attempt = repository.startAttempt(tenantId, auditId);
        if (attempt == 0) {
            return;
        }
        AuditRerun rerun = repository.find(tenantId, auditId).orElse(null);
        if (rerun == null) {
            return;
        }
        if (attempt > MAX_ATTEMPTS) {
            repository.fail(tenantId, auditId, "The rerun was interrupted " + (attempt - 1) + " times; giving up.",
                    Times.now());
            return;
        }
        JobView job = jobs.find(tenantId, rerun.jobId()).orElse(null);
        if (job == null || !job.complete()) {
            repository.fail(tenantId, auditId, "The job is no longer completed (deleted or changed).", Times.now());
            return;
        }
        Path scratch = null;
        try {
            Files.createDirectories(platform.scratchDir());
            scratch = Files.createTempDirectory(platform.scratchDir(), "audit-" + auditId + "-");
            PreflightOutcome outcome = pipeline.run(jobs.engineRequest(job, rerun.profileId(), scratch));
            store(rerun, job, outcome);
        } catch (PreflightFailedException e) {
            repository.fail(tenantId, auditId, e.getMessage(), Times.now());
        } catch (ApiException e) {
            repository.fail(tenantId, auditId, e.detail(), Times.now());
        } catch (java.io.FileNotFoundException | java.nio.file.NoSuchFileException e) {
            repository.fail(tenantId, auditId, "The job's stored file is gone (the job was deleted).", Times.now());
        } catch (Exception | OutOfMemoryError | StackOverflowError e) {
            log.warn("audit rerun {} of job {} failed", auditId, rerun.jobId(), e);
            repository.fail(tenantId, auditId, "The audit rerun failed: " + (e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage()), Times.now());
        } finally {
            deleteQuietly(scratch);
        }
    }

    /** Replaces the job's findings and records the audit, in one transaction. */
    private void store(AuditRerun rerun, JobView job, PreflightOutcome outcome) {
        Instant at = Times.now();
        transaction.executeWithoutResult(status -> {
            List<Finding> previous = jobs.findings(job);
            List<Finding> fresh = outcome.findings();
            int[] match = FindingMatcher.match(previous, fresh);
            String profile = rerun.profileId();
            var current = new ArrayList<Finding>();
            var currentAudits = new ArrayList<Verdict>();
            var reproducedBy = new Finding[previous.size()];
            for (int i = 0; i < fresh.size(); i++) {
                Finding f = fresh.get(i);
                int p = match[i];
                if (p >= 0) {
                    Finding before = previous.get(p);
                    current.add(f.stored(before.findingId(), null));
                    reproducedBy[p] = f;
                    currentAudits.add(new Verdict(CONFIRMED, "Reproduced by the audit rerun under profile '" + profile
                            + "'" + severityNote(before, f) + "."));
                } else {
                    current.add(f);
                    currentAudits.add(new Verdict(NEW, "Found by the audit rerun under profile '" + profile
                            + "'; the previous analysis (profile '" + job.profileId() + "') did not report it."));
                }
            }
            var audited = new ArrayList<Finding>();
            for (int p = 0; p < previous.size(); p++) {
                Finding before = previous.get(p);
                Finding.Audit audit = reproducedBy[p] != null
                        ? new Finding.Audit(CONFIRMED, "Reproduced by the audit rerun under profile '" + profile + "'"
                        + severityNote(before, reproducedBy[p]) + ".", null, at)
                        : new Finding.Audit(NOT_REPRODUCED, "Not reported by the audit rerun under profile '"
                        + profile + "'.", null, at);
                audited.add(before.reviewed(audit, null));
            }
            JobView after = jobs.storeReanalysis(job.tenantId(), job.id(),
                    new JobReanalysis(profile, current, outcome.epmVerdict()));
            List<Finding> stored = jobs.findings(after);
            var findingAudits = new ArrayList<AuditRerunRepository.FindingAudit>();
            for (int i = 0; i < stored.size() && i < currentAudits.size(); i++) {
                findingAudits.add(new AuditRerunRepository.FindingAudit(stored.get(i).findingId(),
                        currentAudits.get(i).status(), currentAudits.get(i).rationale(), at));
            }
            repository.replaceFindingAudits(job.tenantId(), job.id(), rerun.id(), findingAudits);
            bodies.changed(job.tenantId(), job.id());
            int confirmed = (int) java.util.Arrays.stream(match).filter(m -> m >= 0).count();
            repository.complete(job.tenantId(), rerun.id(), job.profileId(), job.summary(), after.summary(), audited,
                    confirmed, previous.size() - confirmed, fresh.size() - confirmed, at);
        });
    }

    private static String severityNote(Finding before, Finding now) {
        return before.severity().equals(now.severity()) ? ""
                : " (severity was " + before.severity() + ", now " + now.severity() + ")";
    }

    /** Puts the latest rerun's audit on each finding of the job that has none from another source. */
    @Override
    public List<Finding> decorate(JobView job, List<Finding> findings) {
        Map<String, AuditRerunRepository.FindingAudit> audits = repository.findingAudits(job.tenantId(), job.id());
        if (audits.isEmpty()) {
            return findings;
        }
        return findings.stream().map(f -> {
            AuditRerunRepository.FindingAudit a = f.findingId() == null ? null : audits.get(f.findingId());
            return a == null || f.audit() != null ? f
                    : f.reviewed(new Finding.Audit(a.status(), a.rationale(), null, a.at()), f.effectiveDecision());
        }).toList();
    }

    /** The job's reruns and finding audits go with it. */
    @EventListener
    void on(JobDeleted event) {
        repository.deleteForJob(event.tenantId(), event.jobId());
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // scratch space
                }
            });
        } catch (IOException ignored) {
            // nothing to clean
        }
    }
}
