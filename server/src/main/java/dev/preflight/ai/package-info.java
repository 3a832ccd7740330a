/**
 * AI: plain-language explanations of findings and AI audits of a job's findings, through one configured
 * chat-completions provider, within each tenant's monthly AI cost cap; the provider's health probe. Absent (404 on
 * every AI route) unless an operator configures a provider. Owns the explanation cache and the AI audits.
 */
@org.springframework.modulith.ApplicationModule(allowedDependencies = {"platform", "tenancy", "findings", "jobs",
        "analysis", "billing", "viewer"})
package dev.preflight.ai;
