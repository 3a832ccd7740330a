package dev.preflight.review;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import dev.preflight.jobs.JobCompleted;
import dev.preflight.jobs.JobDeleted;
import dev.preflight.jobs.JobFailed;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobStatus;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.ConflictException;
import dev.preflight.platform.ErrorBodies;
import dev.preflight.platform.ForbiddenException;
import dev.preflight.platform.JsonFields;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.RequestValidationException;
import dev.preflight.platform.Validator;
import dev.preflight.reports.ShareLink;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Approval chains: ordered steps, each approved or rejected by its approver (with an API key, or through a share
 * link whose identified visitor is that approver). Only the step in review can be decided. The first rejection
 * ends the chain; approving the last step approves it. A step with {@code timeout_hours} gets a db-scheduler task at
 * its deadline that times the chain out if the step is still undecided. Every change locks the chain row and
 * publishes its events in the same transaction; a terminal chain is never changed again.
 *
 * <p>One chain is in force per job, the newest. A new chain may be attached while none is in force or the newest
 * ended without approval (rejected, cancelled, timed out); the old one stays as it was. While a chain is pending or
 * in progress, or once one approved the job, attaching another answers 409. Each step decision is also recorded as
 * a job-level decision with source {@code approval_chain}.
 */
@Service
class ApprovalService {

    private static final Logger log = LoggerFactory.getLogger(ApprovalService.class);

    static final int MAX_STEPS = 20;
    static final int MAX_NAME = 128;
    static final int MAX_EMAIL = 128;
    static final int MAX_TIMEOUT_HOURS = 8760;
    static final int MAX_NOTES = Decision.MAX_NOTES;
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[A-Za-z0-9.-]{1,253}\\.[A-Za-z]{2,63}");

    private final ApprovalRepository repository;
    private final DecisionService decisions;
    private final JobReader jobs;
    private final SchedulerClient scheduler;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    ApprovalService(ApprovalRepository repository, DecisionService decisions, JobReader jobs,
                    @Lazy SchedulerClient scheduler, ApplicationEventPublisher events, Clock clock) {
        this.repository = repository;
        this.decisions = decisions;
        this.jobs = jobs;
        this.scheduler = scheduler;
        this.events = events;
        this.clock = clock;
    }

    /** Attaches a chain: it starts at once on a completed job, and when the job completes otherwise. */
    @Transactional
    ApprovalChain attach(Caller caller, UUID jobId, @Nullable JsonNode body) {
        caller.require(Permission.JOBS);
        List<ApprovalChain.Step> steps = parseSteps(body);
        JobView job = jobs.require(caller.tenantId(), jobId.toString());
        if (job.status() == JobStatus.FAILED) {
            throw new ConflictException("Job " + jobId + " failed; there is nothing to approve.");
        }
        var latest = repository.latest(job.tenantId(), job.id());
        if (latest.isPresent()) {
            var c = repository.lock(job.tenantId(), latest.get().id()).orElseThrow();
            if (!ApprovalChain.TERMINAL.contains(c.status())) {
                throw new ConflictException("Job " + jobId + " already has an approval chain " + c.status()
                        + "; cancel it before attaching another.");
            }
            if (c.status().equals("approved")) {
                throw new ConflictException("Job " + jobId + " was approved by its approval chain; an approved "
                        + "chain is final.");
            }
        }
        var row = new ApprovalRepository.ChainRow(UUID.randomUUID().toString(), job.tenantId(), job.id(), "pending",
                null, by(caller), now(), null);
        try {
            repository.insert(row, steps);
        } catch (DuplicateKeyException e) {
            throw new ConflictException("Job " + jobId + " already has an approval chain pending or in progress; "
                    + "cancel it before attaching another.");
        }
        if (job.complete()) {
            start(row, steps);
        }
        return view(job.tenantId(), row.id());
    }

    /** The job's chain in force (its newest); 404 when it never had one. */
    ApprovalChain current(Caller caller, UUID jobId) {
        return current(jobs.require(caller.tenantId(), jobId.toString()));
    }

    /** The chain in force on a share link's job. */
    ApprovalChain current(ShareLink link) {
        return current(jobs.find(link.tenantId(), link.jobId())
                .orElseThrow(() -> new NotFoundException("The job of this share link no longer exists.")));
    }

    /** The chain in force on a job, if it ever had one (for other review surfaces, such as the job state). */
    java.util.Optional<ApprovalChain> inForce(JobView job) {
        return repository.latest(job.tenantId(), job.id()).map(row -> view(job.tenantId(), row.id()));
    }

