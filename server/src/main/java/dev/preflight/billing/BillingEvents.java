package dev.preflight.billing;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

/** The billing events (spec: Events, catalogue), published in the transaction of the usage change they report. */
public final class BillingEvents {

    private BillingEvents() {
    }

    /** The file pool dropped from above 10 % remaining to 10 % or below with this deduction (once per crossing). */
    public record FileQuotaLow(String tenantId, BillingCycle cycle, int includedFiles, int usedFiles)
            implements IntegrationEvent {
        @Override
        public String eventType() {
            return "billing.file_quota.low";
        }

        @Override
        public Payload payload() {
            return new Payload(cycle.start(), cycle.end(), includedFiles, usedFiles, Math.max(0, includedFiles - usedFiles));
        }

        /** The fields of {@code billing.file_quota.low}. */
        @Schema(name = "BillingFileQuotaLowEvent")
        public record Payload(@Schema(description = "first instant of the billing cycle") Instant cycleStart,
                              @Schema(description = "first instant of the next cycle") Instant cycleEnd,
                              @Schema(minimum = "0") int includedFiles,
                              @Schema(minimum = "0") int usedFiles,
                              @Schema(minimum = "0") int remainingFiles) {
        }
    }

    /** A submit was refused with 402: the pool is empty and overage is off (one event per refusal). */
    public record FileQuotaExhausted(String tenantId, BillingCycle cycle, int includedFiles, int usedFiles)
            implements IntegrationEvent {
        @Override
        public String eventType() {
            return "billing.file_quota.exhausted";
        }

        @Override
        public Payload payload() {
            return new Payload(cycle.start(), cycle.end(), includedFiles, usedFiles);
        }

        /** The fields of {@code billing.file_quota.exhausted}. */
        @Schema(name = "BillingFileQuotaExhaustedEvent")
        public record Payload(Instant cycleStart, Instant cycleEnd, @Schema(minimum = "0") int includedFiles,
                              @Schema(minimum = "0") int usedFiles) {
        }
    }

    /** AI spending crossed the 10 % remaining watermark of the monthly cap with this charge. */
    public record AiCreditsLow(String tenantId, BillingCycle cycle, long monthlyCapCents, long usedCents)
            implements IntegrationEvent {
        @Override
        public String eventType() {
            return "billing.ai_credits.low";
        }

        @Override
        public Payload payload() {
            return new Payload(cycle.start(), cycle.end(), monthlyCapCents, usedCents,
                    Math.max(0, monthlyCapCents - usedCents));
        }

        /** The fields of {@code billing.ai_credits.low}. */
        @Schema(name = "BillingAiCreditsLowEvent")
        public record Payload(Instant cycleStart, Instant cycleEnd, @Schema(minimum = "0") long monthlyCapCents,
                              @Schema(minimum = "0") long usedCents, @Schema(minimum = "0") long remainingCents) {
        }
    }

    /** AI spending reached the monthly cap with this charge: AI features pause until the next cycle. */
    public record AiCreditsExhausted(String tenantId, BillingCycle cycle, long monthlyCapCents, long usedCents)
            implements IntegrationEvent {
        @Override
        public String eventType() {
            return "billing.ai_credits.exhausted";
        }

        @Override
        public Payload payload() {
            return new Payload(cycle.start(), cycle.end(), monthlyCapCents, usedCents);
        }

        /** The fields of {@code billing.ai_credits.exhausted}. */
        @Schema(name = "BillingAiCreditsExhaustedEvent")
        public record Payload(Instant cycleStart, Instant cycleEnd, @Schema(minimum = "0") long monthlyCapCents,
                              @Schema(minimum = "0") long usedCents) {
        }
    }
}
