package dev.preflight.reports;

import dev.preflight.platform.IntegrationEvent;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * Published once per token, in the transaction of the sweep that deleted its file, when a report link passed its
 * {@code expires_at} (spec: {@code report.expired}). The public URL answers 410 from then on.
 */
public record ReportExpired(String tenantId, String jobId, String token, String format, @Nullable Instant expiresAt,
                            Instant expiredAt) implements IntegrationEvent {

    @Override
    public String eventType() {
        return "report.expired";
    }

    @Override
    public Payload payload() {
        return new Payload(jobId, token, format, expiredAt);
    }

    /** The fields of {@code report.expired}. */
    @Schema(name = "ReportExpiredEvent")
    public record Payload(@Schema(format = "uuid") String jobId, String token,
                          @Schema(allowableValues = {"json", "xml", "html", "pdf", "annotated_pdf",
                                  "annotated_pdf_markup"}) String format,
                          Instant expiredAt) {
    }
}