    private ApprovalChain current(JobView job) {
        var row = repository.latest(job.tenantId(), job.id())
                .orElseThrow(() -> new NotFoundException("Job " + job.id() + " has no approval chain."));
        return view(job.tenantId(), row.id());
    }

    /** What a step decision body asks for, validated. */
    record StepDecision(String decision, @Nullable String notes) {
    }

    static StepDecision parseDecision(@Nullable JsonNode body) {
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        String decision = f.string("decision", 1, 16);
        if (!f.hasValue("decision")) {
            v.add("decision", "Field required", "missing");
        } else {
            v.oneOf("decision", decision, List.of("approve", "reject"));
        }
        String notes = f.string("notes", 0, MAX_NOTES);
        v.throwIfInvalid();
        return new StepDecision(decision, notes == null || notes.isBlank() ? null : notes.strip());
    }

    /** An API-key holder decides the step at {@code stepIndex}; 409 unless it is the step in review. */
    @Transactional
    ApprovalChain decide(Caller caller, UUID jobId, int stepIndex, StepDecision d) {
        caller.require(Permission.JOBS);
        JobView job = jobs.require(caller.tenantId(), jobId.toString());
        var chain = lockLatest(job);
        return decide(job, chain, stepIndex, d, by(caller), "api", null);
    }

    /**
     * The approver of the step in review decides through a share link of the job: the visitor's identified email
     * must be that step's approver (403 otherwise).
     */
    @Transactional
    ApprovalChain decideShared(ShareLink link, StepDecision d) {
        JobView job = jobs.find(link.tenantId(), link.jobId())
                .orElseThrow(() -> new NotFoundException("The job of this share link no longer exists."));
        if (link.visitorEmail() == null) {
            throw new ForbiddenException("Identify as the approver first: POST your email to "
                    + "/api/v1/reports/tokens/{token}/visitor and send the returned visitor_token in the "
                    + "X-Visitor-Token header.");
        }
        var chain = lockLatest(job);
        if (!"in_progress".equals(chain.status()) || chain.currentStep() == null) {
            throw new ConflictException("The approval chain is " + chain.status() + "; no step is waiting for a "
                    + "decision.");
        }
        ApprovalChain.Step step = repository.steps(job.tenantId(), chain.id()).get(chain.currentStep());
        if (!step.approverEmail().equalsIgnoreCase(link.visitorEmail())) {
            throw new ForbiddenException("The step in review (" + step.stepName() + ") is not yours to decide.");
        }
        return decide(job, chain, chain.currentStep(), d, link.visitorEmail(), "share_link", step);
    }

    private ApprovalChain decide(JobView job, ApprovalRepository.ChainRow chain, int stepIndex, StepDecision d,
                                 String by, String via, ApprovalChain.@Nullable Step known) {
        String tenant = job.tenantId();
        List<ApprovalChain.Step> steps = repository.steps(tenant, chain.id());
        if (stepIndex < 0 || stepIndex >= steps.size()) {
            throw new NotFoundException("The approval chain has no step " + stepIndex + " (steps are numbered 0 to "
                    + (steps.size() - 1) + ").");
        }
        if (!"in_progress".equals(chain.status())) {
            throw new ConflictException("The approval chain is " + chain.status() + "; its steps cannot be decided.");
        }
        if (chain.currentStep() == null || chain.currentStep() != stepIndex) {
            throw new ConflictException("Step " + stepIndex + " is not in review; the step in review is "
                    + chain.currentStep() + ".");
        }
        ApprovalChain.Step step = known != null ? known : steps.get(stepIndex);
        Instant now = now();
        boolean approve = d.decision().equals("approve");
        repository.decideStep(tenant, chain.id(), stepIndex, approve ? "approved" : "rejected", now, d.decision(),
                d.notes(), by, via);
        cancelTimeout(chain.id(), stepIndex);
        decisions.record(tenant, job.id(), null, new DecisionService.Wanted(d.decision(),
                clip(step.approverEmail()), "approval_chain",
                clip("Approval step " + stepIndex + " (" + step.stepName() + ")"
                        + (d.notes() == null ? "" : ": " + d.notes()), MAX_NOTES)));
        events.publishEvent(new ApprovalEvents.StepDecided(tenant, job.id(), chain.id(), stepIndex, step.stepName(),
                step.approverEmail(), d.decision(), d.notes()));
        if (!approve) {
            repository.cancelOpenSteps(tenant, chain.id());
            repository.updateChain(tenant, chain.id(), "rejected", null, now);
            events.publishEvent(new ApprovalEvents.ChainRejected(tenant, job.id(), chain.id(), stepIndex,
                    step.stepName(), d.notes()));
        } else if (stepIndex == steps.size() - 1) {
            repository.updateChain(tenant, chain.id(), "approved", null, now);
            events.publishEvent(new ApprovalEvents.ChainCompleted(tenant, job.id(), chain.id()));
        } else {
            startStep(chain, steps.get(stepIndex + 1), now);
        }
        return view(tenant, chain.id());
    }

