package dev.preflight.billing;

import dev.preflight.tenancy.Plan;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Billing settings ({@code preflight.billing.*}).
 *
 * @param plans      per-plan terms ({@code preflight.billing.plans.<plan>.<term>}); a term left out keeps the
 *                   built-in default of {@link #DEFAULTS}
 * @param cycleZone  the time zone whose calendar months are the billing cycles (default UTC)
 * @param rateLimits false turns request rate limiting off altogether
 */
@ConfigurationProperties("preflight.billing")
public record BillingProperties(Map<String, PlanTerms> plans, String cycleZone, Boolean rateLimits) {

    /**
     * One plan's terms; any may be omitted.
     *
     * @param includedFiles     files per cycle included in the plan
     * @param overageEnabled    whether files past the allowance are accepted (and billed) or refused with 402
     * @param overageRateCents  the price of one file past the allowance, in cents
     * @param aiMonthlyCapCents the monthly AI cost cap, in cents
     * @param requestsPerMinute API requests per minute per API key
     */
    public record PlanTerms(Integer includedFiles, Boolean overageEnabled, Integer overageRateCents,
                            Long aiMonthlyCapCents, Integer requestsPerMinute) {
    }

    /** The built-in terms (docs/billing.md). */
    static final Map<Plan, BillingTerms> DEFAULTS = new EnumMap<>(Map.of(
            Plan.VIEWER, new BillingTerms(50, false, 0, 0, 60),
            Plan.STARTER, new BillingTerms(500, false, 0, 500, 120),
            Plan.GROWTH, new BillingTerms(2_000, true, 10, 2_000, 300),
            Plan.SCALE, new BillingTerms(10_000, true, 8, 10_000, 600),
            Plan.ENTERPRISE, new BillingTerms(50_000, true, 5, 50_000, 1_200)));

    public BillingProperties {
        plans = plans == null ? Map.of() : Map.copyOf(plans);
        cycleZone = cycleZone == null || cycleZone.isBlank() ? "UTC" : cycleZone.trim();
        ZoneId.of(cycleZone);
        rateLimits = rateLimits == null || rateLimits;
        for (String plan : plans.keySet()) {
            if (Plan.parse(plan.toLowerCase(Locale.ROOT)) == null) {
                throw new IllegalArgumentException("preflight.billing.plans." + plan + ": unknown plan (use "
                        + Plan.allowedValues() + ")");
            }
        }
    }

    ZoneId zone() {
        return ZoneId.of(cycleZone);
    }

    /** A plan's terms: the built-in defaults with the configured values on top. */
    BillingTerms terms(Plan plan) {
        BillingTerms d = DEFAULTS.get(plan);
        PlanTerms p = plans.get(plan.wire());
        if (p == null) {
            return d;
        }
        return new BillingTerms(p.includedFiles() != null ? p.includedFiles() : d.includedFiles(),
                p.overageEnabled() != null ? p.overageEnabled() : d.overageEnabled(),
                p.overageRateCents() != null ? p.overageRateCents() : d.overageRateCents(),
                p.aiMonthlyCapCents() != null ? p.aiMonthlyCapCents() : d.aiMonthlyCapCents(),
                p.requestsPerMinute() != null ? p.requestsPerMinute() : d.requestsPerMinute());
    }
}
