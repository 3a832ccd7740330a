package dev.preflight.billing;

/**
 * What a tenant's contract gives it: its plan's terms with the operator's per-tenant values on top.
 *
 * @param includedFiles     files per cycle before overage
 * @param overageEnabled    files past the allowance are accepted and billed (else refused with 402)
 * @param overageRateCents  price of one file past the allowance
 * @param aiMonthlyCapCents monthly AI cost cap
 * @param requestsPerMinute API requests per minute per API key
 */
public record BillingTerms(int includedFiles, boolean overageEnabled, int overageRateCents, long aiMonthlyCapCents,
                           int requestsPerMinute) {
}