    /** Cancels the chain in force; 409 when it already ended. */
    @Transactional
    ApprovalChain cancel(Caller caller, UUID jobId) {
        caller.require(Permission.JOBS);
        JobView job = jobs.require(caller.tenantId(), jobId.toString());
        var chain = lockLatest(job);
        if (ApprovalChain.TERMINAL.contains(chain.status())) {
            throw new ConflictException("The approval chain is " + chain.status() + "; a decided chain cannot be "
                    + "cancelled.");
        }
        cancel(chain);
        return view(job.tenantId(), chain.id());
    }

    private void cancel(ApprovalRepository.ChainRow chain) {
        if (chain.currentStep() != null) {
            cancelTimeout(chain.id(), chain.currentStep());
        }
        repository.cancelOpenSteps(chain.tenantId(), chain.id());
        repository.updateChain(chain.tenantId(), chain.id(), "cancelled", null, now());
        events.publishEvent(new ApprovalEvents.ChainCancelled(chain.tenantId(), chain.jobId(), chain.id()));
    }

    /**
     * The timeout task of a step: times the chain out when the step is still in review and its deadline passed.
     * A task for a step decided since, or of a chain that ended, does nothing. Fired before the deadline (clocks of
     * nodes disagree), it fails so db-scheduler runs it again later.
     */
    @Transactional
    void expire(String tenantId, String chainId, int stepIndex) {
        var chain = repository.lock(tenantId, chainId).orElse(null);
        if (chain == null || !"in_progress".equals(chain.status()) || chain.currentStep() == null
                || chain.currentStep() != stepIndex) {
            return;
        }
        ApprovalChain.Step step = repository.steps(tenantId, chainId).get(stepIndex);
        Instant now = now();
        if (step.expiresAt() == null) {
            return;
        }
        if (now.isBefore(step.expiresAt())) {
            throw new IllegalStateException("Step " + stepIndex + " of approval chain " + chainId + " expires at "
                    + step.expiresAt() + ", not yet");
        }
        repository.decideStep(tenantId, chainId, stepIndex, "timed_out", now, null, null, null, null);
        repository.cancelOpenSteps(tenantId, chainId);
        repository.updateChain(tenantId, chainId, "timed_out", null, now);
        events.publishEvent(new ApprovalEvents.ChainTimedOut(tenantId, chain.jobId(), chainId, stepIndex,
                step.stepName(), step.approverEmail()));
    }

    /** A pending chain starts when its job completes (in the transaction that stores the outcome). */
    @EventListener
    void on(JobCompleted event) {
        for (var chain : repository.pending(event.tenantId(), event.jobId())) {
            start(chain, repository.steps(chain.tenantId(), chain.id()));
        }
    }

    /** A job that failed has nothing to approve: its pending chain is cancelled. */
    @EventListener
    void on(JobFailed event) {
        for (var chain : repository.pending(event.tenantId(), event.jobId())) {
            cancel(chain);
        }
    }

    /** A job's chains go with it. */
    @EventListener
    void on(JobDeleted event) {
        repository.deleteJob(event.tenantId(), event.jobId());
    }

    private void start(ApprovalRepository.ChainRow chain, List<ApprovalChain.Step> steps) {
        Instant now = now();
        events.publishEvent(new ApprovalEvents.ChainStarted(chain.tenantId(), chain.jobId(), chain.id(),
                steps.size()));
        startStep(chain, steps.get(0), now);
    }

    private void startStep(ApprovalRepository.ChainRow chain, ApprovalChain.Step step, Instant now) {
        Instant expires = step.timeoutHours() == null ? null : now.plus(Duration.ofHours(step.timeoutHours()));
        repository.startStep(chain.tenantId(), chain.id(), step.stepIndex(), now, expires);
        repository.updateChain(chain.tenantId(), chain.id(), "in_progress", step.stepIndex(), null);
        if (expires != null) {
            scheduler.scheduleIfNotExists(ApprovalTimeoutTask.TASK
                    .instance(ApprovalTimeoutTask.instanceId(chain.id(), step.stepIndex()))
                    .data(chain.tenantId()).scheduledTo(expires));
        }
        events.publishEvent(new ApprovalEvents.StepStarted(chain.tenantId(), chain.jobId(), chain.id(),
                step.stepIndex(), step.stepName(), step.approverEmail(), expires));
    }

