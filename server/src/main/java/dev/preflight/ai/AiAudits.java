package dev.preflight.ai;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import dev.preflight.analysis.CheckNames;
import dev.preflight.billing.AiBudget;
import dev.preflight.findings.Finding;
import dev.preflight.jobs.AiPresets;
import dev.preflight.jobs.JobBodyChanges;
import dev.preflight.jobs.JobCompleted;
import dev.preflight.jobs.JobResponseContributor;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.Json;
import dev.preflight.tenancy.Plan;
import dev.preflight.tenancy.TenancyService;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * AI audits of findings: when AI is on for a job ({@link AuditScope}) and a provider is configured, each finding in
 * scope is judged by the model after the job completes; the audit shows on the finding as {@code audit} with status
 * {@code confirmed}, {@code disputed} or {@code uncertain}, the model's rationale, the model and the time. Each call is
 * charged to the tenant's monthly AI cost cap; once it is spent the remaining findings stay unaudited. An audit rerun's
 * audit of a finding (intake) takes the place of the AI audit on that finding.
 */
@Service
class AiAudits implements JobResponseContributor, AiPresets {

    private static final Logger log = LoggerFactory.getLogger(AiAudits.class);

    static final Set<String> STATUSES = Set.of("confirmed", "disputed", "uncertain");
    private static final int AUDIT_MAX_TOKENS = 300;
    private static final int MAX_RATIONALE = 1000;

    private final AiService ai;
    private final JobBodyChanges bodies;
    private final AiProperties properties;
    private final JobReader jobs;
    private final CheckNames checks;
    private final AiBudget budget;
    private final AiRepository repository;
    private final TenancyService tenancy;
    private final SchedulerClient scheduler;
    private final Clock clock;

    AiAudits(AiService ai, AiProperties properties, JobReader jobs, CheckNames checks, AiBudget budget,
             AiRepository repository, TenancyService tenancy, @Lazy SchedulerClient scheduler, Clock clock,
             JobBodyChanges bodies) {
        this.ai = ai;
        this.bodies = bodies;
        this.properties = properties;
        this.jobs = jobs;
        this.checks = checks;
        this.budget = budget;
        this.repository = repository;
        this.tenancy = tenancy;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    @Override
    public List<String> slugs() {
        return AuditScope.presetSlugs();
    }

    /** Queues the audit in the transaction that completes the job, when AI is on for it. */
    @EventListener
    void on(JobCompleted completed) {
        if (!ai.configured()) {
            return;
        }
        jobs.find(completed.tenantId(), completed.jobId())
                .filter(job -> AuditScope.of(job.options()).on())
                .ifPresent(job -> scheduler.scheduleIfNotExists(AiAuditTask.TASK.instance(job.id())
                        .data(job.tenantId()).scheduledTo(Instant.now())));
    }

    /** Audits the job's findings in scope that have no AI audit yet. */
    void audit(String tenantId, String jobId) {
        if (!ai.configured()) {
            return;
        }
        JobView job = jobs.find(tenantId, jobId).orElse(null);
        if (job == null || !job.complete()) {
            return;
        }
        AuditScope scope = AuditScope.of(job.options());
        if (!scope.on()) {
            return;
        }
        AiProvider provider = ai.requireProvider();
        Plan plan = tenancy.tenant(tenantId).plan();
        Map<String, AiRepository.StoredAudit> done = repository.audits(tenantId, jobId);
        List<Finding> inScope = jobs.findings(job).stream().filter(scope.covers())
                .limit(properties.auditMaxFindings())
                .filter(f -> f.findingId() != null && !done.containsKey(f.findingId()))
                .toList();
        for (Finding f : inScope) {
            if (budget.usage(tenantId, plan).exhausted()) {
                log.info("AI audit of job {} stopped: the monthly AI cost cap of tenant {} is spent", jobId, tenantId);
                return;
            }
            AiProvider.Completion answer = provider.complete(
                    FindingPrompts.audit(f, checks.describe(f.inspectionId())), AUDIT_MAX_TOKENS);
            budget.charge(tenantId, plan, ai.costMillicents(answer) / 1000.0);
            Verdict v = verdict(answer.text());
            if (v == null) {
                log.warn("AI audit of finding {} (job {}): the model's answer is not an audit verdict; left unaudited",
                        f.findingId(), jobId);
                continue;
            }
            repository.saveAudit(tenantId, jobId, new AiRepository.StoredAudit(f.findingId(), v.status(),
                    v.rationale(), answer.model(), clock.instant()));
            bodies.changed(tenantId, jobId);
        }
    }

    /** The status and rationale of the model's answer: one JSON object, possibly wrapped in prose or a code fence. */
    static @Nullable Verdict verdict(String text) {
        int open = text.indexOf('{');
        int close = text.lastIndexOf('}');
        if (open < 0 || close <= open) {
            return null;
        }
        try {
            JsonNode node = Json.mapper().readTree(text.substring(open, close + 1));
            String status = node.path("status").isString() ? node.path("status").asString().strip() : "";
            if (!STATUSES.contains(status)) {
                return null;
            }
            String rationale = node.path("rationale").isString() ? node.path("rationale").asString().strip() : null;
            if (rationale != null && rationale.length() > MAX_RATIONALE) {
                rationale = rationale.substring(0, MAX_RATIONALE) + "...";
            }
            return new Verdict(status, rationale == null || rationale.isEmpty() ? null : rationale);
        } catch (JacksonException e) {
            return null;
        }
    }

    record Verdict(String status, @Nullable String rationale) {
    }

    @Override
    public List<Finding> decorate(JobView job, List<Finding> findings) {
        Map<String, AiRepository.StoredAudit> audits = repository.audits(job.tenantId(), job.id());
        if (audits.isEmpty()) {
            return findings;
        }
        return findings.stream().map(f -> {
            AiRepository.StoredAudit a = f.findingId() == null ? null : audits.get(f.findingId());
            return a == null || f.audit() != null ? f
                    : f.reviewed(new Finding.Audit(a.status(), a.rationale(), a.model(), a.at()), f.effectiveDecision());
        }).toList();
    }
}
