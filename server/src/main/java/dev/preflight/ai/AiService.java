package dev.preflight.ai;

import dev.preflight.analysis.CheckNames;
import dev.preflight.billing.AiBudget;
import dev.preflight.findings.Finding;
import dev.preflight.jobs.JobDeleted;
import dev.preflight.jobs.JobReader;
import dev.preflight.jobs.JobView;
import dev.preflight.platform.NotFoundException;
import dev.preflight.platform.OutboundHttp;
import dev.preflight.tenancy.Caller;
import dev.preflight.viewer.ExplainAvailability;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Explanations of findings (cached per finding, within the tenant's monthly AI cost cap) and the provider's health;
 * every route 404 while no provider is configured.
 */
@Service
class AiService implements ExplainAvailability, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(AiService.class);

    static final String NOT_CONFIGURED = "AI features are not available on this server: no AI provider is configured "
            + "(PREFLIGHT_AI_BASE_URL, PREFLIGHT_AI_MODEL).";

    /** An explanation as the API returns it. */
    record Explained(String findingId, String explanation, String model, boolean cached, double costCents) {
    }

    /** A probe result. */
    record Probe(boolean up, String model, Instant checkedAt, @Nullable String detail) {
    }

    private final AiProperties properties;
    private final @Nullable AiProvider provider;
    private final JobReader jobs;
    private final CheckNames checks;
    private final AiBudget budget;
    private final AiRepository repository;
    private final Clock clock;
    private volatile @Nullable Probe lastProbe;

    AiService(AiProperties properties, JobReader jobs, CheckNames checks, AiBudget budget, AiRepository repository,
              Clock clock) {
        this.properties = properties;
        this.jobs = jobs;
        this.checks = checks;
        this.budget = budget;
        this.repository = repository;
        this.clock = clock;
        this.provider = properties.configured() ? provider(properties) : null;
    }

    private static AiProvider provider(AiProperties p) {
        if (p.trustHost()) {
            log.warn("PREFLIGHT_AI_TRUST_HOST=true: the AI provider at {} may be on a private network and use plain "
                    + "http; the destination guard no longer applies to it.", p.baseUrl());
        }
        if (p.inputCentsPerMillionTokens() == 0 && p.outputCentsPerMillionTokens() == 0) {
            log.warn("preflight.ai token prices are 0: AI calls cost nothing against the tenants' monthly AI cost cap.");
        }
        var http = new OutboundHttp(new OutboundHttp.Policy(p.trustHost(), p.trustHost()),
                OutboundHttp.trusting(p.trustStore(), p.trustStorePassword()), OutboundHttp.AddressResolver.system(),
                "Preflight-AI/1", p.timeout());
        return new ChatCompletionsProvider(http, p.baseUrl(), p.model(), p.apiKey(), p.timeout().toMillis());
    }

    boolean configured() {
        return provider != null;
    }

    /** The provider; 404 when none is configured. */
    AiProvider requireProvider() {
        if (provider == null) {
            throw new NotFoundException(NOT_CONFIGURED);
        }
        return provider;
    }

    @Override
    public boolean available(JobView job) {
        return provider != null && job.complete();
    }

    /**
     * Explains a finding of one of the caller's jobs. A cached explanation of the same prompt is returned without a
     * provider call and costs nothing (also once the cap is spent); otherwise the cap is checked (402), the provider
     * asked (502/503 on failure, nothing charged) and the call's cost charged.
     */
    Explained explain(Caller caller, String jobId, String findingId) {
        AiProvider ai = requireProvider();
        JobView job = jobs.require(caller.tenantId(), jobId);
        Finding finding = jobs.findings(job).stream().filter(f -> findingId.equals(f.findingId())).findFirst()
                .orElseThrow(() -> new NotFoundException("Finding " + findingId + " not found in job " + jobId + "."));
        List<AiProvider.Message> prompt = FindingPrompts.explain(finding, checks.describe(finding.inspectionId()));
        String fingerprint = FindingPrompts.fingerprint(ai.model(), prompt);
        var cached = repository.explanation(caller.tenantId(), findingId);
        if (cached.isPresent() && cached.get().fingerprint().equals(fingerprint)) {
            return new Explained(findingId, cached.get().explanation(), cached.get().model(), true, 0);
        }
        budget.requireAvailable(caller.tenantId(), caller.plan());
        AiProvider.Completion answer = ai.complete(prompt, properties.maxOutputTokens());
        long millicents = costMillicents(answer);
        budget.charge(caller.tenantId(), caller.plan(), millicents / 1000.0);
        repository.saveExplanation(caller.tenantId(), job.id(),
                new AiRepository.StoredExplanation(findingId, fingerprint, answer.text(), answer.model()), millicents,
                clock.instant());
        return new Explained(findingId, answer.text(), answer.model(), false, millicents / 1000.0);
    }

    /** What a completion cost, in thousandths of a cent (the precision the budget keeps). */
    long costMillicents(AiProvider.Completion c) {
        double cents = (c.promptTokens() * properties.inputCentsPerMillionTokens()
                + c.completionTokens() * properties.outputCentsPerMillionTokens()) / 1_000_000.0;
        return Math.round(cents * 1000);
    }

    /**
     * The provider's health, probed at most once per {@code preflight.ai.health-cache-ttl}; 404 when none. One probe
     * at a time: callers arriving while it runs get its result, so the public route cannot multiply provider calls.
     */
    synchronized Probe health() {
        AiProvider ai = requireProvider();
        Instant now = clock.instant();
        Probe last = lastProbe;
        if (last != null && !now.isBefore(last.checkedAt())
                && now.isBefore(last.checkedAt().plus(properties.healthCacheTtl()))) {
            return last;
        }
        Probe probe;
        try {
            ai.probe();
            probe = new Probe(true, ai.model(), now, null);
        } catch (AiProviderException e) {
            probe = new Probe(false, ai.model(), now, e.detail());
        }
        lastProbe = probe;
        return probe;
    }

    @EventListener
    void on(JobDeleted deleted) {
        repository.deleteForJob(deleted.tenantId(), deleted.jobId());
    }

    @Override
    public void destroy() {
        if (provider != null) {
            provider.close();
        }
    }
}