    private void cancelTimeout(String chainId, int stepIndex) {
        try {
            scheduler.cancel(TaskInstanceId.of(ApprovalTimeoutTask.TASK.getTaskName(),
                    ApprovalTimeoutTask.instanceId(chainId, stepIndex)));
        } catch (RuntimeException e) {
            // No timeout for this step, or it is running right now: it finds the step decided and does nothing.
            log.debug("no timeout task to cancel for chain {} step {}: {}", chainId, stepIndex, e.getMessage());
        }
    }

    private ApprovalRepository.ChainRow lockLatest(JobView job) {
        var latest = repository.latest(job.tenantId(), job.id())
                .orElseThrow(() -> new NotFoundException("Job " + job.id() + " has no approval chain."));
        return repository.lock(job.tenantId(), latest.id()).orElseThrow();
    }

    private ApprovalChain view(String tenantId, String chainId) {
        var c = repository.find(tenantId, chainId).orElseThrow();
        return new ApprovalChain(c.id(), c.jobId(), c.status(), c.currentStep(), c.createdBy(), c.createdAt(),
                c.finishedAt(), repository.steps(tenantId, chainId));
    }

    /** Validates {@code {steps: [{step_name, approver_email, timeout_hours}]}}; 422 with each problem's location. */
    static List<ApprovalChain.Step> parseSteps(@Nullable JsonNode body) {
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        v.throwIfInvalid();
        JsonNode list = f.node("steps");
        var errors = new ArrayList<ErrorBodies.FieldError>();
        if (list == null || list.isNull()) {
            throw RequestValidationException.of("body", "steps", "Field required", "missing");
        }
        if (!list.isArray()) {
            throw RequestValidationException.of("body", "steps", "Input should be a valid list", "list_type");
        }
        if (list.isEmpty() || list.size() > MAX_STEPS) {
            throw RequestValidationException.of("body", "steps", "List should have 1 to " + MAX_STEPS + " steps",
                    list.isEmpty() ? "too_short" : "too_long");
        }
        var steps = new ArrayList<ApprovalChain.Step>();
        var names = new HashSet<String>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode s = list.get(i);
            if (!s.isObject()) {
                errors.add(error(i, null, "Input should be an object {step_name, approver_email, timeout_hours}",
                        "model_type"));
                continue;
            }
            var sv = Validator.body();
            var sf = JsonFields.of(s, sv);
            String name = sf.string("step_name", 1, MAX_NAME);
            String email = sf.string("approver_email", 3, MAX_EMAIL);
            Integer hours = sf.integer("timeout_hours", 1, MAX_TIMEOUT_HOURS);
            for (String field : List.of("step_name", "approver_email")) {
                if (!sf.hasValue(field)) {
                    sv.add(field, "Field required", "missing");
                }
            }
            for (var it = s.propertyNames().iterator(); it.hasNext(); ) {
                String extra = it.next();
                if (!List.of("step_name", "approver_email", "timeout_hours").contains(extra)) {
                    sv.add(extra, "Extra inputs are not permitted", "extra_forbidden");
                }
            }
            if (name != null && name.isBlank()) {
                sv.add("step_name", "String should not be blank", "value_error");
                name = null;
            }
            if (email != null && !EMAIL.matcher(email.strip()).matches()) {
                sv.add("approver_email", "Input should be one valid email address", "value_error");
                email = null;
            }
            if (name != null && !names.add(name.strip().toLowerCase(Locale.ROOT))) {
                sv.add("step_name", "Step names must be unique within a chain", "value_error");
            }
            if (!sv.ok()) {
                try {
                    sv.throwIfInvalid();
                } catch (RequestValidationException e) {
                    for (var fe : e.errors()) {
                        errors.add(error(i, (String) fe.loc().get(1), fe.msg(), fe.type()));
                    }
                }
                continue;
            }
            steps.add(new ApprovalChain.Step(i, name.strip(), email.strip().toLowerCase(Locale.ROOT), hours,
                    "pending", null, null, null, null, null, null, null));
        }
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
        return steps;
    }

    private static ErrorBodies.FieldError error(int index, @Nullable String field, String msg, String type) {
        List<Object> loc = field == null ? List.of("body", "steps", index) : List.of("body", "steps", index, field);
        return new ErrorBodies.FieldError(loc, msg, type);
    }

    /** Who acted with an API key: the key, or the self-hosted built-in user in auth mode none. */
    static String by(Caller caller) {
        return caller.keyId() == null ? "self-hosted" : "api_key:" + caller.keyId();
    }

    private static String clip(String s) {
        return clip(s, Decision.MAX_USER_ID);
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
