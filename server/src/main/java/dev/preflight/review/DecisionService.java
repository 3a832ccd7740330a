package dev.preflight.review;

import dev.preflight.findings.Finding;
import dev.preflight.jobs.JobBodyChanges;
import dev.preflight.jobs.JobDeleted;
import dev.preflight.jobs.JobResponseContributor;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.JsonFields;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.Validator;
import dev.preflight.tenancy.Caller;
import dev.preflight.tenancy.Permission;
import org.jspecify.annotations.Nullable;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Decisions on jobs and their findings (spec: Decision), and what they add to the job body: {@code decisions_count}
 * (the job's active decisions, job- and finding-level: what the default list shows), {@code effective_decision} on
 * each finding (its latest non-revoked decision) and the summary's {@code waived_count} (current findings whose
 * effective decision is {@code waive} or {@code suppress}; their stored severity never changes).
 */
@Service
class DecisionService implements JobResponseContributor {

    static final int DEFAULT_LIMIT = 200;
    static final int MAX_LIMIT = 1000;

    private final DecisionRepository repository;
    private final JobBodyChanges bodies;
    private final JobReader jobs;
    private final Clock clock;

    DecisionService(DecisionRepository repository, JobReader jobs, JobBodyChanges bodies, Clock clock) {
        this.repository = repository;
        this.bodies = bodies;
        this.jobs = jobs;
        this.clock = clock;
    }

    /** What a decision body asks for, validated. */
    record Wanted(String decisionType, @Nullable String decidedByUserId, String source, @Nullable String notes) {
    }

    static Wanted parse(@Nullable JsonNode body) {
        var v = Validator.body();
        var f = JsonFields.of(body, v);
        String type = f.string("decision_type", 1, 32);
        if (!f.hasValue("decision_type")) {
            v.add("decision_type", "Field required", "missing");
        } else {
            v.oneOf("decision_type", type, Decision.TYPES);
        }
        String by = blankToNull(f.string("decided_by_user_id", 0, Decision.MAX_USER_ID));
        String source = f.string("source", 1, 32);
        v.oneOf("source", source, Decision.SOURCES);
        String notes = blankToNull(f.string("notes", 0, Decision.MAX_NOTES));
        v.throwIfInvalid();
        return new Wanted(type, by, source == null ? "api" : source, notes);
    }

    /** Records a decision on the job (findingId null) or on one of its findings; 404 for an unknown finding. */
    @Transactional
    Decision decide(Caller caller, UUID jobId, @Nullable UUID findingId, Wanted wanted) {
        caller.require(Permission.JOBS);
        JobView job = jobs.require(caller.tenantId(), jobId.toString());
        String finding = null;
        if (findingId != null) {
            finding = findingId.toString();
            String wantedId = finding;
            if (jobs.findings(job).stream().noneMatch(f -> wantedId.equals(f.findingId()))) {
                throw new NotFoundException("Finding " + finding + " not found on job " + jobId + ".");
            }
        }
        return record(job.tenantId(), job.id(), finding, wanted);
    }

    /** Stores a decision as given (the approval chain records its outcomes here). */
    Decision record(String tenantId, String jobId, @Nullable String findingId, Wanted wanted) {
        var d = new Decision(UUID.randomUUID().toString(), jobId, findingId, wanted.decisionType(),
                wanted.decidedByUserId(), wanted.source(), now(), true, wanted.notes(), null, null, null);
        repository.insert(tenantId, d);
        bodies.changed(tenantId, jobId);
        return d;
    }

    /** The job's decisions, newest first, and how many match the filter (before the limit). */
    DecisionList list(Caller caller, UUID jobId, boolean includeRevoked, int limit) {
        JobView job = jobs.require(caller.tenantId(), jobId.toString());
        return new DecisionList(repository.ofJob(job.tenantId(), job.id(), includeRevoked, limit),
                repository.count(job.tenantId(), job.id(), includeRevoked));
    }

    /** Revokes a decision; re-revoking returns it unchanged. */
    @Transactional
    Decision revoke(Caller caller, UUID jobId, UUID decisionId, @Nullable JsonNode body) {
        caller.require(Permission.JOBS);
        var v = Validator.body();
        var f = JsonFields.of(body == null || body.isMissingNode() ? JsonNodeFactory.instance.objectNode() : body, v);
        String by = blankToNull(f.string("revoked_by_user_id", 0, Decision.MAX_USER_ID));
        String reason = blankToNull(f.string("revoked_reason", 0, Decision.MAX_NOTES));
        v.throwIfInvalid();
        JobView job = jobs.require(caller.tenantId(), jobId.toString());
        String id = decisionId.toString();
        repository.find(job.tenantId(), job.id(), id)
                .orElseThrow(() -> new NotFoundException("Decision " + id + " not found on job " + jobId + "."));
        repository.revoke(job.tenantId(), id, now(), by, reason);
        bodies.changed(job.tenantId(), job.id());
        return repository.find(job.tenantId(), job.id(), id).orElseThrow();
    }

    @Override
    public int decisionsCount(JobView job) {
        return repository.count(job.tenantId(), job.id(), false);
    }

    @Override
    public List<Finding> decorate(JobView job, List<Finding> findings) {
        return decorated(effective(repository.activeOnFindings(job.tenantId(), job.id())), findings);
    }

    @Override
    public int waivedCount(JobView job) {
        Map<String, Decision> effective = effective(repository.activeOnFindings(job.tenantId(), job.id()));
        // A decision may outlive its finding (an audit rerun that no longer reports it): count current findings only.
        return effective.values().stream().anyMatch(Decision::waives) ? waived(effective, jobs.findings(job)) : 0;
    }

    /** The three at once, from one read of the job's active decisions and the findings the body shows. */
    @Override
    public Contribution contribute(JobView job, List<Finding> findings) {
        List<Decision> active = repository.active(job.tenantId(), job.id());
        Map<String, Decision> effective = effective(active.stream().filter(d -> d.findingId() != null).toList());
        return new Contribution(decorated(effective, findings), active.size(), waived(effective, findings), null,
                true);
    }

    private static List<Finding> decorated(Map<String, Decision> effective, List<Finding> findings) {
        if (effective.isEmpty()) {
            return findings;
        }
        return findings.stream().map(f -> {
            Decision d = f.findingId() == null ? null : effective.get(f.findingId());
            return d == null ? f : f.reviewed(f.audit(),
                    new Finding.EffectiveDecision(d.decisionType(), d.decidedAt(), d.decidedByUserId()));
        }).toList();
    }

    /** How many of the findings have an effective decision that waives them. */
    private static int waived(Map<String, Decision> effective, List<Finding> findings) {
        Set<String> waived = new HashSet<>();
        effective.forEach((finding, d) -> {
            if (d.waives()) {
                waived.add(finding);
            }
        });
        if (waived.isEmpty()) {
            return 0;
        }
        return (int) findings.stream().filter(f -> waived.contains(f.findingId())).count();
    }

    /** The latest of each finding's decisions, given active finding-level decisions newest first. */
    private static Map<String, Decision> effective(List<Decision> activeOnFindings) {
        var out = new HashMap<String, Decision>();
        for (Decision d : activeOnFindings) {
            out.putIfAbsent(d.findingId(), d);
        }
        return out;
    }

    /** A job's decisions go with it. */
    @EventListener
    void on(JobDeleted event) {
        repository.deleteJob(event.tenantId(), event.jobId());
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static @Nullable String blankToNull(@Nullable String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** The list answer: {@code {decisions[], count}}. */
    @io.swagger.v3.oas.annotations.media.Schema(name = "DecisionList")
    record DecisionList(List<Decision> decisions,
                        @io.swagger.v3.oas.annotations.media.Schema(minimum = "0", description = "how many decisions "
                                + "match include_revoked, before limit") int count) {
    }
}
